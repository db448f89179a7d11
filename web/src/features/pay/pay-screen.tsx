import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenIcon } from '../../components/screen-icon';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { orderQuery, useCanPurchase } from './pay-data';
import { PurchasePanel } from './purchase-panel';

/**
 * `/pay`: packages, pay way, the order's QR code or pay page with a countdown and live status.
 * A pay page sends the browser back to `/pay?orderNo=…`, which shows that order at once.
 */
export default function PayScreen() {
  const { t } = useTranslation(['pay', 'menu', 'screens']);
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo');
  const signedIn = useAuthStore(isSignedIn);
  const canPurchase = useCanPurchase();
  const returning = useQuery({
    ...orderQuery(orderNo ?? ''),
    enabled: !!orderNo && signedIn,
    retry: false,
  });

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90 sm:text-2xl">
            <ScreenIcon name="pay" />
            {t('menu:pay')}
          </h1>
          <p className="m-0 text-sm text-white/55">
            {canPurchase === false ? t('pay:sources.subtitle') : t('screens:pay')}
          </p>
        </div>
        {/* With nothing to buy, the panel itself leads to the code. */}
        {canPurchase !== false && (
          <Button
            size="large"
            className="max-[639px]:w-full"
            onClick={() => useDialogs.getState().open('redemption')}
          >
            {t('pay:dialogs.redeemCode')}
          </Button>
        )}
      </header>
      <div className="rounded-xl border border-white/5 bg-[#141419] p-4 sm:p-6">
        {orderNo && signedIn && returning.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : (
          <PurchasePanel initialOrder={returning.data ?? null} />
        )}
      </div>
    </section>
  );
}
