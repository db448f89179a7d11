import './markdown.css';
import { isValidElement, memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { AnswerImage } from './answer-image';
import { CodeBlock } from './code-block';
import { MathFormula } from './math';
import { normalizeMath, splitBlocks } from './prepare';
import type { MarkdownProps } from './types';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm, remarkMath];

/** remark-math's formulas arrive as `code.math-inline` and `pre > code.math-display`. */
const isMath = (className: string | undefined, kind: 'inline' | 'display') =>
  (className ?? '').split(' ').includes(`math-${kind}`);

/** The text of a `code` element as react-markdown hands it over (a string, fence newline kept). */
const codeOf = (
  children: ReactNode,
): { language: string; code: string; className?: string } | null => {
  const code = Array.isArray(children) ? children[0] : children;
  if (!isValidElement<{ className?: string; children?: ReactNode }>(code)) return null;
  const { className, children: text } = code.props;
  const language = /(?:^|\s)language-([^\s]+)/.exec(className ?? '')?.[1] ?? '';
  return { language, className, code: (typeof text === 'string' ? text : '').replace(/\n$/, '') };
};

const textOf = (children: ReactNode): string =>
  typeof children === 'string' ? children : Array.isArray(children) ? children.join('') : '';

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
    <AnswerImage
      src={typeof src === 'string' ? src : undefined}
      alt={alt ?? ''}
      title={title}
      eager={variant === 'export'}
    />
  ),
  code: ({ className, children }) =>
    isMath(className, 'inline') ? (
      <MathFormula tex={textOf(children)} display={false} />
    ) : (
      <code className={className}>{children}</code>
    ),
  pre: ({ children }) => {
    const block = codeOf(children);
    if (!block) return <pre>{children}</pre>;
    if (isMath(block.className, 'display')) return <MathFormula tex={block.code} display />;
    return (
      <CodeBlock language={block.language} code={block.code} copyable={variant === 'screen'} />
    );
  },
});

const componentsByVariant = { screen: makeComponents('screen'), export: makeComponents('export') };

/** One top-level block: memoised, so a streaming answer re-renders only the block that grows. */
const Block = memo(function Block({ text, components }: { text: string; components: Components }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
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
