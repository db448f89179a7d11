import { memo, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { renderMath } from './katex-render';

let render: typeof renderMath | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads KaTeX. It is most of the markdown's weight and most answers have no formula, so it
 * comes as a chunk of its own on the first formula; the PNG export awaits it before drawing.
 */
export function loadMath(): Promise<void> {
  loading ??= import('./katex-render').then(
    (module) => {
      render = module.renderMath;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const currentRender = () => render;

/**
 * A formula typeset by KaTeX; until KaTeX has loaded, its TeX source. KaTeX's output is HTML
 * it builds itself from the escaped TeX (`trust` stays off, so no `\href`, `\url` or HTML
 * commands): the one place the markdown sets HTML. Typesetting here rather than through
 * rehype-katex keeps an HTML parser out of the chunk and typesets each formula once while an
 * answer streams.
 */
export const MathFormula = memo(function MathFormula({
  tex,
  display,
}: {
  tex: string;
  display: boolean;
}) {
  const typeset = useSyncExternalStore(subscribe, currentRender, currentRender);
  useEffect(() => {
    // A failed load leaves the TeX source showing; the next formula tries again.
    if (!typeset) loadMath().catch(() => undefined);
  }, [typeset]);
  const html = useMemo(() => typeset?.(tex, display) ?? null, [typeset, tex, display]);
  if (html === null) {
    return display ? <div className="md-math md-math-source">{tex}</div> : <code>{tex}</code>;
  }
  return display ? (
    <div className="md-math" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <span dangerouslySetInnerHTML={{ __html: html }} />
  );
});
