import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const patterns = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The PostgreSQL + Redis pass (TEST_DB=postgres) runs only the files that build a test app or
 * otherwise depend on the database dialect: pure unit tests (prompt builders, signers, parsers)
 * would only repeat themselves, and CI's time is better spent elsewhere.
 */
function dialectDependentFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) {
        // A file split by topic builds its app in a sibling `*.setup.ts`; read that too.
        const own = fs.readFileSync(full, 'utf8');
        const setups = [...own.matchAll(/from '\.\/([\w-]+\.setup)\.js'/g)].map((m) =>
          fs.readFileSync(path.join(dir, `${m[1]}.ts`), 'utf8'),
        );
        const text = [own, ...setups].join('\n');
        if (/createTestApp|createDb|testDialect|testDatabaseUrl|testRedisUrl|TEST_DB/.test(text)) {
          files.push(path.relative(here, full).split(path.sep).join('/'));
        }
      }
    }
  };
  for (const dir of ['src', 'test']) {
    if (fs.existsSync(path.join(here, dir))) walk(path.join(here, dir));
  }
  return files;
}

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: {
    resolve: { conditions: ['source'], externalConditions: ['source'] },
    // Its `source` export is TypeScript (the MCP SDK's client reads SSE with it): transformed
    // here instead of loaded by Node, which cannot run it.
    noExternal: ['@modelcontextprotocol/sdk', 'eventsource-parser'],
  },
  test: {
    include: process.env.TEST_DB === 'postgres' ? dialectDependentFiles() : patterns,
    environment: 'node',
    // A worker keeps the libraries (Fastify, Kysely, pino, zod, the drivers) from one file to the
    // next; the server's own modules still load afresh for each file, and each file builds its
    // own apps and databases. Loading the libraries again for every file cost more than half
    // the pass (docs/testing.md). Processes (forks), not threads: some tests use process-wide
    // state (signals, child processes, the environment).
    pool: 'forks',
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
