import 'katex/dist/katex.min.css';
import katex from 'katex';

/**
 * TeX to HTML with KaTeX: its own chunk (with its CSS and fonts), loaded by `loadMath()` the
 * first time an answer contains a formula.
 */
export const renderMath = (tex: string, display: boolean): string =>
  katex.renderToString(tex, {
    displayMode: display,
    // A formula still being streamed is often invalid for a moment: a muted source, not red.
    throwOnError: false,
    errorColor: 'rgba(255, 255, 255, 0.45)',
    strict: 'ignore',
    maxSize: 50,
  });
