import type { apps } from '@atelier/contracts';
import { CheckOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { AppCover } from '../../components/app-cover';

export interface AppCardProps {
  app: apps.App;
  busy: boolean;
  onOpen: () => void;
  onToggle: () => void;
  onChat: () => void;
}

/** One app of the store: opens its details; adds it to (or removes it from) my apps; chats. */
export function AppCard({ app, busy, onOpen, onToggle, onChat }: AppCardProps) {
  const { t } = useTranslation('apps');
  return (
    <article
      data-testid="app-card"
      data-app-id={app.id}
      className="group flex min-h-40 flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-4 transition-colors hover:border-white/15"
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex cursor-pointer items-start gap-3 border-0 bg-transparent p-0 text-left"
      >
        <AppCover name={app.name} cover={app.cover} />
        <span className="flex min-w-0 flex-col gap-1">
          <span className="truncate text-[15px] font-medium text-white/90">{app.name}</span>
          <span className="line-clamp-2 text-[13px] leading-5 text-white/55">
            {app.description}
          </span>
        </span>
      </button>
      <div className="mt-auto flex items-center justify-end gap-2">
        <Button
          size="middle"
          type="text"
          loading={busy}
          icon={app.collected ? <CheckOutlined /> : <PlusOutlined />}
          aria-pressed={app.collected}
          title={app.collected ? t('store.remove') : t('store.addTitle')}
          onClick={onToggle}
        >
          {app.collected ? t('store.added') : t('store.add')}
        </Button>
        <Button type="primary" ghost icon={<MessageOutlined />} onClick={onChat}>
          {t('startChat')}
        </Button>
      </div>
    </article>
  );
}
