// The table-ownership check (check-tables.mjs) on a small repository in a temporary folder:
// a module's own SQL and route files without SQL pass; a query of another module's table, a
// route file with SQL and a module without tables.ts fail, unless listed as allowed.
// Run with `node --test scripts/check-tables.test.mjs` (npm test runs it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkTables } from './check-tables.mjs';

const made = [];
after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const m = 'server/src/modules';
const base = {
  'server/src/db/schema.ts': 'export interface PlatformTables {\n  periodic_runs: X;\n}\n',
  [`${m}/tasks/tables.ts`]: 'export interface TaskTables {\n  tasks: TasksTable;\n}\n',
  [`${m}/tasks/event-tables.ts`]: 'export interface TaskEventTables {\n  task_events: E;\n}\n',
  [`${m}/tasks/service.ts`]: [
    'export const count = (db) =>',
    "  db.selectFrom('tasks as t').innerJoin('task_events as e', 'e.task_id', 't.id');",
  ].join('\n'),
  [`${m}/works/tables.ts`]: 'export interface WorkTables {\n  works: W;\n  albums: A;\n}\n',
  [`${m}/music/tables.ts`]: 'export type MusicTables = Record<never, never>;\n',
  [`${m}/works/routes.ts`]: [
    "import { route } from '../../http/route.js';",
    "import { listWorks } from './service.js';",
    'export const r = (app) => route(app, c, () => listWorks(app));',
    // An array's join is no query.
    "export const path = (p) => p.join('.') + [1, 2].join(', ');",
  ].join('\n'),
  [`${m}/works/service.ts`]: [
    "import { taskTitles } from '../tasks/index.js';",
    "export const listWorks = (db) => db.selectFrom('works').selectAll().execute();",
    'export const raw = sql`select * from works join albums on albums.id = works.id`;',
  ].join('\n'),
};

/** A repository with the base modules and the files given (path → text, null removes one). */
function repo(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-tables-'));
  made.push(root);
  for (const [rel, text] of Object.entries({ ...base, ...files })) {
    if (text === null) continue;
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const problemsOf = (files, options = { allowed: {} }) =>
  checkTables(repo(files), options).problems.map((p) => `${p.file}:${p.line}: ${p.problem}`);

test('own tables and route files without SQL pass', () => {
  assert.deepEqual(problemsOf({}), []);
  const { owners } = checkTables(repo({}), { allowed: {} });
  assert.deepEqual(Object.fromEntries(owners), {
    periodic_runs: '(platform)',
    task_events: 'tasks',
    tasks: 'tasks',
    works: 'works',
    albums: 'works',
  });
});

test("a deliberate query of another module's table fails, Kysely and raw sql alike", () => {
  const service = [
    "export const a = (db) => db.selectFrom('works').innerJoin('tasks', 'tasks.id', 'works.id');",
    'export const b = (db) =>',
    '  db',
    '    .deleteFrom(',
    "      'task_events',",
    '    );',
    "export const c = (db) => db.selectFrom(['albums', 'tasks as t']);",
    'export const d = sql`update tasks set status = ${s} where id in (select id from works)`;',
    "export const e = (db) => db.insertInto('periodic_runs');",
  ].join('\n');
  assert.deepEqual(problemsOf({ [`${m}/works/service.ts`]: service }), [
    `${m}/works/service.ts:1: innerJoin tasks, a table of tasks: call a function of its index.ts instead`,
    `${m}/works/service.ts:4: deleteFrom task_events, a table of tasks: call a function of its index.ts instead`,
    `${m}/works/service.ts:7: selectFrom tasks, a table of tasks: call a function of its index.ts instead`,
    `${m}/works/service.ts:8: sql on tasks, a table of tasks: call a function of its index.ts instead`,
    `${m}/works/service.ts:9: insertInto periodic_runs, a table of (platform): call a function of its index.ts instead`,
  ]);
});

test('a route file with SQL fails, even on its own tables', () => {
  const routes = [
    "import { route } from '../../http/route.js';",
    'export const r = (app) =>',
    "  route(app, c, () => app.ctx.db.kysely.selectFrom('works').selectAll().execute());",
  ].join('\n');
  const fastify = "export const r = (app) => app.get('/x', () => db.deleteFrom(table));";
  assert.deepEqual(
    problemsOf({ [`${m}/works/routes.ts`]: routes, [`${m}/works/plain.ts`]: fastify }),
    [
      `${m}/works/plain.ts:1: a file that registers routes holds SQL (1 queries): move them to a service of the module`,
      `${m}/works/routes.ts:3: a file that registers routes holds SQL (1 queries): move them to a service of the module`,
    ],
  );
});

test('a module without tables.ts, or two owners of one table, fail', () => {
  assert.deepEqual(
    problemsOf({
      [`${m}/music/tables.ts`]: null,
      [`${m}/music/index.ts`]: 'export const x = 1;',
      [`${m}/works/tables.ts`]: 'export interface WorkTables {\n  works: W;\n  tasks: T;\n}\n',
    }),
    [
      `${m}/music:0: no tables.ts: declare the tables the module owns (Record<never, never> if none)`,
      `${m}/works/tables.ts:0: table tasks is declared by tasks too`,
    ],
  );
});

test('tests and setups are not read; an allowance lets a foreign table through, never route SQL', () => {
  const foreign = "export const a = (db) => db.selectFrom('tasks');";
  assert.deepEqual(
    problemsOf({ [`${m}/works/a.test.ts`]: foreign, [`${m}/works/a.setup.ts`]: foreign }),
    [],
  );
  const routes = `import { route } from '../../http/route.js';\n${foreign}`;
  const files = { [`${m}/works/routes.ts`]: routes };
  assert.equal(problemsOf(files).length, 2);
  const allowed = problemsOf(files, { allowed: { [`${m}/works/routes.ts`]: ['tasks'] } });
  assert.equal(allowed.length, 1);
  assert.match(allowed[0], /registers routes holds SQL/);
});
