import { DeleteOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../components/use-is-mobile';
import { texts } from '../../lib/texts';
import { useMindHistory, type MindMapRecord } from './mind-history';
import { extractOutline, parseOutline, plainText } from './outline';

/** Recent maps kept in this browser: open one again, delete one, or clear them all. */
export function MindHistoryDrawer({
  open,
  onClose,
  onOpen,
}: {
  open: boolean;
  onClose: () => void;
  onOpen: (record: MindMapRecord) => void;
}) {
  const { t, i18n } = useTranslation(['mind']);
  const mobile = useIsMobile();
  const maps = useMindHistory((s) => s.maps);
  const dates = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('mind:history.title')}
      placement={mobile ? 'bottom' : 'right'}
      height={mobile ? '80dvh' : undefined}
      width={mobile ? undefined : 380}
      extra={
        <Popconfirm
          title={t(texts.confirm.clearHistory)}
          okText={t('mind:history.clear')}
          cancelText={t('mind:history.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => useMindHistory.getState().clear()}
        >
          <Button size="small" danger disabled={maps.length === 0}>
            {t('mind:history.clear')}
          </Button>
        </Popconfirm>
      }
    >
      {maps.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mind:history.empty')} />
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {maps.map((record) => {
            const title =
              plainText(parseOutline(extractOutline(record.outline), record.prompt).text) ||
              record.prompt;
            return (
              <li
                key={record.id}
                className="flex items-center gap-2 rounded-lg border border-white/5 bg-white/[0.03] p-2"
              >
                <button
                  type="button"
                  className="flex min-w-0 flex-1 cursor-pointer flex-col gap-0.5 rounded border-0 bg-transparent p-1 text-left text-inherit hover:bg-white/[0.04] focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
                  onClick={() => onOpen(record)}
                >
                  <span className="truncate text-sm text-white/90">{title}</span>
                  <span className="truncate text-xs text-white/55">
                    {dates.format(record.createdAt)}
                    {record.prompt !== title ? ` · ${record.prompt}` : ''}
                  </span>
                </button>
                <Popconfirm
                  title={t('mind:history.deleteConfirm')}
                  okText={t('mind:history.delete')}
                  cancelText={t('mind:history.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => useMindHistory.getState().remove(record.id)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('mind:history.deleteNamed', { title })}
                  />
                </Popconfirm>
              </li>
            );
          })}
        </ul>
      )}
    </Drawer>
  );
}
