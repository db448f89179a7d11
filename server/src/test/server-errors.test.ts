import { describe, expect, it } from 'vitest';
import { createTestApp, expectServerErrors } from './harness.js';
import { recordedServerIncidents } from './server-errors.js';

/** The check itself (server-errors.ts): 5xx answers and error lines of a test app are recorded. */
describe('server error check', () => {
  it('records a 500 answer and its error line; a 4xx or a warning is not recorded', async () => {
    const t = await createTestApp({
      beforeReady: (app) =>
        app.get('/boom-test', async () => {
          throw new Error('boom');
        }),
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(
        404,
      );
      expect(recordedServerIncidents()).toEqual([]);
      const res = await t.app.inject({ method: 'GET', url: '/boom-test' });
      expect(res.statusCode).toBe(500);
      const found = recordedServerIncidents();
      expect(found.map((i) => i.kind).sort()).toEqual(['answer', 'log']);
      expect(found.find((i) => i.kind === 'answer')?.text).toBe('500 GET /boom-test');
      expect(found.find((i) => i.kind === 'log')?.text).toContain('"level":50');
      // Declared: the check accepts both when the test ends.
      expectServerErrors(500, /"level":50/);
    } finally {
      await t.close();
    }
  });
});
