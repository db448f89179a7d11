import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '../lib/screens';

const query = `(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** True under 640 px: the mobile layout (docs/product.md §9 breakpoints). */
export const useIsMobile = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
