import { DesktopOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { useLoginDevices, useRemoveDevice } from './user-api';

/** Signs this browser out locally: its session was just deleted on the server. */
function signOutHere(): void {
  const store = useAuthStore.getState();
  store.removeToken();
  void store.logout();
}

/** Devices signed in to the account, the current one marked; deleting one signs it out. */
export function DeviceList() {
  const { t, i18n } = useTranslation(['user', 'common']);
  const query = useLoginDevices();
  const remove = useRemoveDevice((device) => {
    if (device.current) signOutHere();
    else notify.success(t('common:success.delete'));
  });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('user:devices.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('user:retry')}</Button>}
      />
    );
  const rows = [...query.data.rows].sort((a, b) => Number(b.current) - Number(a.current));
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user:devices.empty')} />;

  return (
    <div className="flex flex-col gap-3 pt-2">
      <p className="m-0 text-sm text-white/50">{t('user:devices.note')}</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0" data-testid="device-list">
        {rows.map((device) => (
          <li
            key={device.id}
            data-testid="device-row"
            className="flex flex-col gap-3 rounded-lg border border-white/5 bg-white/[0.02] p-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              <DesktopOutlined className="mt-1 text-lg text-white/55" />
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium text-white/85">
                    {device.deviceName || t('user:devices.unknown')}
                  </span>
                  {device.current && (
                    <Tag color="purple" data-testid="current-device">
                      {t('user:devices.current')}
                    </Tag>
                  )}
                </div>
                <span className="text-xs text-white/55">
                  {t('user:devices.seen', {
                    ip: device.ip || '—',
                    last: when(device.lastSeenAt),
                    first: when(device.firstSeenAt),
                  })}
                </span>
              </div>
            </div>
            <Popconfirm
              title={device.current ? t('user:devices.confirmCurrent') : t('user:devices.confirm')}
              okText={t('user:devices.delete')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(device).catch(() => undefined)}
            >
              <Button
                danger
                className="self-start sm:self-center"
                loading={remove.isPending && remove.variables?.id === device.id}
              >
                {t('user:devices.delete')}
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
    </div>
  );
}
