import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readPrefill, type ComposerPrefill } from '../../lib/prefill';
import { refLimits, useComposer, type RefTarget } from './mj-store';
import type { MjParams } from './params';

const refTargets: RefTarget[] = ['imageUrls', 'crefUrls', 'srefUrls'];

/**
 * Fills the composer from a prefill (market "use", draw the same): prompt, model, every
 * Midjourney parameter the task kept (its `flags`, or the params themselves) and the
 * references. Each field is checked on its own, so one unknown value does not drop the rest.
 * The checks are the contracts' schemas, loaded here (with zod) rather than with the screen.
 */
export async function applyPrefill(prefill: ComposerPrefill): Promise<void> {
  const { drawing } = await import('@atelier/contracts/full');
  const s = useComposer.getState();
  s.setPrompt(prefill.prompt);
  if (prefill.modelId !== undefined) s.setModel(prefill.modelId);
  const flags = prefill.params.flags;
  const raw = (flags && typeof flags === 'object' ? flags : prefill.params) as Record<
    string,
    unknown
  >;
  const shape = drawing.mjParams.shape;
  const params: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    if (refTargets.includes(key as RefTarget) || raw[key] === undefined) continue;
    const parsed = shape[key].safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined) params[key] = parsed.data;
  }
  if (params.mode === undefined && typeof prefill.params.mode === 'string') {
    const mode = shape.mode.safeParse(prefill.params.mode);
    if (mode.success && mode.data) params.mode = mode.data;
  }
  s.replaceParams(params as MjParams);
  s.clearRefs();
  for (const target of refTargets) {
    const urls = raw[target];
    if (!Array.isArray(urls)) continue;
    for (const url of urls.slice(0, refLimits[target]))
      if (typeof url === 'string') s.addRef(target, { url, thumbUrl: url });
  }
}

/** Reads the prefill the router brought once on mount, fills the composer, then forgets it. */
export function useRoutePrefill(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const prefill = readPrefill(location.state);
    if (!prefill) return;
    void applyPrefill(prefill);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);
}
