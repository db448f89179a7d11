import type { apps } from '@atelier/contracts';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { AppTile } from '../../components/app-tile';
import { Glyph } from '../../components/glyph';
import { Button } from '../../components/lite/lite';

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
    <AppTile
      testId="app-card"
      appId={app.id}
      name={app.name}
      cover={app.cover}
      description={app.description}
      className="group min-h-40 transition-colors hover:border-white/15"
      onOpen={onOpen}
    >
      <div className="mt-auto flex items-center justify-end gap-2">
        <Button
          size="middle"
          type="text"
          loading={busy}
          icon={<Glyph icon={app.collected ? CheckOutlined : PlusOutlined} />}
          aria-pressed={app.collected}
          title={app.collected ? t('store.remove') : t('store.addTitle')}
          onClick={onToggle}
        >
          {app.collected ? t('store.added') : t('store.add')}
        </Button>
        <Button type="primary" ghost icon={<Glyph icon={MessageOutlined} />} onClick={onChat}>
          {t('startChat')}
        </Button>
      </div>
    </AppTile>
  );
}
