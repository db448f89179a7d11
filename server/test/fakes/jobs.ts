import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A fake generation upstream on 127.0.0.1 speaking a small job protocol:
 * POST /jobs → `{ id }`; GET /jobs/:id → `{ status: 'running', progress }` until `durationMs`
 * have passed, then `{ status: 'done', imageUrl }`; GET /img/:id.png → a PNG.
 * Faults are set on the returned object while it runs.
 */
export interface JobUpstream {
  url: string;
  /** Answer the next N submits with 500. */
  failSubmits: number;
  /** Answer the next N polls with 500. */
  failPolls: number;
  /** Never answer submits (the engine's step timeout must fire). */
  hangSubmits: boolean;
  /** Start the job of the next N submits, then drop the connection without an answer. */
  resetSubmits: number;
  /** Delay before every answer. */
  latencyMs: number;
  durationMs: number;
  submits: number;
  polls: number;
  jobs: Map<string, number>;
  close(): Promise<void>;
}

export async function startJobUpstream(
  options: { durationMs?: number; latencyMs?: number; port?: number } = {},
): Promise<JobUpstream> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  let next = 1;
  const hanging = new Set<http.ServerResponse>();
  const state: JobUpstream = {
    url: '',
    failSubmits: 0,
    failPolls: 0,
    hangSubmits: false,
    resetSubmits: 0,
    latencyMs: options.latencyMs ?? 0,
    durationMs: options.durationMs ?? 60,
    submits: 0,
    polls: 0,
    jobs: new Map(),
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = () => {
        const path = (req.url ?? '/').split('?')[0]!;
        if (req.method === 'POST' && path === '/jobs') {
          state.submits++;
          if (state.hangSubmits) return void hanging.add(res);
          if (state.failSubmits > 0) {
            state.failSubmits--;
            return json(res, 500, { error: 'upstream broke' });
          }
          const id = `job-${next++}`;
          state.jobs.set(id, Date.now());
          if (state.resetSubmits > 0) {
            state.resetSubmits--;
            return void req.socket.destroy();
          }
          return json(res, 200, { id });
        }
        const job = /^\/jobs\/([\w-]+)$/.exec(path);
        if (req.method === 'GET' && job) {
          state.polls++;
          if (state.failPolls > 0) {
            state.failPolls--;
            return json(res, 500, { error: 'upstream broke' });
          }
          const started = state.jobs.get(job[1]!);
          if (started === undefined) return json(res, 404, { error: 'no such job' });
          const elapsed = Date.now() - started;
          if (elapsed < state.durationMs)
            return json(res, 200, {
              status: 'running',
              progress: Math.floor((elapsed / state.durationMs) * 100),
            });
          return json(res, 200, { status: 'done', imageUrl: `${state.url}/img/${job[1]}.png` });
        }
        if (req.method === 'GET' && path.startsWith('/img/')) {
          res.writeHead(200, { 'content-type': 'image/png' });
          return void res.end(png);
        }
        json(res, 404, { error: 'not found' });
      };
      if (state.latencyMs > 0) setTimeout(answer, state.latencyMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
