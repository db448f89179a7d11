import type { payments } from '@atelier/contracts';
import { useMutation } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { useShared } from '../../stores/shared';
import { formatPrice, initialPayWay } from './order-status';
import { OrderView } from './order-view';
import { PackageList } from './package-list';
import { NoPurchase } from './no-purchase';
import { createOrder, useCanPurchase, usePackages, usePayWays } from './pay-data';
import { PayWayPicker } from './pay-way-picker';

/**
 * Buying a package, from choice to paid: the packages on sale, the pay way, the order and its
 * QR code or pay page. The pay screen and the purchase dialogs are this one panel.
 */
export function PurchasePanel({
  onlyVip = false,
  emptyText,
  initialOrder = null,
  onDone,
  onRedeem = () => useDialogs.getState().open('redemption'),
  footer,
}: {
  /** Only packages that carry VIP days (the join-membership dialog). */
  onlyVip?: boolean;
  emptyText?: string;
  /** An order to show at once (the pay screen after returning from a pay page). */
  initialOrder?: payments.Order | null;
  onDone?: () => void;
  /** Leads to the redemption code (what is offered when nothing can be bought). */
  onRedeem?: () => void;
  /** Shown under the packages (not when nothing can be bought). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation(['pay']);
  const packages = usePackages();
  const ways = usePayWays();
  const canPurchase = useCanPurchase();
  const sources = useAuthStore((s) => s.creditSources);
  const [order, setOrder] = useState<payments.Order | null>(initialOrder);

  if (order) {
    return (
      <OrderView
        key={order.orderNo}
        initial={order}
        onNewOrder={() => setOrder(null)}
        onDone={onDone}
      />
    );
  }

  if (packages.isPending || ways.isPending) return <PanelLoading />;
  if (packages.isError || ways.isError)
    return (
      <PanelFailed
        onRetry={() => {
          void packages.refetch();
          void ways.refetch();
        }}
      />
    );

  // Nothing can be bought (no gateway): no packages, but how credits are obtained here.
  if (canPurchase === false) return <NoPurchase sources={sources} onRedeem={onRedeem} />;

  const list = packages.data.rows.filter((p) => p.onSale && (!onlyVip || p.vipDays > 0));
  if (list.length === 0)
    return (
      <>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={emptyText ?? t('pay:packages.empty')}
        />
        {footer}
      </>
    );

  return (
    <Checkout
      list={list}
      available={[...new Set(ways.data.ways.map((w) => w.payWay))]}
      footer={footer}
      onOrder={setOrder}
    />
  );
}

/** Placeholders of the packages and the pay ways while they load. */
function PanelLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton.Node key={i} active className="!h-28 !w-full" />
        ))}
      </div>
      <Skeleton active paragraph={{ rows: 1 }} />
    </div>
  );
}

/** The packages or the pay ways could not be read. */
function PanelFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['pay']);
  return (
    <Result
      status="warning"
      title={t('pay:loadFailed')}
      extra={<Button onClick={onRetry}>{t('pay:retry')}</Button>}
    />
  );
}

/** The packages on sale, the pay way and the button that creates the order. */
function Checkout({
  list,
  available,
  footer,
  onOrder,
}: {
  list: payments.PricePackage[];
  available: payments.PayWay[];
  footer?: ReactNode;
  onOrder: (order: payments.Order) => void;
}) {
  const { t, i18n } = useTranslation(['pay']);
  const signedIn = useAuthStore(isSignedIn);
  const preferred = useShared((s) => s.payWay);
  const [picked, setPicked] = useState<number | null>(null);
  const [way, setWay] = useState<payments.PayWay | null>(null);
  const create = useMutation({ mutationFn: createOrder, onSuccess: onOrder });
  const selected = list.find((p) => p.id === picked) ?? list[0]!;
  const currentWay = way && available.includes(way) ? way : initialPayWay(available, preferred);
  const chooseWay = (next: payments.PayWay) => {
    setWay(next);
    if (next === 'wechat' || next === 'alipay') useShared.getState().set({ payWay: next });
  };

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-3">
        <h2 className="m-0 text-sm font-medium text-white/70">{t('pay:packages.title')}</h2>
        <PackageList packages={list} selected={selected.id} onSelect={setPicked} />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="m-0 text-sm font-medium text-white/70">{t('pay:ways.title')}</h2>
        <PayWayPicker ways={available} value={currentWay ?? available[0]!} onChange={chooseWay} />
      </section>
      {!signedIn && <Alert type="info" showIcon message={t('pay:guest')} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {!signedIn ? (
          <Button
            type="primary"
            size="large"
            className="sm:min-w-48"
            onClick={() => useAuthStore.getState().openLoginDialog()}
          >
            {t('pay:signIn')}
          </Button>
        ) : (
          available.length > 0 &&
          currentWay && (
            <Button
              type="primary"
              size="large"
              className="sm:min-w-48"
              loading={create.isPending}
              onClick={() => create.mutate({ packageId: selected.id, payWay: currentWay })}
            >
              {create.isPending
                ? t('pay:creating')
                : t('pay:pay', {
                    price: formatPrice(selected.priceCents, selected.currency, i18n.language),
                  })}
            </Button>
          )
        )}
        {footer}
      </div>
    </div>
  );
}
