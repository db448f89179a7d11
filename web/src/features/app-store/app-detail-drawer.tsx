import type { apps } from '@atelier/contracts';
import { CheckOutlined, LockOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { useTranslation } from 'react-i18next';
import { AppCover } from '../../components/app-cover';
import { useIsMobile } from '../../components/use-is-mobile';

export interface AppDetailDrawerProps {
  app: apps.App | null;
  categoryName: string | null;
  busy: boolean;
  onClose: () => void;
  onToggle: (app: apps.App) => void;
  onChat: (app: apps.App) => void;
}

/** An app's details: what it does, the prompt its chats get, the model it fixes. */
export function AppDetailDrawer({
  app,
  categoryName,
  busy,
  onClose,
  onToggle,
  onChat,
}: AppDetailDrawerProps) {
  const { t } = useTranslation('apps');
  const mobile = useIsMobile();
  return (
    <Drawer
      open={app !== null}
      onClose={onClose}
      placement={mobile ? 'bottom' : 'right'}
      {...(mobile ? { height: '85%' } : { width: 460 })}
      title={app?.name}
      destroyOnHidden
      footer={
        app && (
          <div className="flex gap-2 py-1">
            <Button
              size="large"
              className="flex-1"
              loading={busy}
              icon={app.collected ? <CheckOutlined /> : <PlusOutlined />}
              onClick={() => onToggle(app)}
            >
              {app.collected ? t('store.remove') : t('store.addTitle')}
            </Button>
            <Button
              size="large"
              type="primary"
              className="flex-1"
              icon={<MessageOutlined />}
              onClick={() => onChat(app)}
            >
              {t('startChat')}
            </Button>
          </div>
        )
      }
    >
      {app && (
        <div className="flex flex-col gap-5" data-testid="app-detail">
          <div className="flex items-center gap-4">
            <AppCover name={app.name} cover={app.cover} size={72} />
            <div className="flex min-w-0 flex-col gap-1">
              <span className="text-lg font-semibold text-white/90">{app.name}</span>
              {(categoryName || app.own) && (
                <span className="text-sm text-white/55">
                  {app.own ? t('store.own') : categoryName}
                </span>
              )}
            </div>
          </div>
          {app.description && <p className="m-0 leading-6 text-white/75">{app.description}</p>}
          <section className="flex flex-col gap-2">
            <h3 className="m-0 text-sm font-medium text-white/70">{t('store.prompt')}</h3>
            <p className="m-0 max-h-72 overflow-y-auto rounded-lg bg-white/[0.04] p-3 text-[13px] leading-6 whitespace-pre-wrap text-white/70">
              {app.systemPrompt}
            </p>
            <p className="m-0 flex items-start gap-2 text-xs leading-5 text-white/55">
              <LockOutlined className="mt-1" />
              {t('store.lockedHint')}
            </p>
          </section>
          <section className="flex flex-col gap-1">
            <h3 className="m-0 text-sm font-medium text-white/70">{t('store.model')}</h3>
            <span className="text-sm text-white/60">
              {app.modelName ? t('store.fixedModel', { name: app.modelName }) : t('store.anyModel')}
            </span>
          </section>
        </div>
      )}
    </Drawer>
  );
}
