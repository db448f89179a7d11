import { describe, expect, it } from 'vitest';
import {
  bestEffort,
  firstConnection,
  Incident,
  isOutage,
  isStatementTimeout,
  type IncidentLog,
} from './outage.js';
import { EventEmitter } from 'node:events';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('telling an outage from other failures', () => {
  it('knows a server gone, going or not yet back', () => {
    for (const error of [
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('read ECONNRESET', 'ECONNRESET'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      coded('the database system is shutting down', '57P03'),
      coded('sorry, too many clients already', '53300'),
      coded('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Command timed out'),
      new Error('Reached the max retries per request limit (which is 1). Refer to …'),
      new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      // No answer at all within the serving bound (db/database.ts).
      new Error('Query read timeout'),
      // Its connect timeout: a server that accepts the socket and then says nothing.
      new Error('timeout expired'),
      // Cancelled by the serving bound: try again shortly, as after an outage; logged apart.
      coded('canceling statement due to statement timeout', '57014'),
    ])
      expect(isOutage(error), error.message).toBe(true);
    expect(isStatementTimeout(coded('canceling statement due to statement timeout', '57014'))).toBe(
      true,
    );
    expect(isStatementTimeout(coded('terminating connection', '57P01'))).toBe(false);
  });

  it('leaves wrong queries, refusals and upstream failures alone', () => {
    for (const error of [
      coded('duplicate key value violates unique constraint', '23505'),
      coded('relation "nope" does not exist', '42P01'),
      new Error('ERR wrong number of arguments'),
      // A failed fetch to an upstream is the upstream's failure, whatever its cause says.
      new TypeError('fetch failed', { cause: coded('connect ECONNREFUSED', 'ECONNREFUSED') }),
      'ECONNREFUSED',
      null,
    ])
      expect(isOutage(error), String(error)).toBe(false);
  });
});

function recorder() {
  const lines: Array<[string, object, string]> = [];
  const log: IncidentLog = {
    warn: (details, message) => lines.push(['warn', details, message]),
    info: (details, message) => lines.push(['info', details, message]),
  };
  return { lines, log };
}

describe('an incident', () => {
  it('is written once when it starts and once when it ends, however many saw it', () => {
    const { lines, log } = recorder();
    const incident = new Incident('database');
    incident.logTo(log);
    incident.answered(); // nothing was wrong: nothing to say
    for (let i = 0; i < 10; i++) incident.failed(coded('terminating connection', '57P01'));
    expect(incident.down).toBe(true);
    incident.answered();
    incident.answered();
    expect(lines.map(([level, , message]) => [level, message])).toEqual([
      ['warn', 'database unreachable: requests that need it answer 503 until it is back'],
      ['info', 'database reachable again'],
    ]);
    expect(lines[0]![1]).toMatchObject({ dependency: 'database', code: '57P01' });
    expect(lines[1]![1]).toHaveProperty('downMs');
    incident.failed(new Error('Connection is closed.'));
    expect(lines).toHaveLength(3);
  });
});

describe('best effort', () => {
  it('answers whether the work succeeded in time, and never fails', async () => {
    expect(await bestEffort(async () => 'done', 1000)).toBe(true);
    expect(await bestEffort(() => Promise.reject(new Error('down')), 1000)).toBe(false);
    expect(
      await bestEffort(() => {
        throw new Error('at once');
      }, 1000),
    ).toBe(false);
    const started = Date.now();
    expect(await bestEffort(() => new Promise(() => undefined), 50)).toBe(false);
    // The work never ends: any bound tells "in time" from "waiting"; a busy machine is slow.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('waits for a first connection still being made, at most its bound', async () => {
    const redis = Object.assign(new EventEmitter(), { status: 'connecting' });
    const connected = firstConnection(redis, 5000);
    let passed = false;
    const waiting = connected().then(() => (passed = true));
    await new Promise((r) => setImmediate(r));
    expect(passed).toBe(false);
    redis.status = 'ready';
    redis.emit('ready');
    await waiting;
    expect(passed).toBe(true);
    const started = Date.now();
    const never = firstConnection(Object.assign(new EventEmitter(), { status: 'connecting' }), 50);
    await never();
    expect(Date.now() - started).toBeLessThan(1000);
    // A first attempt that failed: Redis is away, no use waiting.
    const refused = Object.assign(new EventEmitter(), { status: 'connecting' });
    refused.on('error', () => undefined);
    const afterRefusal = firstConnection(refused, 60_000);
    refused.emit('error', new Error('connect ECONNREFUSED'));
    await afterRefusal();
  });
});
