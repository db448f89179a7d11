import { useEffect, useState } from 'react';
import { loadLazyNamespaces, type LazyNamespace } from '../i18n';

/**
 * True once the lazy namespaces (`locales/<lang>/lazy.ts`) are loaded, all of them or the
 * `list` given (a screen's first page fetches only its own): a screen routed without the
 * router's `withTexts` renders its skeleton until then.
 */
export function useLazyTexts(list?: readonly LazyNamespace[]): boolean {
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let alive = true;
    loadLazyNamespaces(list).then(
      () => alive && setReady(true),
      (error: unknown) => alive && setFailure(error),
    );
    return () => {
      alive = false;
    };
    // The list is a constant of the screen's: loaded once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A chunk that failed to load goes to the route's error boundary (and on to /500).
  if (failure) throw failure;
  return ready;
}
