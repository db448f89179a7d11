import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './types';

/** Starts loading the markdown chunk (react-markdown, KaTeX, highlight.js) ahead of use. */
export const preloadMarkdown = () => import('./markdown');

const Markdown = lazy(preloadMarkdown);

/**
 * True when the text may render differently as markdown than as plain text: any character
 * markdown, GFM or math give a meaning to (emphasis, code, headings, quotes, links, tables,
 * escapes, HTML, `$` math), a list or rule line, or a bare link GFM would turn into an anchor.
 */
export const needsMarkdown = (text: string): boolean =>
  /[*_`#>[\]|~\\$<&]|^\s*(?:[-+]\s|\d+[.)]\s|={3,}|-{3,})|https?:|www\.|@/m.test(text);

/**
 * `<Markdown>` loaded on first use, so its libraries stay out of the first page; until the
 * chunk arrives the text shows as it is, wrapped, so nothing jumps or goes blank. Plain text
 * (no markdown in it) never loads the renderer.
 */
export function LazyMarkdown(props: MarkdownProps) {
  const plain = (
    <div className={`whitespace-pre-wrap break-words leading-7 ${props.className ?? ''}`}>
      {props.text}
    </div>
  );
  if (!needsMarkdown(props.text)) return plain;
  return (
    <Suspense fallback={plain}>
      <Markdown {...props} />
    </Suspense>
  );
}
