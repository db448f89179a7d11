import 'katex/dist/katex.min.css';
import './markdown.css';
import { isValidElement, memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block';
import { normalizeMath, splitBlocks } from './prepare';
import type { MarkdownProps } from './types';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm, remarkMath];
// A formula still being streamed is often invalid for a moment: shown as a muted source, not red.
const rehypePlugins: Options['rehypePlugins'] = [
  [rehypeKatex, { errorColor: 'rgba(255, 255, 255, 0.45)', strict: 'ignore' }],
];

/** The text of a `code` element as react-markdown hands it over (a string, fence newline kept). */
const codeOf = (children: ReactNode): { language: string; code: string } | null => {
  const code = Array.isArray(children) ? children[0] : children;
  if (!isValidElement<{ className?: string; children?: ReactNode }>(code)) return null;
  const language = /(?:^|\s)language-([^\s]+)/.exec(code.props.className ?? '')?.[1] ?? '';
  const text = code.props.children;
  return { language, code: (typeof text === 'string' ? text : '').replace(/\n$/, '') };
};

const link: Components['a'] = ({ href, children, title }) => (
  <a href={href} title={title} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
);

const table: Components['table'] = ({ children }) => (
  <div className="md-table">
    <table>{children}</table>
  </div>
);

const makeComponents = (variant: 'screen' | 'export'): Components => ({
  a: link,
  table,
  img: ({ src, alt, title }) => (
    <img
      src={typeof src === 'string' ? src : undefined}
      alt={alt ?? ''}
      title={title}
      loading={variant === 'screen' ? 'lazy' : 'eager'}
      decoding="async"
    />
  ),
  pre: ({ children }) => {
    const block = codeOf(children);
    return block ? (
      <CodeBlock language={block.language} code={block.code} copyable={variant === 'screen'} />
    ) : (
      <pre>{children}</pre>
    );
  },
});

const componentsByVariant = { screen: makeComponents('screen'), export: makeComponents('export') };

/** One top-level block: memoised, so a streaming answer re-renders only the block that grows. */
const Block = memo(function Block({ text, components }: { text: string; components: Components }) {
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
});

/**
 * Markdown as the chat shows it: GFM (tables scroll sideways on phones), highlighted code
 * with a language label and a copy button, KaTeX math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`),
 * links in a new tab, no raw HTML (it shows as text). Load it through `LazyMarkdown`.
 */
export default function Markdown({ text, variant = 'screen', className }: MarkdownProps) {
  const blocks = useMemo(() => splitBlocks(normalizeMath(text)), [text]);
  const components = componentsByVariant[variant];
  return (
    <div
      className={['md', variant === 'export' ? 'md-export' : '', className ?? ''].join(' ').trim()}
    >
      {blocks.map((block, index) => (
        <Block key={index} text={block} components={components} />
      ))}
    </div>
  );
}
