// Every reference to our documents resolves: a `docs/…` path names a file that exists (and its
// `#anchor` a heading of it), a `§N` a numbered section of the document it follows, a markdown
// link its target (and its `#anchor`), a `*.md` named anywhere a file of the repository, and a
// heading cited by name (`docs/style.md, Size`, `docs/tasks.md, "Reservation"`) a heading or a
// bold term of that document. Nothing cites what readers cannot open: a spec section or an
// issue number (cite the docs/ section that says it, or the upstream's own source). Run by
// `npm run lint`; exits non-zero and lists each reference that does not resolve, as
// `file:line: problem`. `scripts/check-docs.test.mjs` shows it failing on broken references.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where references are looked for (folders and single files, from the repository's root). */
export const defaultScope = [
  'server',
  'web',
  'contracts',
  'e2e',
  'scripts',
  'bench',
  'docs',
  'README.md',
  'eslint.config.js',
];

/** The checker's own test: its references are broken on purpose. */
const ignored = new Set(['scripts/check-docs.test.mjs']);

const skipDirs = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  '.artifacts',
  '.test-reports',
  'data',
]);
const textFile = /\.(?:[cm]?[jt]sx?|md|css|html)$/;

function filesOf(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  const out = [];
  for (const d of fs.readdirSync(full, { withFileTypes: true })) {
    if (skipDirs.has(d.name) || d.name.startsWith('.')) continue;
    const rel = path.join(entry, d.name);
    if (ignored.has(rel)) continue;
    if (d.isDirectory()) out.push(...filesOf(root, rel));
    else if (textFile.test(d.name)) out.push(rel);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export function slugOf(heading) {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A markdown file's headings: their anchors (numbered like GitHub's repeats), `§` numbers, bold terms. */
function outlineOf(text) {
  const anchors = new Set();
  const sections = new Set();
  const headings = [];
  const seen = new Map();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const title = m[2];
    // Cited by name without its number: `docs/architecture.md, Dependency rules`.
    headings.push(
      title
        .replace(/`/g, '')
        .replace(/^\d+(?:\.\d+)*\.?\s+/, '')
        .toLowerCase(),
    );
    const slug = slugOf(title);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
    const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(title);
    if (number) sections.add(number[1]);
  }
  for (const a of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(a[1]);
  const bold = new Set(
    [...text.matchAll(/\*\*([^*\n]+)\*\*/g)].map((b) => b[1].replace(/[.:]$/, '').toLowerCase()),
  );
  return { anchors, sections, headings, bold };
}

/** A line comment's or block comment's continuation marker, so a wrapped reference reads whole. */
const unwrap = (s) => s.replace(/\s*\n\s*(?:\*(?!\/)|\/\/|#)?\s*/g, ' ').trim();

/**
 * Checks every reference in `scope` (paths relative to `root`). Returns the problems, each
 * `{ file, line, problem }`, sorted by file and line.
 */
export function checkDocs(root, scope = defaultScope) {
  const problems = [];
  const outlines = new Map();
  const outline = (file) => {
    if (!outlines.has(file)) outlines.set(file, outlineOf(fs.readFileSync(file, 'utf8')));
    return outlines.get(file);
  };
  const isFile = (p) => fs.existsSync(p) && fs.statSync(p).isFile();

  for (const rel of scope.flatMap((entry) => filesOf(root, entry))) {
    const file = path.join(root, rel);
    const dir = path.dirname(file);
    const text = fs.readFileSync(file, 'utf8');
    const isDoc = rel.endsWith('.md');
    const lineOf = (index) => text.slice(0, index).split('\n').length;
    const report = (index, problem) => problems.push({ file: rel, line: lineOf(index), problem });

    /** A `*.md` as written: from the root, else from this file's folder; a bare name also in docs/. */
    const resolveMd = (name) => {
      const tries = [path.join(root, name), path.join(dir, name)];
      if (!name.includes('/')) tries.push(path.join(root, 'docs', name));
      return tries.find(isFile) ?? null;
    };
    const checkAnchor = (index, target, anchor, shown) => {
      if (!anchor || !target.endsWith('.md')) return;
      if (!outline(target).anchors.has(anchor))
        report(index, `${shown}: no heading with the anchor #${anchor}`);
    };

    // Markdown links [text](target#anchor), relative targets only.
    const linked = new Set();
    for (const m of text.matchAll(/\]\(([^()\s]*)\)/g)) {
      const [target, anchor] = m[1].split('#');
      if (/^[a-z][\w+.-]*:/i.test(target) || (!target && !anchor)) continue;
      if (!isDoc && !target.endsWith('.md') && !target.startsWith('#')) continue;
      linked.add(m.index + 2);
      // A link written by code lands in a generated document (docs/api.md): docs/ is its folder.
      const tries = target ? [path.resolve(dir, target)] : [file];
      if (target && !isDoc) tries.push(path.join(root, 'docs', target));
      const resolved = tries.find((t) => fs.existsSync(t)) ?? tries[0];
      if (!fs.existsSync(resolved)) report(m.index, `link to ${m[1]}: no such file`);
      else checkAnchor(m.index, resolved, anchor, `link to ${m[1]}`);
    }

    // `docs/…` paths (not inside a URL or a longer path such as /api/docs/json).
    for (const m of text.matchAll(/(?<![\w./:@-])docs\/([\w./-]*[\w-])(?:#([\w-]+))?/g)) {
      const target = path.join(root, 'docs', m[1]);
      if (!fs.existsSync(target)) report(m.index, `docs/${m[1]}: no such file`);
      else checkAnchor(m.index, target, m[2], `docs/${m[1]}`);
    }

    // Every `*.md` named, with what follows it: `§N` sections, or a heading cited by name.
    const cited = /(?<![\w./:@-])([\w./-]*[\w-]\.md)(?![\w-])/g;
    for (const m of text.matchAll(cited)) {
      if (linked.has(m.index)) continue;
      const target = resolveMd(m[1]);
      if (!target) {
        // A missing docs/ path is reported once, above.
        if (!m[1].startsWith('docs/')) report(m.index, `${m[1]}: no such file in the repository`);
        continue;
      }
      const after = text.slice(m.index + m[0].length);
      const sections = /^`?\)?\]?(?:[\s,]+(?:and\s+)?§\s?\d+(?:\.\d+)*)+/.exec(after);
      if (sections)
        for (const s of sections[0].matchAll(/§\s?(\d+(?:\.\d+)*)/g))
          if (!outline(target).sections.has(s[1]))
            report(m.index, `${m[1]} §${s[1]}: the document has no section ${s[1]}`);
      const named = /^,\s+(?:"([^"]{2,80})"|([A-Z][^()§";\n]*(?:\n[^()§";\n]*)?)[);])/.exec(after);
      if (named && target.endsWith('.md')) {
        const name = unwrap(named[1] ?? named[2])
          .replace(/`$/, '')
          .toLowerCase();
        const { headings, bold } = outline(target);
        if (!headings.some((h) => h.startsWith(name)) && !bold.has(name))
          report(m.index, `${m[1]}, "${name}": no such heading or bold term in it`);
      }
    }

    // A `§N` must follow the document it is in (`docs/product.md §2, §5 and §8`); in a
    // document, a bare one is its own section.
    for (const m of text.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
      const before = text.slice(Math.max(0, m.index - 200), m.index);
      if (/[\w-]\.md`?\)?\]?(?:[\s,]+(?:and\s+)?§\s?\d+(?:\.\d+)*)*[\s,]+(?:and\s+)?$/.test(before))
        continue;
      if (!isDoc) report(m.index, `§${m[1]} names no document: cite it as docs/<file>.md §N`);
      else if (!outline(file).sections.has(m[1]))
        report(m.index, `§${m[1]}: this document has no section ${m[1]}`);
    }

    for (const m of text.matchAll(
      /\b(?:spec(?:ification)?(?:'s|’s)?\b[^\n]{0,60}?\bsections?\s+\d+|spec(?:ification)?\s+§\s?\d+|issues?\s+#?\d+)/gi,
    ))
      report(m.index, `"${m[0]}" cites what readers cannot open: cite a docs/ section instead`);
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkDocs(root);
  for (const p of problems) process.stderr.write(`${p.file}:${p.line}: ${p.problem}\n`);
  if (problems.length) {
    process.stderr.write(`${problems.length} references that do not resolve\n`);
    process.exit(1);
  }
  process.stdout.write('docs: every reference to a document resolves\n');
}
