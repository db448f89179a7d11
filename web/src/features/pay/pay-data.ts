import { payments } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/** Query keys of the pay screens (the credit queries' root is `creditsKey` in stores/balance). */
export const payKeys = {
  packages: ['pay', 'packages'] as const,
  ways: ['pay', 'ways'] as const,
  order: (orderNo: string) => ['pay', 'order', orderNo] as const,
};

/** Packages on sale, by the server's order (sort, then price). */
export const usePackages = () =>
  useQuery({
    queryKey: payKeys.packages,
    queryFn: () => apiData(payments.queryPrice, { query: { page: 1, size: 100 } }),
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
