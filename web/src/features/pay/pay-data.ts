import { credits, payments, type BodyIn } from '@atelier/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/*
 * The calls of the credits screens (packages, pay ways, orders, redeem codes) with their keys.
 * Components add only how often to ask (polling, when enabled).
 */

/** Query keys of the credits screens; a paid order or a redeemed code calls `balanceChanged`, which invalidates `creditsKey` (stores/balance). */
export const payKeys = {
  packages: ['pay', 'packages'] as const,
  ways: ['pay', 'ways'] as const,
  order: (orderNo: string) => ['pay', 'order', orderNo] as const,
};

/** Packages on sale, by the server's order (sort, then price). */
export const usePackages = () =>
  useQuery({
    queryKey: payKeys.packages,
    queryFn: () => apiData(payments.listPackages, { query: { page: 1, size: 100 } }),
    staleTime: 30_000,
  });

/** Pay ways a configured gateway serves now. */
export const usePayWays = () =>
  useQuery({
    queryKey: payKeys.ways,
    queryFn: () => apiData(payments.payWays),
    staleTime: 30_000,
  });

/**
 * Whether packages can be bought here: the site config says a gateway takes orders and a pay
 * way is served. Undefined while the pay ways load. False on a fresh install (docs/payments.md).
 */
export function useCanPurchase(): boolean | undefined {
  const sources = useAuthStore((s) => s.creditSources);
  const ways = usePayWays();
  if (sources?.purchase === false) return false;
  if (!ways.data) return undefined;
  return ways.data.ways.length > 0;
}

/** An order's current state (the pay screen and the order view poll it while pending). */
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: payKeys.order(orderNo),
    queryFn: () => apiData(payments.getOrder, { query: { orderNo } }),
  });

/** Creates an order for a package paid with a pay way. */
export const createOrder = (body: BodyIn<typeof payments.createOrder>) =>
  apiData(payments.createOrder, { body });

/** Redeems a code; answers what it added and the new balance. */
export const redeemCode = (code: string) => apiData(credits.redeem, { body: { code } });
