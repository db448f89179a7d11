import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './types';

/** Starts loading the markdown chunk (react-markdown, KaTeX, highlight.js) ahead of use. */
export const preloadMarkdown = () => import('./markdown');

const Markdown = lazy(preloadMarkdown);

/**
 * `<Markdown>` loaded on first use, so its libraries stay out of the first page; until the
 * chunk arrives the text shows as it is, wrapped, so nothing jumps or goes blank.
 */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense
      fallback={
        <div className={`whitespace-pre-wrap break-words leading-7 ${props.className ?? ''}`}>
          {props.text}
        </div>
      }
    >
      <Markdown {...props} />
    </Suspense>
  );
}
