import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** `/404`: where unknown paths land. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-center justify-center px-4">
      <Result
        status="404"
        title={t('shell:notFoundTitle')}
        subTitle={t('shell:notFoundText')}
        extra={
          <Link to="/">
            <Button type="primary">{t('shell:backHome')}</Button>
          </Link>
        }
      />
    </main>
  );
}
