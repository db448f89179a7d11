import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { copyText } from './copy-text';
import type * as HighlightModule from './highlight';

type Highlighter = typeof HighlightModule;
let highlighter: Highlighter | null = null;
let loading: Promise<Highlighter> | null = null;
/**
 * highlight.js and its grammars (about half of the markdown chunk) load with the first code
 * block, not with every markdown text: a notice or an answer without code never fetches them.
 */
const loadHighlighter = (): Promise<Highlighter> =>
  (loading ??= import('./highlight').then(
    (m) => (highlighter = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

interface CodeBlockProps {
  /** The fence's info word as written (`tsx`, `python`), empty when there was none. */
  language: string;
  code: string;
  /** Off for the PNG export, where a button means nothing. */
  copyable: boolean;
}

/** A fenced code block: language label, copy button, highlighted code scrolling sideways. */
export const CodeBlock = memo(function CodeBlock({ language, code, copyable }: CodeBlockProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  // Until the highlighter is there the code shows plain, then highlighted.
  const [ready, setReady] = useState(highlighter !== null);
  useEffect(() => {
    if (ready || !language) return;
    let live = true;
    loadHighlighter().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, language]);
  const highlighted = useMemo(
    () => (ready && highlighter ? highlighter.highlight(language.toLowerCase(), code) : null),
    [ready, language, code],
  );

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    copyText(code).then(
      () => {
        setCopied(true);
        notify.success(t('common:success.copied'));
      },
      () => notify.error(t('errors:failed')),
    );
  };

  return (
    <div className="md-code">
      <div className="md-code-head">
        <span className="md-code-lang">{language || 'text'}</span>
        {copyable && (
          <button
            type="button"
            className="md-code-copy"
            onClick={copy}
            aria-label={t('common:copy')}
          >
            {copied ? <CheckOutlined /> : <CopyOutlined />}
            <span>{copied ? t('common:success.copied') : t('common:copy')}</span>
          </button>
        )}
      </div>
      <pre>
        <code className={highlighted ? 'hljs' : undefined}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
});
