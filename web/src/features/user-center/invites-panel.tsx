import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/markdown/copy-text';
import { notify } from '../../lib/notify';
import { useInvites } from './user-api';

/**
 * My invite code and link, and the people who signed up with it. Each reward shows as pending
 * until that person first buys credits or spends more than they were given (so throwaway
 * accounts earn nothing), then paid; at most the operator's daily number is paid a day.
 */
export function InvitesPanel() {
  const { t, i18n } = useTranslation(['user', 'common']);
  const [page, setPage] = useState(1);
  const invites = useInvites(page);
  const data = invites.data;
  if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const link = data.inviteCode
    ? `${window.location.origin}/?Invitecode=${encodeURIComponent(data.inviteCode)}`
    : '';
  const copy = () =>
    copyText(link).then(
      () => notify.success(t('common:success.copied')),
      () => notify.error(t('user:invites.copyFailed')),
    );
  const when = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div className="flex flex-col gap-4" data-testid="invites-panel">
      <p className="m-0 text-sm text-white/70">
        {t('user:invites.how', { reward: data.reward, cap: data.dailyCap })}
      </p>
      {data.inviteCode && (
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded bg-white/5 px-2 py-1 text-white/85" data-testid="invite-code">
            {data.inviteCode}
          </code>
          <Button size="small" onClick={() => void copy()}>
            {t('user:invites.copyLink')}
          </Button>
        </div>
      )}
      <dl className="m-0 grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="flex flex-col gap-1 rounded-lg bg-white/[0.03] p-3">
          <dt className="text-xs text-white/50">{t('user:invites.pending')}</dt>
          <dd className="m-0 text-lg font-semibold tabular-nums" data-testid="invites-pending">
            {data.pendingCredits.toLocaleString(i18n.language)}
          </dd>
        </div>
        <div className="flex flex-col gap-1 rounded-lg bg-white/[0.03] p-3">
          <dt className="text-xs text-white/50">{t('user:invites.paid')}</dt>
          <dd className="m-0 text-lg font-semibold tabular-nums" data-testid="invites-paid">
            {data.paidCredits.toLocaleString(i18n.language)}
          </dd>
        </div>
      </dl>
      {data.rows.length === 0 ? (
        <Empty description={t('user:invites.none')} />
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {data.rows.map((row, i) => (
            <li
              key={`${row.createdAt}-${i}`}
              className="flex flex-wrap items-center gap-2 rounded-lg bg-white/[0.03] px-3 py-2 text-sm"
            >
              <span className="min-w-0 flex-1 truncate text-white/85">{row.name}</span>
              <span className="text-white/50">{when(row.createdAt)}</span>
              {row.status === 'paid' ? (
                <Tag color="green">{t('user:invites.paidTag', { amount: row.amount })}</Tag>
              ) : (
                <Tag title={t('user:invites.pendingHint')}>
                  {t('user:invites.pendingTag', { amount: row.amount })}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      )}
      {data.count > 10 && (
        <Pagination
          size="small"
          current={page}
          pageSize={10}
          total={data.count}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}
