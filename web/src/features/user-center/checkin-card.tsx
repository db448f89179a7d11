import { CalendarOutlined, CheckOutlined, FireOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { balanceChanged } from '../../stores/balance';
import { monthGrid, weekdayNames } from './checkin-calendar';
import { useCheckin, useCheckinDays } from './user-api';

/**
 * Daily check-in: this month's calendar with the days checked in, the streak and the daily
 * reward, and the check-in button. A second check-in the same day (420) is a notice, not an error.
 */
export function CheckinCard() {
  const { t, i18n } = useTranslation(['user']);
  const display = useCheckinDays();
  const checkin = useCheckin((answer) => {
    if (!answer.success) {
      notify.info(answer.message || t('user:checkin.already'));
    } else {
      notify.success(t('user:checkin.success', { count: answer.data.credits }));
      void balanceChanged(answer.data.balance);
    }
  });

  if (display.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Skeleton.Node active className="!h-52 !w-full" />
      </div>
    );
  if (display.isError)
    return (
      <Result
        status="warning"
        title={t('user:checkin.loadFailed')}
        extra={<Button onClick={() => void display.refetch()}>{t('user:retry')}</Button>}
      />
    );

  const data = display.data;
  const checked = new Set(data.days);
  const weekdays = weekdayNames(i18n.language);
  const monthTitle = new Date(`${data.month}-01T00:00:00Z`).toLocaleDateString(i18n.language, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

  return (
    <section data-testid="checkin-card" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h3 className="m-0 flex items-center gap-2 text-base font-semibold text-white/90">
            <CalendarOutlined />
            {t('user:checkin.title')}
          </h3>
          <span className="text-sm text-white/55">
            {t('user:checkin.reward', { count: data.reward })}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <span className="flex items-center gap-1 text-sm text-amber-300/90" data-testid="streak">
            <FireOutlined />
            {t('user:checkin.streak', { count: data.streak })}
          </span>
          <Button
            type="primary"
            size="large"
            className="max-[639px]:flex-1"
            icon={data.checkedInToday ? <CheckOutlined /> : undefined}
            disabled={data.checkedInToday}
            loading={checkin.isPending}
            onClick={() => checkin.mutate()}
          >
            {data.checkedInToday ? t('user:checkin.done') : t('user:checkin.button')}
          </Button>
        </div>
      </div>
      <div className="rounded-lg bg-white/[0.03] p-3">
        <div className="mb-2 text-center text-sm font-medium text-white/75">{monthTitle}</div>
        <table className="w-full table-fixed border-collapse text-center" role="grid">
          <thead>
            <tr>
              {weekdays.map((name, i) => (
                <th key={i} scope="col" className="pb-1 text-xs font-normal text-white/55">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(data.month).map((week, w) => (
              <tr key={w}>
                {week.map((cell, d) => {
                  if (!cell.date) return <td key={d} />;
                  const done = checked.has(cell.date);
                  const today = cell.date === data.today;
                  return (
                    <td key={d} className="p-0.5">
                      <span
                        data-testid={done ? 'checked-day' : undefined}
                        aria-label={
                          done ? t('user:checkin.dayDone', { day: cell.day }) : String(cell.day)
                        }
                        aria-current={today ? 'date' : undefined}
                        className={`mx-auto flex h-9 w-9 items-center justify-center rounded-full text-sm tabular-nums ${
                          done
                            ? 'bg-[var(--accent)] font-semibold text-white'
                            : today
                              ? 'border border-[var(--accent)] text-white'
                              : cell.date > data.today
                                ? 'text-white/55'
                                : 'text-white/65'
                        }`}
                      >
                        {cell.day}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
