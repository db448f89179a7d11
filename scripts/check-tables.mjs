// Each table is queried by the module that owns it, and route files hold no SQL.
//
// A module owns the tables its `server/src/modules/<name>/tables.ts` declares (the keys of its
// `export interface …Tables { … }`, and of any `*-tables.ts` beside it; `export type …Tables =
// Record<never, never>` says it owns none). Every module has a tables.ts. The tables of
// `server/src/db/schema.ts` belong to no module: the platform's own (`lib/`).
//
// Two rules, on the module files that are not tests (`*.test.ts`, `*.setup.ts`):
// 1. A module's SQL names only its own tables: Kysely's `selectFrom`, `insertInto`,
//    `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto` and every `…join` with a table
//    named as a string, and `from`/`join`/`into`/`update` followed by a known table inside a raw
//    `sql` template. Another module's rows are reached through a function of its index.ts.
// 2. A file that registers routes (imports `route` of `http/route.js`, or calls `app.get(…)`
//    and the like) contains no SQL at all: the queries live in the module's services. No file
//    is let through this one.
// A table named through a variable (`selectFrom(table)`) is not seen; do not write one to get
// around the rule. Run by `npm run lint`; exits non-zero and lists each finding as
// `file:line: problem`. `scripts/check-tables.test.mjs` shows it failing on violations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Foreign tables a file still queries, by file. Each entry is debt with its reason: remove it
 * when the query moves behind the owner's index.ts (the check then fails on a new one). None
 * remain: the last, credits' reads of `users` (auth), go through the accounts hooks auth
 * installs (credits cannot import auth, which reaches credits through payments).
 */
export const foreignAllowed = {};

const modulesDir = 'server/src/modules';
const kyselyCall =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|join)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")?/g;
const sqlTemplate = /\bsql(?:<[^`]*?>)?`((?:[^`\\]|\\.)*)`/g;
const rawTable = /\b(?:from|join|into|update)\s+"?([A-Za-z_]\w*)"?/gi;
const registersRoutes =
  /import\s*\{[^}]*\broute\b[^}]*\}\s*from\s*'[./]*http\/route\.js'|\bapp\.(?:get|post|put|patch|delete|head|all|route)\(/;

/** The tables a tables.ts declares (keys of its `…Tables` interfaces). */
function declaredTables(text) {
  const out = [];
  for (const block of text.matchAll(/export interface \w+Tables\b[^{]*\{([^}]*)\}/g))
    for (const key of block[1].matchAll(/^\s*([A-Za-z_]\w*)\s*:/gm)) out.push(key[1]);
  return out;
}

function sourcesOf(dir) {
  const out = [];
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...sourcesOf(full));
    else if (/\.ts$/.test(d.name) && !/\.(?:test|setup)\.ts$/.test(d.name)) out.push(full);
  }
  return out;
}

/**
 * Checks the modules under `root`. Returns the problems, each `{ file, line, problem }`,
 * sorted by file and line; `owners` is the table → module map it read.
 */
export function checkTables(root, { allowed = foreignAllowed } = {}) {
  const problems = [];
  const owners = new Map();
  const base = path.join(root, modulesDir);
  const schema = path.join(root, 'server/src/db/schema.ts');
  if (fs.existsSync(schema))
    for (const t of declaredTables(fs.readFileSync(schema, 'utf8'))) owners.set(t, '(platform)');

  const modules = fs
    .readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const m of modules) {
    const dir = path.join(base, m);
    const files = fs.readdirSync(dir).filter((f) => /^(?:.+-)?tables\.ts$/.test(f));
    if (!files.includes('tables.ts'))
      problems.push({
        file: `${modulesDir}/${m}`,
        line: 0,
        problem: 'no tables.ts: declare the tables the module owns (Record<never, never> if none)',
      });
    for (const f of files)
      for (const t of declaredTables(fs.readFileSync(path.join(dir, f), 'utf8'))) {
        if (owners.has(t) && owners.get(t) !== m)
          problems.push({
            file: `${modulesDir}/${m}/${f}`,
            line: 0,
            problem: `table ${t} is declared by ${owners.get(t)} too`,
          });
        else owners.set(t, m);
      }
  }

  for (const m of modules)
    for (const full of sourcesOf(path.join(base, m))) {
      const rel = path.relative(root, full).split(path.sep).join('/');
      const text = fs.readFileSync(full, 'utf8');
      const lineOf = (index) => text.slice(0, index).split('\n').length;
      const report = (index, problem) => problems.push({ file: rel, line: lineOf(index), problem });
      const mayRead = new Set(allowed[rel] ?? []);
      const foreign = (index, table, how) => {
        const owner = owners.get(table);
        if (!owner || owner === m || mayRead.has(table)) return;
        report(
          index,
          `${how} ${table}, a table of ${owner}: call a function of its index.ts instead`,
        );
      };

      const sqlAt = [];
      for (const c of text.matchAll(kyselyCall)) {
        // An array's `.join(', ')` is not a query: a join names a table (or builds one).
        if (c[1] === 'join' && c[2] && !/^['"][A-Za-z_]/.test(c[2])) continue;
        sqlAt.push(c.index);
        if (!c[2]) continue;
        for (const name of c[2].matchAll(/['"]([A-Za-z_]\w*)/g)) foreign(c.index, name[1], c[1]);
      }
      for (const s of text.matchAll(sqlTemplate)) {
        sqlAt.push(s.index);
        for (const t of s[1].matchAll(rawTable)) foreign(s.index, t[1], 'sql on');
      }
      // No allowance: a route file with SQL always fails.
      if (sqlAt.length > 0 && registersRoutes.test(text))
        report(
          Math.min(...sqlAt),
          `a file that registers routes holds SQL (${sqlAt.length} queries): move them to a service of the module`,
        );
    }
  return {
    problems: problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
    owners,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems } = checkTables(root);
  for (const p of problems) process.stderr.write(`${p.file}:${p.line}: ${p.problem}\n`);
  if (problems.length) {
    process.stderr.write(
      `${problems.length} problems: a module queries only its own tables (its tables.ts), route files hold no SQL\n`,
    );
    process.exit(1);
  }
  process.stdout.write('tables: each module queries its own tables; route files hold no SQL\n');
}
