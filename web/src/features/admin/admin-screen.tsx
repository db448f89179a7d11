import { Button, Menu, Result, Select, Space, Spin } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useIsMobile } from '../../components/use-is-mobile';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { sections as ownSections, type AdminSection } from './sections';

/**
 * `/admin/<section>`: the operator console, for the admin role only. A side menu of the
 * registered sections (a select on phones) and the chosen section, each its own lazy chunk.
 */
export default function AdminScreen({ extra = [] }: { extra?: AdminSection[] }) {
  const sections = [...ownSections, ...extra];
  const { t } = useTranslation();
  const ready = useLazyTexts();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { section = '' } = useParams();
  const signedIn = useAuthStore(isSignedIn);
  const role = useAuthStore((s) => s.userInfo?.role);
  if (!ready) return <Spin className="m-auto block p-10" />;
  if (!signedIn || role !== 'admin')
    return (
      <Result
        status="403"
        title={t('admin:denied.title')}
        subTitle={t('admin:denied.text')}
        extra={
          <Space>
            <Button type="primary" onClick={() => useAuthStore.getState().openLoginDialog()}>
              {t('shell:login')}
            </Button>
            <Link to="/">{t('admin:denied.home')}</Link>
          </Space>
        }
      />
    );
  const current = sections.find((s) => s.key === section);
  if (!current) return <Navigate to={`/admin/${sections[0]!.key}`} replace />;
  const Section = current.component;
  const items = sections.map((s) => ({
    key: s.key,
    icon: <s.icon />,
    label: t(s.labelKey),
  }));
  return (
    <div className="flex min-h-dvh flex-col bg-[#0f1115] text-white/90 md:flex-row">
      <nav className="shrink-0 border-white/10 md:w-56 md:border-r" aria-label={t('admin:title')}>
        <div className="flex items-center justify-between gap-2 p-4">
          <h1 className="m-0 text-lg font-semibold">{t('admin:title')}</h1>
          <Link to="/" className="text-sm">
            {t('admin:back')}
          </Link>
        </div>
        {mobile ? (
          <div className="px-4 pb-3">
            <Select
              className="w-full"
              value={current.key}
              onChange={(key) => void navigate(`/admin/${key}`)}
              options={sections.map((s) => ({ value: s.key, label: t(s.labelKey) }))}
            />
          </div>
        ) : (
          <Menu
            mode="inline"
            selectedKeys={[current.key]}
            items={items}
            onClick={({ key }) => void navigate(`/admin/${key}`)}
            style={{ background: 'transparent', borderInlineEnd: 0 }}
          />
        )}
      </nav>
      <main className="min-w-0 flex-1 p-3 md:p-6">
        <h2 className="mt-0 text-xl">{t(current.labelKey)}</h2>
        <Suspense fallback={<Spin />}>
          <Section />
        </Suspense>
      </main>
    </div>
  );
}
