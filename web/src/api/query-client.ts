import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one server-data cache. It lives in its own module so that shared actions outside
 * React (the balance-changed action) can invalidate queries without a hook.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
