import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LazyRequestLogger } from './logger.js';
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

describe('a request logger', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as never) };
    return { lines, log: pino({ level: 'info' }, stream) };
  };

  it('is made a child only when something logs through it, with the request id bound', () => {
    const { lines, log } = capture();
    let children = 0;
    const child = log.child.bind(log);
    log.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof log.child;
    const req = new LazyRequestLogger(log, { reqId: 'r-1' }, {});
    expect(req.level).toBe('info');
    expect(req.isLevelEnabled('debug')).toBe(false);
    expect(req.isLevelEnabled('info')).toBe(true);
    expect(children).toBe(0);
    req.debug('not written');
    req.warn({ extra: 1 }, 'written');
    expect(children).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ level: 40, reqId: 'r-1', extra: 1 })]);
    expect(req.bindings()).toEqual({ reqId: 'r-1' });
  });

  it('keeps a level given for the route', () => {
    const { lines, log } = capture();
    const req = new LazyRequestLogger(log, { reqId: 'r-2' }, { level: 'debug' });
    expect(req.level).toBe('debug');
    expect(req.isLevelEnabled('debug')).toBe(true);
    req.debug('written');
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'r-2', msg: 'written' })]);
  });
});
