import { Button, Descriptions, Drawer, Popconfirm, Space, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { TaskStatus } from '@atelier/contracts/full';
import * as A from '@atelier/contracts/admin';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { StatusTag } from './status-tag';
import { when } from './when';

/** A task's timeline, with re-run (failed) and refund (charged, once). */
export function TaskDrawer({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminQuery(
    A.getTask,
    { id: taskId ?? 0 },
    { enabled: taskId !== null, refetchMs: 2000 },
  );
  const rerun = useAdminMutation(A.rerunTask);
  const refund = useAdminMutation(A.refundTask);
  const d = detail.data;
  const task = d?.task;
  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      width="min(640px, 100vw)"
      title={task ? `#${task.id} · ${task.kind}` : ''}
    >
      {task && (
        <div className="flex flex-col gap-4">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('admin:f.status')}>
              <StatusTag status={task.status} /> {task.progress}%
            </Descriptions.Item>
            <Descriptions.Item label={t('admin:users.userId')}>{task.userId}</Descriptions.Item>
            <Descriptions.Item label={t('admin:f.priceKey')}>
              {task.priceKey ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin:f.credits')}>{task.credits}</Descriptions.Item>
            {task.error && (
              <Descriptions.Item label={t('admin:tasks.error')}>{task.error}</Descriptions.Item>
            )}
          </Descriptions>
          <Space wrap>
            {task.status === TaskStatus.failed && (
              <Popconfirm
                title={t('admin:tasks.rerunConfirm')}
                okText={t('admin:form.confirm')}
                cancelText={t('admin:form.cancel')}
                onConfirm={() => rerun.mutate({ id: task.id })}
              >
                <Button type="primary" loading={rerun.isPending}>
                  {t('admin:tasks.rerun')}
                </Button>
              </Popconfirm>
            )}
            {task.status === TaskStatus.succeeded && task.credits > 0 && !task.refunded && (
              <Popconfirm
                title={t('admin:tasks.refundConfirm')}
                okText={t('admin:form.confirm')}
                cancelText={t('admin:form.cancel')}
                onConfirm={() => refund.mutate({ id: task.id })}
              >
                <Button loading={refund.isPending}>{t('admin:tasks.refund')}</Button>
              </Popconfirm>
            )}
            {task.refunded && <span>{t('admin:tasks.refunded')}</span>}
          </Space>
          <Timeline
            data-testid="task-timeline"
            items={(d?.events ?? []).map((e) => ({
              color: e.type === 'failed' ? 'red' : e.type === 'succeeded' ? 'green' : 'blue',
              children: (
                <div>
                  <strong>{e.type}</strong>{' '}
                  <span className="text-xs opacity-60">{when(e.createdAt)}</span>
                  {Object.keys(e.detail).length > 0 && (
                    <div className="break-all text-xs opacity-80">{JSON.stringify(e.detail)}</div>
                  )}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Drawer>
  );
}
