/**
 * The shared markdown renderer. Only the lazy wrapper is exported here: importing this file
 * never pulls react-markdown, KaTeX or highlight.js into the importing chunk.
 */
export { LazyMarkdown, LazyMarkdown as Markdown, preloadMarkdown } from './lazy-markdown';
export type { MarkdownProps } from './types';
