import { useEffect, useState } from 'react';
import { loadLazyNamespaces } from '../i18n';

/**
 * True once the lazy namespaces (`locales/<lang>/lazy.ts`) are loaded: a screen routed without
 * the router's `withTexts` renders its skeleton until then.
 */
export function useLazyTexts(): boolean {
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let alive = true;
    loadLazyNamespaces().then(
      () => alive && setReady(true),
      (error: unknown) => alive && setFailure(error),
    );
    return () => {
      alive = false;
    };
  }, []);
  // A chunk that failed to load goes to the route's error boundary (and on to /500).
  if (failure) throw failure;
  return ready;
}
