import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { ElementContent } from 'hast';
import { createLowlight } from 'lowlight';
import type { ReactNode } from 'react';

/**
 * The languages chat answers mostly contain (each grammar's own aliases come along: js, jsx,
 * ts, tsx, py, sh, html, yml, toml, …). Highlighting every highlight.js language would triple
 * the markdown chunk; anything else shows as plain code with its label.
 */
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  dockerfile,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  scss,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
});
lowlight.registerAlias({ xml: ['vue'] });

const render = (nodes: ElementContent[]): ReactNode[] =>
  nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = node.properties.className;
    return (
      <span key={index} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {render(node.children)}
      </span>
    );
  });

/** `code` as highlighted spans (`hljs-*` classes), or null for a language not in the set. */
export function highlight(language: string, code: string): ReactNode[] | null {
  if (!language || !lowlight.registered(language)) return null;
  try {
    return render(lowlight.highlight(language, code).children as ElementContent[]);
  } catch {
    // A grammar that throws on odd input still leaves the code readable, just unhighlighted.
    return null;
  }
}
