// Every package a workspace declares is used by it: imported by its code or configuration, run
// as a command by its scripts, or an `@types/` package of something it uses. ESLint
// (import-x/no-extraneous-dependencies) checks the other way: nothing is imported undeclared.
// Run by `npm run lint`; exits non-zero and names each unused package.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/** Declared but used in a way no file shows, with the reason. */
const usedWithoutImport = {
  'happy-dom': 'the web tests run in it (web/vitest.config.ts names it as the test environment)',
  '@types/node': 'the Node.js types every workspace compiles with',
  typescript7:
    'TypeScript 7, the native compiler: run by path (scripts/lib.mjs `tsc`) for the build and the type check',
};

const sourceExt = /\.(?:[cm]?[jt]sx?|css|json|ya?ml)$/;
const skipDirs = new Set(['node_modules', 'dist', 'data', 'coverage', '.git', 'test-results']);

function files(dir, skip = new Set()) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(entry.name) || skip.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(full));
    else if (sourceExt.test(entry.name) && entry.name !== 'package-lock.json') out.push(full);
  }
  return out;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `from 'pkg'`, `import('pkg/x')`, `require("pkg")`, `import 'pkg'`, `@import "pkg"` (CSS). */
const imports = (text, pkg) =>
  new RegExp(`(?:from|import|require\\(|import\\()\\s*['"]${escape(pkg)}(?:/[^'"]*)?['"]`).test(
    text,
  );

/** The commands a package installs (its `bin`). */
function binsOf(pkg) {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8'),
    );
    if (typeof manifest.bin === 'string') return [manifest.name.split('/').pop()];
    return Object.keys(manifest.bin ?? {});
  } catch {
    return [];
  }
}

const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const workspaces = rootManifest.workspaces;
const allScripts = [root, ...workspaces.map((w) => path.join(root, w))]
  .map((dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts ?? {})
  .flatMap((s) => Object.values(s))
  .join('\n');

const problems = [];
for (const dir of ['.', ...workspaces]) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  // The root's tooling serves every workspace, so its own use is searched across the repository.
  const text = files(path.join(root, dir))
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  const commands = `${allScripts}\n${text}`;
  const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  for (const pkg of declared) {
    if (usedWithoutImport[pkg]) continue;
    const typed = pkg.startsWith('@types/') ? pkg.slice('@types/'.length) : null;
    const used =
      imports(text, pkg) ||
      (typed !== null &&
        imports(text, typed.includes('__') ? `@${typed.replace('__', '/')}` : typed)) ||
      binsOf(pkg).some((bin) =>
        new RegExp(`(?:^|[\\s'"\`(])${escape(bin)}(?:[\\s'"\`)]|$)`, 'm').test(commands),
      );
    if (!used)
      problems.push(
        `${dir === '.' ? 'root' : dir}/package.json declares ${pkg}, which nothing uses`,
      );
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(
    'Remove the package, or say in scripts/check-deps.mjs why it is used without an import.',
  );
  process.exit(1);
}
console.log('dependencies: every declared package is used');
