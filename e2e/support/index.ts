import { randomBytes } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';

export { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL, E2E_PORT, siteUrl } from './env.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL } from './env.js';

/**
 * Declares that the running test makes the server answer 5xx or log an error on purpose; else
 * such a line in the server's log fails the run (support/server-log-reporter.ts).
 */
export function expectServerErrors(reason: string): void {
  test.info().annotations.push({ type: 'server-errors', description: reason });
}

/** The response envelope every API call answers with. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  data: T;
}

/** Reads an API response as the envelope and checks its shape (not its success). */
export async function envelopeOf<T = unknown>(res: APIResponse): Promise<Envelope<T>> {
  const body = (await res.json()) as Envelope<T>;
  expect(body).toEqual(
    expect.objectContaining({
      code: res.status(),
      success: expect.any(Boolean),
      message: expect.any(String),
    }),
  );
  expect(body).toHaveProperty('data');
  return body;
}

/** Calls `/api<path>` and returns the envelope's `data`, failing the test on a non-2xx answer. */
export async function api<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; guestId?: string; body?: unknown; host?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.guestId) headers.guestid = options.guestId;
  if (options.host) headers.host = options.host;
  const res = await request.fetch(`${BASE_URL}/api${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { data: options.body }),
  });
  const body = await envelopeOf<T>(res);
  expect(res.ok(), `${method} ${path} → ${res.status()} ${body.message}`).toBe(true);
  return body.data;
}

/** Signs in through the API and returns the session token. */
export async function apiLogin(
  request: APIRequestContext,
  username: string = ADMIN_USERNAME,
  password: string = ADMIN_PASSWORD,
): Promise<string> {
  const data = await api<{ token: string }>(request, 'POST', '/auth/login', {
    body: { username, password },
  });
  return data.token;
}

/** A session token of the seeded admin (ADMIN_USERNAME / ADMIN_PASSWORD). */
export function adminToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, ADMIN_USERNAME, ADMIN_PASSWORD);
}

/** A unique username, so tests never collide on the shared e2e database. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Registers a new user through the API; returns its credentials and session token. */
export async function registerUser(
  request: APIRequestContext,
  prefix = 'u',
): Promise<{ username: string; password: string; token: string }> {
  const username = uniqueName(prefix);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const data = await api<{ token: string }>(request, 'POST', '/auth/register', {
    body: { username, password },
  });
  return { username, password, token: data.token };
}

/** Before the page's scripts run: signed in as `token`, the interface in `language`. */
export async function signInBeforeLoad(page: Page, token: string, language = 'en-US') {
  await page.addInitScript(
    ([t, lang]) => {
      localStorage.setItem(
        'appSetting',
        JSON.stringify({ state: { language: lang, languageChosen: true }, version: 0 }),
      );
      localStorage.setItem('SECRET_TOKEN', t!);
    },
    [token, language],
  );
}

/**
 * Paints one stroke across a mask painter, from (x0, y0) to (x1, y1) in fractions of its size.
 * Waits for the picture under it to load (the canvas ignores strokes before) and for the dialog
 * around it to stop moving, since the mouse goes to coordinates taken once.
 */
export async function paintStroke(page: Page, canvas: Locator, from = [0.2, 0.3], to = [0.5, 0.5]) {
  await expect(canvas).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await canvas.hover();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0]!, box.y + box.height * from[1]!);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0]!, box.y + box.height * to[1]!, { steps: 8 });
  await page.mouse.up();
}

/**
 * A drawing model on a midjourney-proxy (a loopback fake of `server/test/fakes/`), its imagine
 * priced 1 credit. `remove()` deletes the model and the provider: screens that pick the first
 * drawing model must not meet it after the test.
 */
export async function addMidjourneyProxyModel(
  request: APIRequestContext,
  admin: string,
  proxy: { url: string; secret: string },
  prefix = 'mjp',
): Promise<{ modelId: number; remove(): Promise<void> }> {
  const created: { model?: number; provider?: number } = {};
  const remove = async () => {
    if (created.model)
      await api(request, 'POST', '/admin/chat/models/delete', {
        token: admin,
        body: { id: created.model },
      });
    if (created.provider)
      await api(request, 'POST', '/admin/chat/providers/delete', {
        token: admin,
        body: { id: created.provider },
      });
  };
  try {
    const provider = await api<{ id: number }>(request, 'POST', '/admin/chat/providers/create', {
      token: admin,
      body: {
        name: uniqueName(prefix),
        protocol: 'midjourney',
        baseUrl: proxy.url,
        apiKey: proxy.secret,
      },
    });
    created.provider = provider.id;
    const priceModel = uniqueName(`${prefix}price`);
    await api(request, 'POST', '/admin/credits/prices/create', {
      token: admin,
      body: {
        model: priceModel,
        action: 'imagine',
        category: 'image',
        label: 'e2e mj',
        credits: 1,
      },
    });
    const model = await api<{ id: number }>(request, 'POST', '/admin/chat/models/create', {
      token: admin,
      body: {
        name: uniqueName(`${prefix}m`),
        upstreamModel: 'novicezk',
        providerId: provider.id,
        kind: 'image',
        priceKey: `${priceModel}:imagine`,
      },
    });
    created.model = model.id;
    return { modelId: model.id, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
