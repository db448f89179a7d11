import { ClockCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { payments } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth';
import { balanceChanged } from '../../stores/balance';
import {
  POLL_INTERVAL_MS,
  formatCountdown,
  formatPrice,
  orderPhase,
  remainingMs,
  shouldPoll,
} from './order-status';
import { orderQuery } from './pay-data';
import { usePayWayLabel } from './pay-way-picker';

/** The current time, ticking every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * One order being paid: its QR code (WeChat Pay / epay `codeUrl`) or pay page (`payUrl`), a
 * countdown to its expiry and its live status (asked every 2 s while it waits and shows).
 * Paid: the balance is refreshed once. Expired or failed: a new order can be started.
 */
export function OrderView({
  initial,
  onNewOrder,
  onDone,
}: {
  initial: payments.Order;
  onNewOrder: () => void;
  onDone?: () => void;
}) {
  const visible = usePageVisible();
  const status = useQuery({
    ...orderQuery(initial.orderNo),
    initialData: initial,
    refetchInterval: (query) => {
      const order = query.state.data ?? initial;
      return shouldPoll(order, Date.now(), visible) ? POLL_INTERVAL_MS : false;
    },
    refetchIntervalInBackground: false,
    retry: false,
  });
  const order = status.data;
  const waiting = order.status === 'pending';
  const now = useNow(waiting);
  const phase = orderPhase(order, now);

  // Paid: the balance changed (read again from the server), once.
  const credited = useRef(false);
  useEffect(() => {
    if (phase !== 'paid' || credited.current) return;
    credited.current = true;
    void balanceChanged();
  }, [phase]);

  if (phase === 'paid') return <OrderPaid order={order} onNewOrder={onNewOrder} onDone={onDone} />;
  if (phase === 'expired' || phase === 'failed')
    return <OrderEnded phase={phase} onNewOrder={onNewOrder} />;
  return <OrderWaiting order={order} now={now} onNewOrder={onNewOrder} />;
}

/** Paid: what the order added and the balance now. */
function OrderPaid({
  order,
  onNewOrder,
  onDone,
}: {
  order: payments.Order;
  onNewOrder: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation(['pay']);
  const balance = useAuthStore((s) => s.userBalance?.credits);
  return (
    <div data-testid="order-paid">
      <Result
        status="success"
        title={t('pay:order.paidTitle')}
        subTitle={
          <span>
            {t('pay:order.paidText', { credits: order.credits })}
            {order.vipDays > 0 && t('pay:order.paidVip', { days: order.vipDays })}
            {balance !== undefined && (
              <span className="mt-1 block">{t('pay:order.balance', { credits: balance })}</span>
            )}
          </span>
        }
        extra={[
          <Button key="again" onClick={onNewOrder}>
            {t('pay:order.back')}
          </Button>,
          onDone && (
            <Button key="done" type="primary" onClick={onDone}>
              {t('pay:order.done')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}

/** Expired or failed: a new order can be started. */
function OrderEnded({
  phase,
  onNewOrder,
}: {
  phase: 'expired' | 'failed';
  onNewOrder: () => void;
}) {
  const { t } = useTranslation(['pay']);
  return (
    <div data-testid={`order-${phase}`}>
      <Result
        status={phase === 'expired' ? 'warning' : 'error'}
        title={phase === 'expired' ? t('pay:order.expiredTitle') : t('pay:order.failedTitle')}
        subTitle={phase === 'expired' ? t('pay:order.expiredText') : t('pay:order.failedText')}
        extra={
          <Button type="primary" onClick={onNewOrder}>
            {t('pay:order.again')}
          </Button>
        }
      />
    </div>
  );
}

/** Waiting to be paid: the QR code or the pay page, the countdown and the order number. */
function OrderWaiting({
  order,
  now,
  onNewOrder,
}: {
  order: payments.Order;
  now: number;
  onNewOrder: () => void;
}) {
  const { t, i18n } = useTranslation(['pay']);
  const wayLabel = usePayWayLabel();
  const left = remainingMs(order.expiresAt, now);
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center" data-testid="order-waiting">
      <div className="flex flex-col gap-1">
        <span className="text-base font-medium text-white/90">{order.packageName}</span>
        <span className="text-2xl font-semibold tabular-nums text-white">
          {formatPrice(order.amountCents, order.currency, i18n.language)}
        </span>
      </div>
      {order.codeUrl ? (
        <>
          <div className="rounded-xl bg-white p-3">
            <QRCodeSVG value={order.codeUrl} size={184} aria-label={order.codeUrl} />
          </div>
          <span className="text-sm text-white/70">
            {t('pay:order.scan', { way: wayLabel(order.payWay) })}
          </span>
        </>
      ) : order.payUrl ? (
        <>
          <span className="text-sm text-white/70">{t('pay:order.openPage')}</span>
          <Button
            type="primary"
            size="large"
            href={order.payUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('pay:order.openButton')}
          </Button>
        </>
      ) : null}
      <div className="flex items-center gap-2 text-sm text-white/60" aria-live="polite">
        <ClockCircleOutlined />
        <span>{t('pay:order.countdown')}</span>
        <span className="font-mono tabular-nums text-white/85" data-testid="order-countdown">
          {formatCountdown(left)}
        </span>
      </div>
      <span className="flex items-center gap-2 text-xs text-white/55">
        <LoadingOutlined />
        {t('pay:order.waiting')}
      </span>
      <span className="text-xs text-white/55">
        {t('pay:order.number', { orderNo: order.orderNo })}
      </span>
      <Button type="link" onClick={onNewOrder}>
        {t('pay:order.back')}
      </Button>
    </div>
  );
}
