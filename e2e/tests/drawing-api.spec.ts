import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFakeMidjourneyProxy } from '../../server/test/fakes/midjourney-proxy.js';
import {
  addMidjourneyProxyModel,
  adminToken,
  api,
  BASE_URL,
  registerUser,
} from '../support/index.js';

/**
 * Midjourney on the built server, through its HTTP API (the screen has a spec of its own):
 * the offline demo draws on a fresh install, and a midjourney-proxy outside the server's
 * process reaches it back through the notify hook on PUBLIC_URL.
 */

interface Task {
  id: number;
  status: number;
  progress: number;
  images: Array<{ url: string }>;
  buttons: Array<{ customId: string; label: string }>;
  error: string | null;
}

async function waitDone(request: APIRequestContext, token: string, id: number): Promise<Task> {
  const end = Date.now() + 15_000;
  for (;;) {
    const r = await api<{ rows: Task[] }>(request, 'POST', '/queue/getMjStatus', {
      token,
      body: { ids: [id] },
    });
    const t = r.rows[0]!;
    if (t.status >= 3) return t;
    if (Date.now() > end) throw new Error(`task ${id} still at ${t.progress}%`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

test('the offline demo draws a grid and upscales a picture of it', async ({ request }) => {
  const user = await registerUser(request, 'mj');
  const models = await api<{ rows: Array<{ id: number; demo: boolean }> }>(
    request,
    'GET',
    '/autoreply/queryMjModel',
  );
  const demo = models.rows.find((m) => m.demo)!;
  const q = await api<Task>(request, 'POST', '/queue/addMjDrawQueue', {
    token: user.token,
    body: {
      type: 'imagine',
      modelId: demo.id,
      prompt: 'a lighthouse at dusk --ar 3:2',
      params: {},
    },
  });
  const grid = await waitDone(request, user.token, q.id);
  expect(grid.status, grid.error ?? '').toBe(3);
  const png = await request.get(`${BASE_URL}${grid.images[0]!.url}`);
  expect(png.headers()['content-type']).toBe('image/png');
  const u3 = grid.buttons.find((b) => b.label === 'U3')!;
  const up = await api<Task>(request, 'POST', '/queue/addMjDrawQueue', {
    token: user.token,
    body: { type: 'action', taskId: grid.id, customId: u3.customId },
  });
  expect((await waitDone(request, user.token, up.id)).status).toBe(3);
});

test('a midjourney-proxy reports progress through the notify hook', async ({ request }) => {
  const fake = await startFakeMidjourneyProxy({ stepMs: 40 });
  const admin = await adminToken(request);
  // The model leaves with the fake: the screens' specs that follow pick the first drawing model.
  const { modelId, remove } = await addMidjourneyProxyModel(request, admin, fake);
  try {
    const user = await registerUser(request, 'mjp');
    const q = await api<Task>(request, 'POST', '/queue/addMjDrawQueue', {
      token: user.token,
      body: { type: 'imagine', modelId, prompt: 'a harbour at night', params: {} },
    });
    const done = await waitDone(request, user.token, q.id);
    expect(done.status, done.error ?? '').toBe(3);
    const hook = String(fake.submits[0]!.body.notifyHook);
    expect(hook.startsWith(`${BASE_URL}/api/mj/notify?secret=`)).toBe(true);
    expect(fake.deliveries.length).toBeGreaterThan(0);
    expect(fake.deliveries.every((d) => d.status === 200)).toBe(true);
  } finally {
    await remove();
    await fake.close();
  }
});
