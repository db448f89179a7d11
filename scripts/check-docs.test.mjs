// The docs link check (check-docs.mjs) on a small repository in a temporary folder: every
// kind of reference it knows passes when it resolves and fails when it does not.
// Run with `node --test scripts/check-docs.test.mjs` (npm test runs it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkDocs, slugOf } from './check-docs.mjs';

const made = [];
after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const guide = [
  '# Guide',
  '',
  '## 1. The whole',
  '',
  'Bare sections point at this document: §1.',
  '',
  '## Look and feel',
  '',
  '- **Reservation.** A bold term may be cited by name.',
  '',
  '## Shape',
  '',
  '## Shape',
  '',
].join('\n');

/** A repository with docs/guide.md, a README and the files given (path → text). */
function repo(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-docs-'));
  made.push(root);
  const all = {
    'docs/guide.md': guide,
    'README.md': 'See [the guide](docs/guide.md).\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const problemsOf = (files) =>
  checkDocs(repo(files)).map((p) => `${p.file}:${p.line}: ${p.problem}`);

test('references that resolve pass', () => {
  const code = [
    '/** The shape of things (docs/guide.md §1); see docs/guide.md#look-and-feel. */',
    '// Small things (docs/guide.md, Look and',
    '// feel), and a bold term (docs/guide.md, "Reservation"), and guide.md §1.',
    '// A numbered heading is cited without its number (docs/guide.md, The whole).',
    "const url = 'https://example.com/docs/nothing.md'; // URLs are not ours",
    "const route = '/api/docs/json';",
  ].join('\n');
  const doc = [
    '# Other',
    '',
    '[the shape](guide.md#1-the-whole), [the second Shape](guide.md#shape-1), ',
    '[top](#other), [readme](../README.md), docs/guide.md §1, §1 and §1.',
  ].join('\n');
  assert.deepEqual(problemsOf({ 'server/src/a.ts': code, 'docs/other.md': doc }), []);
});

test('a deliberate broken reference of each kind fails', () => {
  const code = [
    '/** (docs/guide.md §3) */',
    '// docs/missing.md',
    '// (PROTOCOLS.md, "Music")',
    '// see docs/guide.md#no-such-anchor',
    '// (docs/guide.md, Sizes and colours)',
    '// Spec section 9: something',
    '// as issue 13 said',
    '// the viewer (§9)',
  ].join('\n');
  const doc = ['# Other', '', '[gone](gone.md), [bad anchor](guide.md#2-shape), §4.'].join('\n');
  assert.deepEqual(problemsOf({ 'web/src/b.ts': code, 'docs/other.md': doc }), [
    'docs/other.md:3: link to gone.md: no such file',
    'docs/other.md:3: link to guide.md#2-shape: no heading with the anchor #2-shape',
    'docs/other.md:3: §4: this document has no section 4',
    'web/src/b.ts:1: docs/guide.md §3: the document has no section 3',
    'web/src/b.ts:2: docs/missing.md: no such file',
    'web/src/b.ts:3: PROTOCOLS.md: no such file in the repository',
    'web/src/b.ts:4: docs/guide.md: no heading with the anchor #no-such-anchor',
    'web/src/b.ts:5: docs/guide.md, "sizes and colours": no such heading or bold term in it',
    'web/src/b.ts:6: "Spec section 9" cites what readers cannot open: cite a docs/ section instead',
    'web/src/b.ts:7: "issue 13" cites what readers cannot open: cite a docs/ section instead',
    'web/src/b.ts:8: §9 names no document: cite it as docs/<file>.md §N',
  ]);
});

test('files outside the scope and in node_modules are not read', () => {
  const broken = '// docs/missing.md\n';
  assert.deepEqual(
    problemsOf({ 'server/node_modules/x/a.ts': broken, 'elsewhere/a.ts': broken }),
    [],
  );
});

test("anchors are GitHub's", () => {
  assert.equal(slugOf('3. API contract'), '3-api-contract');
  assert.equal(slugOf('"Use": the composer prefill'), 'use-the-composer-prefill');
  assert.equal(slugOf('Slots (`server/src/lib/slots.ts`)'), 'slots-serversrclibslotsts');
  assert.equal(slugOf('epay (彩虹易支付)'), 'epay-彩虹易支付');
});
