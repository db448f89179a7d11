import { useEffect, useRef, useSyncExternalStore, type ComponentType } from 'react';
import type * as AntdReal from './antd-real';

/*
 * When antd loads for the light stand-ins (`lite.tsx`): once, when the visitor first reaches
 * for one of them (a hover, a focus or a press), never on idle. Every stand-in then renders the
 * real component in its place, inside `Themed`.
 */

export type Real = typeof AntdReal;

let real: Real | null = null;
let loading: Promise<Real> | null = null;
const listeners = new Set<() => void>();

/**
 * Whether a pointer is pressed now. A stand-in swapped for the real component between a press
 * and its release would lose the click (the release lands on another element), so the swap
 * waits for the release: antd loads on the hover before a press, and may land during it.
 */
let pressed = false;
let swapWaiting = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => {
    pressed = false;
    // After the click this release makes (same task), not before it.
    if (swapWaiting) setTimeout(swap, 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

function swap(): void {
  swapWaiting = false;
  for (const listener of listeners) listener();
}

/** Loads antd (once); every stand-in renders the real component once it is there. */
export function wakeAntd(): Promise<Real> {
  loading ??= import('./antd-real').then(
    (m) => {
      real = m;
      if (pressed) {
        swapWaiting = true;
        // A release the page never saw (outside the window) holds it back no longer than this.
        setTimeout(() => swapWaiting && swap(), 2000);
      } else swap();
      return m;
    },
    (error: unknown) => {
      // A failed fetch (a network hiccup): the next reach for a control tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Back to before antd loaded (tests only: with `isolate: false` another test file may have
 * loaded it; a page never goes back).
 */
export function forgetAntdForTests(): void {
  real = null;
  loading = null;
  pressed = false;
  swapWaiting = false;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** antd's components once loaded, else null. */
export function useRealAntd(): Real | null {
  return useSyncExternalStore(subscribe, () => (swapWaiting ? null : real));
}

export const wake = () => void wakeAntd().catch((error: unknown) => console.warn('antd', error));

/** What wakes antd on a stand-in, and whether it had the focus when the real one replaced it. */
export function useWaking() {
  const focused = useRef(false);
  return {
    focused,
    handlers: {
      onPointerEnter: wake,
      onPointerDown: wake,
      onFocus: () => {
        focused.current = true;
        wake();
      },
      onBlur: () => {
        focused.current = false;
      },
    },
  };
}

/** A component with no light look: loads antd when it first shows, nothing until then. */
export function onDemand<P extends object>(pick: (antd: Real) => ComponentType<P>) {
  return function OnDemand(props: P) {
    const antd = useRealAntd();
    useEffect(() => {
      if (!antd) wake();
    }, [antd]);
    if (!antd) return null;
    const Component = pick(antd);
    return (
      <antd.Themed>
        <Component {...props} />
      </antd.Themed>
    );
  };
}
