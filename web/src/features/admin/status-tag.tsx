import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TaskStatus } from '@atelier/contracts/full';

const statusColor: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
};

/** A task's status in words and colour. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const label =
    status === TaskStatus.queued
      ? t('admin:tasks.queued')
      : status === TaskStatus.running
        ? t('admin:tasks.running')
        : status === TaskStatus.succeeded
          ? t('admin:tasks.succeeded')
          : t('admin:tasks.failed');
  return <Tag color={statusColor[status]}>{label}</Tag>;
}
