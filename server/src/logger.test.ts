import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness.js';

describe('request log', () => {
  it('writes one line per request at info: method, route, status, time and request id', async () => {
    const t = await createTestApp({ config: { logLevel: 'info' } });
    try {
      const before = t.logs.lines().length;
      const ok = await t.app.inject({ method: 'GET', url: '/api/config/queryFronet?x=1' });
      const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/path?token=abc' });
      const lines = t.logs
        .lines()
        .slice(before)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({
        level: 30,
        msg: 'request',
        method: 'GET',
        route: '/api/config/queryFronet',
        status: ok.statusCode,
        reqId: ok.headers['x-request-id'],
      });
      expect(typeof lines[0]!.ms).toBe('number');
      // No route: the path, without its query (which may hold anything).
      expect(lines[1]).toMatchObject({ route: '/api/no/such/path', status: missing.statusCode });
    } finally {
      await t.close();
    }
  });
});
