/**
 * The mind map's outline: the model's streamed markdown read into a tree (headings and list
 * items, by level and indentation), and that tree as markmap's nodes with escaped HTML.
 */

export interface OutlineNode {
  /** The item's text as written (inline markdown kept). */
  text: string;
  children: OutlineNode[];
}

/** The markdown outline inside an answer: a ```markdown fence is unwrapped, even unclosed. */
export function extractOutline(answer: string): string {
  const fence = /^[ \t]*(`{3,}|~{3,})[ \t]*(?:markdown|md)?[ \t]*$/im.exec(answer);
  if (!fence) return answer.trim();
  const rest = answer.slice(fence.index + fence[0].length);
  const marker = fence[1]!;
  const close = new RegExp(`^[ \\t]*${marker[0]}{${marker.length},}[ \\t]*$`, 'm').exec(rest);
  return (close ? rest.slice(0, close.index) : rest).trim();
}

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^([ \t]*)(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const indentWidth = (indent: string) =>
  [...indent].reduce((width, c) => width + (c === '\t' ? 4 : 1), 0);

/**
 * Reads the outline into a tree. Headings nest by level, list items under the heading before
 * them by indentation, other lines (prose, table rows) become leaves. One top-level item (the
 * usual `#` title) is the root; otherwise a root titled `fallbackTitle` holds them all.
 */
export function parseOutline(markdown: string, fallbackTitle = ''): OutlineNode {
  const root: OutlineNode = { text: fallbackTitle.trim(), children: [] };
  // Ranks: headings 1–6, list items 10 + indentation, prose one below the current item.
  const stack: { rank: number; node: OutlineNode }[] = [{ rank: 0, node: root }];
  let inFence = false;
  const place = (rank: number, text: string) => {
    const clean = text.trim();
    if (!clean) return;
    while (stack.length > 1 && stack[stack.length - 1]!.rank >= rank) stack.pop();
    const node: OutlineNode = { text: clean, children: [] };
    stack[stack.length - 1]!.node.children.push(node);
    stack.push({ rank, node });
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || !line.trim() || RULE.test(line) || TABLE_RULE.test(line)) continue;
    const heading = HEADING.exec(line);
    if (heading) {
      place(heading[1]!.length, heading[2]!);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      place(10 + indentWidth(item[1]!), item[2]!);
      continue;
    }
    const prose = line
      .replace(/^\s*>\s?/, '')
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .replace(/\s*\|\s*/g, ' · ');
    // Prose belongs to the item above it, whatever its depth.
    place(stack[stack.length - 1]!.rank + 0.5, prose);
    stack.pop();
  }
  return root.children.length === 1 ? root.children[0]! : root;
}

/** A link or image; the address may hold one level of parentheses. */
const LINK = /!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Inline markdown of one item as HTML for markmap: everything escaped first, then code,
 * bold, italics and strike-through; links and images keep only their text, so nothing in an
 * answer can run script or leave the page.
 */
export function inlineHtml(text: string): string {
  const codes: string[] = [];
  let html = escapeHtml(text)
    .replace(/`([^`]+)`/g, (_, code: string) => {
      codes.push(code);
      return `\uE000${codes.length - 1}\uE001`;
    })
    .replace(LINK, '$1')
    .replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)(.+?)__/g, '<strong>$1</strong>')
    .replace(/~~(?=\S)(.+?)~~/g, '<del>$1</del>')
    .replace(/(^|[^*\w])\*(?=\S)([^*]+?)\*(?!\w)/g, '$1<em>$2</em>');
  html = html.replace(/\uE000(\d+)\uE001/g, (_, i: string) => `<code>${codes[Number(i)]}</code>`);
  return html;
}

/** The item's text without markdown, for titles and file names. */
export function plainText(text: string): string {
  return text
    .replace(LINK, '$1')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** markmap's node shape (`IPureNode` of markmap-common), kept here so tests need no DOM. */
export interface MapNode {
  content: string;
  children: MapNode[];
  payload?: { fold?: number };
}

/**
 * The tree as markmap nodes. `expandLevel` folds every node at that depth (root is 0) and
 * deeper, for "collapse all"; -1 unfolds everything.
 */
export function toMapNode(node: OutlineNode, expandLevel = -1, depth = 0): MapNode {
  const folded = expandLevel >= 0 && depth >= expandLevel && node.children.length > 0;
  return {
    content: inlineHtml(node.text),
    children: node.children.map((child) => toMapNode(child, expandLevel, depth + 1)),
    payload: folded ? { fold: 1 } : {},
  };
}

export function countNodes(node: OutlineNode): number {
  return 1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
}

/**
 * A file name for a map: its title without characters file systems refuse, at most 60
 * characters, `mind-map` when nothing is left.
 */
export function exportFileName(title: string, extension: 'svg' | 'png'): string {
  const base = [
    ...plainText(title)
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+|[.\s]+$/g, ''),
  ]
    .slice(0, 60)
    .join('')
    .trim();
  return `${base || 'mind-map'}.${extension}`;
}
