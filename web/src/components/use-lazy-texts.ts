import { useEffect, useState } from 'react';
import { loadLazyNamespaces, type LazyNamespace } from '../i18n';

/**
 * True once the lazy namespaces (`locales/<lang>/lazy.ts`; `only`: these alone, a chunk each)
 * are loaded: a screen routed without the router's `withTexts` renders its skeleton until then.
 */
export function useLazyTexts(only?: readonly LazyNamespace[]): boolean {
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let alive = true;
    loadLazyNamespaces(only).then(
      () => alive && setReady(true),
      (error: unknown) => alive && setFailure(error),
    );
    return () => {
      alive = false;
    };
    // The list is a literal of the screen's: read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A chunk that failed to load goes to the route's error boundary (and on to /500).
  if (failure) throw failure;
  return ready;
}
