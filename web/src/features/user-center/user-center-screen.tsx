import { InvitesPanel } from './invites-panel';
import { useState, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { AccountSummary } from './account-summary';
import { AdvancedSettings } from './advanced-settings';
import { CreditsPanel } from './credits-panel';
import { DeviceList } from './device-list';
import { GeneralSettings } from './general-settings';
import { HelpLinks } from './help-links';
import { OwnEndpoints } from './own-endpoints';
import { PasswordForm } from './password-form';
import { WaysList } from './ways-list';
import { ProfileForm } from './profile-form';

type TabKey =
  | 'general'
  | 'advanced'
  | 'profile'
  | 'credits'
  | 'invites'
  | 'ways'
  | 'devices'
  | 'password'
  | 'endpoints';

interface TabEntry {
  key: TabKey;
  label: string;
  render: () => ReactNode;
}

/** Tab list: a column beside the content on wide screens, a full-width grid above it on phones. */
function TabbedPanel({
  tabs,
  active,
  onChange,
}: {
  tabs: TabEntry[];
  active: TabKey;
  onChange: (key: TabKey) => void;
}) {
  const current = tabs.find((tab) => tab.key === active) ?? tabs[0]!;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:gap-6">
      <div
        role="tablist"
        aria-orientation="vertical"
        className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:flex sm:w-44 sm:shrink-0 sm:flex-col sm:gap-1"
      >
        {tabs.map((tab) => {
          const selected = tab.key === current.key;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`center-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`center-panel-${tab.key}`}
              onClick={() => onChange(tab.key)}
              className={`min-h-10 cursor-pointer rounded-lg border px-3 text-left text-sm transition-colors ${
                selected
                  ? 'border-[var(--accent)]/40 bg-white/10 font-medium text-white'
                  : 'border-white/5 bg-transparent text-white/65 hover:bg-white/5 hover:text-white/85 sm:border-transparent'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`center-panel-${current.key}`}
        aria-labelledby={`center-tab-${current.key}`}
        className="min-w-0 flex-1 rounded-xl border border-white/5 bg-[#141419] px-4 py-3 sm:px-6 sm:py-4"
      >
        {current.render()}
      </div>
    </div>
  );
}

function GuestPrompt() {
  const { t } = useTranslation(['user']);
  const isGuest = useAuthStore((s) => !!s.userInfo && !isSignedIn(s));
  return (
    <section
      data-testid="guest-prompt"
      className="flex flex-col gap-4 rounded-xl border border-white/5 bg-[#141419] p-5 sm:flex-row sm:items-center sm:p-6"
    >
      <div className="flex flex-1 flex-col gap-1">
        <h2 className="m-0 text-lg font-semibold text-white/90">{t('user:guest.title')}</h2>
        <p className="m-0 text-sm leading-relaxed text-white/55">{t('user:guest.text')}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="primary"
          size="large"
          onClick={() => useAuthStore.getState().openLoginDialog()}
        >
          {t('user:guest.signIn')}
        </Button>
        {isGuest && (
          <Button size="large" onClick={() => useDialogs.getState().open('bindUsername')}>
            {t('user:guest.bind')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** `/user-center` and `/user`: profile, credits (check-in, logs), settings, devices, password. */
export default function UserCenterScreen() {
  const { t } = useTranslation(['user']);
  const token = useAuthStore((s) => s.token);
  const userInfo = useAuthStore((s) => s.userInfo);
  const balance = useAuthStore((s) => s.userBalance);
  const signedIn = useAuthStore(isSignedIn);
  const [tab, setTab] = useState<TabKey>('profile');
  const info = useQuery({
    queryKey: ['auth', 'info', token],
    queryFn: () => useAuthStore.getState().refreshUserInfo(),
    enabled: !!token,
  });

  const general: TabEntry = {
    key: 'general',
    label: t('user:tabs.general'),
    render: () => <GeneralSettings />,
  };
  const advanced: TabEntry = {
    key: 'advanced',
    label: t('user:tabs.advanced'),
    render: () => <AdvancedSettings isAdmin={userInfo?.role === 'admin'} />,
  };

  let body: ReactNode;
  if (token && !userInfo && info.isPending) {
    body = (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton.Node active className="!h-24 !w-full" />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (token && !userInfo && info.isError) {
    body = (
      <Result
        status="warning"
        title={t('user:loadFailed')}
        extra={<Button onClick={() => void info.refetch()}>{t('user:retry')}</Button>}
      />
    );
  } else if (!signedIn || !userInfo) {
    body = (
      <>
        <GuestPrompt />
        <TabbedPanel
          tabs={[general, advanced]}
          active={tab === 'advanced' ? 'advanced' : 'general'}
          onChange={setTab}
        />
      </>
    );
  } else {
    const tabs: TabEntry[] = [
      {
        key: 'profile',
        label: t('user:tabs.profile'),
        render: () => <ProfileForm key={userInfo.id} userInfo={userInfo} />,
      },
      { key: 'credits', label: t('user:tabs.credits'), render: () => <CreditsPanel /> },
      { key: 'invites', label: t('user:tabs.invites'), render: () => <InvitesPanel /> },
      general,
      advanced,
      { key: 'ways', label: t('user:tabs.ways'), render: () => <WaysList /> },
      { key: 'devices', label: t('user:tabs.devices'), render: () => <DeviceList /> },
      { key: 'password', label: t('user:tabs.password'), render: () => <PasswordForm /> },
      { key: 'endpoints', label: t('user:tabs.endpoints'), render: () => <OwnEndpoints /> },
    ];
    body = (
      <>
        <AccountSummary userInfo={userInfo} balance={balance} />
        <TabbedPanel tabs={tabs} active={tab} onChange={setTab} />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-8">
      <h1 className="m-0 text-xl font-semibold text-white/90 sm:text-2xl">{t('user:title')}</h1>
      {body}
      <HelpLinks />
    </div>
  );
}
