import { drawing } from '@atelier/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readPrefill } from '../../lib/prefill';
import { useComposer, type RefTarget } from './mj-store';

const refKeys: RefTarget[] = ['imageUrls', 'crefUrls', 'srefUrls'];

/**
 * Draw the same / the market's "use" (lib/prefill.ts): a Midjourney prefill in the location's
 * state fills the composer once — model, prompt, every flag, and the reference pictures — and
 * the state is cleared so a reload or going back does not fill it again.
 */
export function usePrefill(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const p = readPrefill(location.state);
    if (!p || p.kind !== 'mj') return;
    const store = useComposer.getState();
    store.setPrompt(p.prompt);
    if (p.modelId !== undefined) store.setModel(p.modelId);
    const parsed = drawing.mjParams.safeParse(p.params);
    const params = parsed.success ? parsed.data : {};
    const { imageUrls: _i, crefUrls: _c, srefUrls: _s, ...flags } = params;
    store.replaceParams(flags);
    store.clearRefs();
    for (const key of refKeys)
      for (const url of params[key] ?? []) store.addRef(key, { url, thumbUrl: url });
    void navigate(location.pathname + location.search, { replace: true, state: null });
    // Once, on arrival with a prefill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
