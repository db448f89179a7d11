import type { credits } from '@atelier/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../components/use-is-mobile';
import { useShared } from '../../stores/shared';
import { spentOnText } from './spent-on';
import { useCreditLog, type CreditLog } from './user-api';

type Log = CreditLog;

/** The label of each ledger kind, one literal key each. */
const kindKeys: Record<credits.LedgerEntry['kind'], string> = {
  register_gift: 'user:ledger.kind.register_gift',
  guest_trial: 'user:ledger.kind.guest_trial',
  invite_reward: 'user:ledger.kind.invite_reward',
  purchase: 'user:ledger.kind.purchase',
  redeem: 'user:ledger.kind.redeem',
  checkin: 'user:ledger.kind.checkin',
  charge: 'user:ledger.kind.charge',
  refund: 'user:ledger.kind.refund',
  admin_adjust: 'user:ledger.kind.admin_adjust',
  hold: 'user:ledger.kind.hold',
  release: 'user:ledger.kind.release',
  guest_transfer: 'user:ledger.kind.guest_transfer',
};

/** A charge says what it paid for; other rows (and refunds of something) say their kind. */
function titleOf(row: credits.HistoryEntry, t: TFunction): string {
  const kind = t(kindKeys[row.kind]);
  const what = spentOnText(row.spentOn, t);
  if (!what) return kind;
  return row.kind === 'charge' ? what : `${kind} · ${what}`;
}

function LogList({ log }: { log: Log }) {
  const { t, i18n } = useTranslation(['user']);
  const size = useShared((s) => s.pageSize);
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const query = useCreditLog(log, page, size);

  if (query.isPending)
    return (
      <div aria-busy="true" data-testid="log-loading">
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      </div>
    );
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('user:ledger.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('user:retry')}</Button>}
      />
    );
  const { rows, count } = query.data;
  if (count === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          log === 'recharge' ? t('user:ledger.emptyRecharge') : t('user:ledger.emptyUsage')
        }
      />
    );

  return (
    <div className="flex flex-col gap-3">
      <ul className="m-0 flex list-none flex-col p-0" data-testid={`log-${log}`}>
        {rows.map((row) => (
          <li
            key={row.id}
            className="flex min-h-12 items-center justify-between gap-3 border-b border-white/5 py-2 last:border-b-0"
          >
            <div className="flex min-w-0 flex-col">
              <span className="truncate text-sm text-white/85" data-testid="log-title">
                {titleOf(row, t)}
              </span>
              <span className="truncate text-xs text-white/55">
                {new Date(row.createdAt).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
                {row.vipDays > 0 && ` · ${t('user:ledger.vipDays', { count: row.vipDays })}`}
                {row.fromGuest && ` · ${t('user:ledger.fromGuest')}`}
              </span>
            </div>
            <div className="flex shrink-0 flex-col items-end">
              <span
                className={`text-sm font-semibold tabular-nums ${row.amount >= 0 ? 'text-emerald-400' : 'text-rose-400'}`}
              >
                {row.amount > 0 ? `+${row.amount}` : row.amount}
              </span>
              <span className="text-xs text-white/55 tabular-nums">
                {row.fromGuest
                  ? t('user:ledger.afterGuest', { credits: row.balanceAfter })
                  : t('user:ledger.after', { credits: row.balanceAfter })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {count > size && (
        <Pagination
          className="self-center"
          current={page}
          pageSize={size}
          total={count}
          simple={mobile}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </div>
  );
}

/** Credits received (gifts, check-ins, invites, refunds, purchases, codes) and usage log, paged. */
export function CreditLogs() {
  const { t } = useTranslation(['user']);
  const [log, setLog] = useState<Log>('recharge');
  return (
    <section className="flex flex-col gap-3">
      <Segmented<Log>
        block
        size="large"
        value={log}
        onChange={setLog}
        options={[
          { value: 'recharge', label: t('user:ledger.recharge') },
          { value: 'usage', label: t('user:ledger.usage') },
        ]}
      />
      <LogList key={log} log={log} />
    </section>
  );
}
