import { afterAll, vi } from 'vitest';
import { installServerErrorCheck } from './server-errors.js';

// Every server test file: a 5xx answer or a log line of level ≥ 50 fails the test that caused
// it unless the test declared it with expectServerErrors() (docs/testing.md).
installServerErrorCheck();

// The files of a worker run one after the other in one process (vitest.config.ts): what a file
// changed of the process's globals is put back when it ends, so the next one starts as fresh.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
