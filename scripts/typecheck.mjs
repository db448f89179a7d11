// npm run typecheck: every TypeScript program of the repository, with TypeScript's native
// compiler (scripts/lib.mjs): contracts and server (built incrementally, as `npm run build`
// does), the server's and the contracts' tests, the web app and the e2e tests. Stops at the
// first program with errors; exits with its code.
import { root, run, tsc } from './lib.mjs';

const programs = [
  ['-b', 'contracts', 'server'],
  ['-p', 'server/tsconfig.test.json'],
  ['-p', 'contracts/tsconfig.test.json'],
  ['-p', 'web/tsconfig.json'],
  ['-p', 'e2e/tsconfig.json'],
];

for (const args of programs) {
  const code = await run(process.execPath, [tsc, ...args], { cwd: root });
  if (code !== 0) process.exit(code);
}
