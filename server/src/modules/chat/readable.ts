import { Parser } from 'htmlparser2';

/**
 * The readable text of a web page, in the way of Readability: what is never content (scripts,
 * styles, navigation, headers, footers, asides, forms) is dropped, the page's `<article>` or
 * `<main>` is preferred when it has one, and the text is kept by block (paragraphs, headings,
 * list items, cells), skipping blocks too short to be prose. Answers the title and the text
 * (at most `maxChars`).
 */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'iframe',
  'head',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'td',
  'th',
  'pre',
  'blockquote',
  'br',
  'tr',
  'dd',
  'dt',
  'figcaption',
]);
const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'source', 'wbr', 'area', 'col']);
const HEADINGS = /^h[1-6]$/;

export function readableText(html: string, maxChars = 6000): { title: string; text: string } {
  let title = '';
  let inTitle = false;
  let skipDepth = 0;
  /** Blocks of the whole body, and of its article/main when there is one. */
  const all: string[] = [];
  const main: string[] = [];
  let mainDepth = 0;
  let current = '';
  let heading = false;
  const stack: string[] = [];
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    current = '';
    // Short bits (menus, buttons, captions) are not prose, but headings are kept.
    if (text.length >= 40 || (heading && text.length > 0)) {
      all.push(text);
      if (mainDepth > 0) main.push(text);
    }
    heading = false;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (!VOID.has(name)) stack.push(name);
        if (skipDepth > 0 || SKIPPED.has(name)) {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        if (name === 'article' || name === 'main') mainDepth++;
        if (BLOCKS.has(name)) flush();
        if (HEADINGS.test(name)) heading = true;
      },
      ontext(text) {
        if (inTitle) title += text;
        else if (skipDepth === 0) current += text;
      },
      onclosetag(name, implied) {
        if (name === 'title') inTitle = false;
        if (VOID.has(name) && !implied) return;
        if (VOID.has(name)) return;
        stack.pop();
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (BLOCKS.has(name)) flush();
        if (name === 'article' || name === 'main') mainDepth = Math.max(0, mainDepth - 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  const blocks = main.join(' ').length >= 200 ? main : all;
  let text = '';
  for (const b of blocks) {
    if (text.length + b.length + 1 > maxChars) {
      text += (text ? '\n' : '') + b.slice(0, Math.max(0, maxChars - text.length - 1));
      break;
    }
    text += (text ? '\n' : '') + b;
  }
  return { title: title.replace(/\s+/g, ' ').trim(), text };
}
