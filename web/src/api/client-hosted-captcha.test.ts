import { endpoint } from '@atelier/contracts';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../lib/notify';
import { api, apiData } from './client';

/**
 * A site's hosted captcha (lib/hosted-captcha.ts) as the API client meets it: a 403 naming
 * the provider and site key; the provider's globals stand for its widget script.
 */
const chatProcess = endpoint({
  method: 'POST',
  path: '/chatgpt/chat-process',
  access: 'identity',
  summary: 'test',
  tags: [],
  body: z.object({ prompt: z.string() }),
  data: z.unknown(),
});
const envelope = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, success: code < 300, message, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });

let errors: string[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const answer = (...responses: Response[]) => {
  for (const r of responses) fetchMock.mockResolvedValueOnce(r);
};
const lastRequest = () => {
  const [, init] = fetchMock.mock.calls.at(-1)!;
  return { headers: init!.headers as Record<string, string> };
};

beforeEach(() => {
  errors = [];
  setNotifier({ error: (m) => errors.push(m), success: () => {}, info: () => {} });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('403 asking the hosted captcha', () => {
  it("shows the site's hosted widget, loaded only now, and sends its token once more", async () => {
    answer(
      envelope(403, { captcha: { provider: 'turnstile', siteKey: '0x4AAAAAAAkey' } }, 'check'),
      envelope(200, { ok: true }),
    );
    // The widget as the provider's script makes it (the test pages load no script file).
    const rendered: Array<{ inDialog: boolean; opts: Record<string, unknown> }> = [];
    vi.stubGlobal('turnstile', {
      render: (el: HTMLElement, opts: Record<string, unknown>) => {
        rendered.push({ inDialog: !!el.closest('[role="dialog"]'), opts });
        (opts.callback as (token: string) => void)('widget-token-1');
      },
    });
    expect(document.querySelector('script[data-captcha]')).toBeNull();
    await expect(apiData(chatProcess, { body: { prompt: 'x' } })).resolves.toEqual({ ok: true });
    const script = document.querySelector<HTMLScriptElement>('script[data-captcha="turnstile"]');
    expect(script?.src).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(rendered).toEqual([
      { inDialog: true, opts: expect.objectContaining({ sitekey: '0x4AAAAAAAkey' }) as unknown },
    ]);
    expect(lastRequest().headers['X-Captcha']).toBe('widget-token-1');
    expect(document.querySelector('[data-testid="hosted-captcha"]')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows the refusal when the visitor closes the hosted widget', async () => {
    answer(envelope(403, { captcha: { provider: 'hcaptcha', siteKey: 'abc-123' } }, 'check'));
    vi.stubGlobal('hcaptcha', { render: () => 'widget-1' });
    const call = api(chatProcess, { body: { prompt: 'x' } });
    const cancel = await vi.waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-testid="hosted-captcha"] button');
      if (!b) throw new Error('no dialog yet');
      return b;
    });
    expect(document.querySelector('script[data-captcha="hcaptcha"]')).not.toBeNull();
    cancel.click();
    await expect(call).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['check']);
    expect(document.querySelector('[data-testid="hosted-captcha"]')).toBeNull();
  });
});
