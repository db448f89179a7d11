import type { UserBalance, UserInfo } from '@atelier/contracts';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useStorageUsage } from './user-api';
import { UserAvatar } from './user-avatar';

/** Who is signed in, their credits and VIP time (read-only: the credits screens come later). */
export function AccountSummary({
  userInfo,
  balance,
}: {
  userInfo: UserInfo;
  balance: UserBalance | null;
}) {
  const { t, i18n } = useTranslation(['user']);
  const name = userInfo.nickname || userInfo.username || '';
  const credits = balance?.credits ?? userInfo.userBalance.credits;
  const vipUntil = balance?.hh_vip_time ?? userInfo.userBalance.hh_vip_time;
  const vipActive = !!vipUntil && new Date(vipUntil).getTime() > Date.now();
  const storage = useStorageUsage().data;
  const mb = (bytes: number) =>
    (bytes / 1048576).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const vipText = vipUntil
    ? new Date(vipUntil).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : null;

  return (
    <section
      aria-label={t('user:summary.label')}
      className="flex flex-col gap-4 rounded-xl border border-white/5 bg-[#141419] p-4 sm:flex-row sm:items-center sm:p-6"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <UserAvatar src={userInfo.avatar} name={name} size={56} />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span
              className="truncate text-lg font-semibold text-white/90"
              data-testid="center-name"
            >
              {name}
            </span>
            {userInfo.role === 'admin' && <Tag color="purple">{t('user:summary.admin')}</Tag>}
          </div>
          <span className="truncate text-sm text-white/50">
            {userInfo.username}
            {userInfo.email ? ` · ${userInfo.email}` : ''}
          </span>
          {userInfo.sign && <span className="truncate text-sm text-white/60">{userInfo.sign}</span>}
        </div>
      </div>
      <dl className="m-0 grid grid-cols-2 gap-3 sm:flex sm:gap-6">
        <div className="flex flex-col gap-1 rounded-lg bg-white/[0.03] p-3 sm:min-w-28">
          <dt className="text-xs text-white/50">{t('user:summary.credits')}</dt>
          <dd
            className="m-0 text-lg font-semibold tabular-nums text-white/90"
            data-testid="center-credits"
          >
            {credits.toLocaleString(i18n.language)}
          </dd>
        </div>
        <div className="flex flex-col gap-1 rounded-lg bg-white/[0.03] p-3 sm:min-w-28">
          <dt className="text-xs text-white/50">{t('user:summary.vip')}</dt>
          <dd className="m-0 text-sm font-medium text-white/80">
            {vipText
              ? vipActive
                ? t('user:summary.vipUntil', { date: vipText })
                : t('user:summary.vipEnded', { date: vipText })
              : t('user:summary.vipNone')}
          </dd>
        </div>
        {typeof storage?.usedBytes === 'number' && (
          <div className="flex flex-col gap-1 rounded-lg bg-white/[0.03] p-3 sm:min-w-28">
            <dt className="text-xs text-white/50">{t('user:summary.storage')}</dt>
            <dd className="m-0 text-sm font-medium text-white/80" data-testid="center-storage">
              {storage.quotaBytes > 0
                ? t('user:summary.storageOf', {
                    used: mb(storage.usedBytes),
                    quota: mb(storage.quotaBytes),
                  })
                : t('user:summary.storageUsed', { used: mb(storage.usedBytes) })}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
