import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from '../api/query-client';
import { onFirstToast } from '../lib/notify';

/** antd's message API, loaded with the first toast (`lib/notify`), not with the entry. */
const MessageBridge = lazy(() => import('./message-bridge'));

function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <MessageBridge />
    </Suspense>
  ) : null;
}

/**
 * The server-data cache and the toasts. antd's theme and texts are not here: each lazily loaded
 * unit that renders antd brings them with `Themed` (`./themed`), so the entry carries no antd.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastHost />
      {children}
    </QueryClientProvider>
  );
}
