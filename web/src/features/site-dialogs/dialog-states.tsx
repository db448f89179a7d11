import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';

/** The loading, empty and error states the site dialogs share. */
export function DialogLoading() {
  return <Skeleton active paragraph={{ rows: 4 }} title />;
}

export function DialogEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

export function DialogError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['dialogs']);
  return (
    <Result
      status="warning"
      title={t('dialogs:loadFailed')}
      extra={<Button onClick={onRetry}>{t('dialogs:retry')}</Button>}
    />
  );
}
