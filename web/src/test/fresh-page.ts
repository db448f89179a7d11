import { vi } from 'vitest';

// The test files of a worker share one page (vitest.config.ts: `isolate: false`): the app's
// own modules are loaded afresh for each file, but the page is not. Each file therefore starts
// as on a new page: nothing stored (the persisted stores read it when they load), nothing left
// in the body, the language attribute unset, real timers. This file runs first, before the
// app's modules load.
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.replaceChildren();
document.documentElement.removeAttribute('lang');
document.documentElement.removeAttribute('class');
document.documentElement.removeAttribute('style');
window.history.replaceState(null, '', '/');
vi.useRealTimers();
