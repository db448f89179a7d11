/**
 * A fake of the hosted captchas' siteverify: a real HTTP server on loopback answering as
 * - Cloudflare Turnstile, `POST /turnstile/v0/siteverify` (developers.cloudflare.com/turnstile/
 *   get-started/server-side-validation/): form-encoded or JSON `secret`, `response`,
 *   `remoteip`, `idempotency_key`; always a JSON answer, `{ success, "error-codes", challenge_ts,
 *   hostname, action, cdata }`; its refusals `missing-input-secret`, `invalid-input-secret`,
 *   `missing-input-response`, `invalid-input-response`, `timeout-or-duplicate` (a token is
 *   valid 300 s and once), `bad-request`, `internal-error`;
 * - hCaptcha, `POST /siteverify` (docs.hcaptcha.com, "Verify the user response server side"):
 *   form-encoded `secret`, `response`, `remoteip`, `sitekey`; `{ success, challenge_ts, hostname,
 *   credit, "error-codes" }`; its refusals `missing-input-secret`, `invalid-input-secret`,
 *   `missing-input-response`, `invalid-input-response`, `expired-input-response`,
 *   `already-seen-response`, `sitekey-secret-mismatch`, `bad-request`.
 * Tokens are what the widget would give the browser: `issue()` makes one for a site key.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeKeys {
  siteKey: string;
  secret: string;
}

interface Issued {
  provider: 'turnstile' | 'hcaptcha';
  siteKey: string;
  at: number;
  used: boolean;
}

const TOKEN_TTL_MS = 300_000;

export async function startSiteverify(keys: { turnstile: FakeKeys; hcaptcha: FakeKeys }) {
  const tokens = new Map<string, Issued>();
  /** Every call, to check what the server sent (never shown in a log). */
  const calls: Array<{ provider: string; form: Record<string, string> }> = [];
  let mode: 'up' | 'error-503' | 'drop' = 'up';

  const answer = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  function check(provider: 'turnstile' | 'hcaptcha', form: Record<string, string>): string[] {
    const own = keys[provider];
    if (!form.secret) return ['missing-input-secret'];
    if (form.secret !== own.secret) return ['invalid-input-secret'];
    // hCaptcha: the site key given must be the one registered with this secret.
    if (provider === 'hcaptcha' && form.sitekey && form.sitekey !== own.siteKey)
      return ['sitekey-secret-mismatch'];
    if (!form.response) return ['missing-input-response'];
    const t = tokens.get(form.response);
    if (!t || t.provider !== provider || t.siteKey !== own.siteKey)
      return ['invalid-input-response'];
    if (t.used)
      return [provider === 'turnstile' ? 'timeout-or-duplicate' : 'already-seen-response'];
    if (Date.now() - t.at > TOKEN_TTL_MS)
      return [provider === 'turnstile' ? 'timeout-or-duplicate' : 'expired-input-response'];
    t.used = true;
    return [];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (mode === 'drop') return req.socket.destroy();
      if (mode === 'error-503') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end('<html><body>503 Service Unavailable</body></html>');
      }
      const path = (req.url ?? '').split('?')[0];
      const provider =
        path === '/turnstile/v0/siteverify'
          ? 'turnstile'
          : path === '/siteverify'
            ? 'hcaptcha'
            : null;
      if (!provider || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{}');
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      let form: Record<string, string>;
      try {
        form =
          provider === 'turnstile' && (req.headers['content-type'] ?? '').includes('json')
            ? (JSON.parse(raw) as Record<string, string>)
            : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        return answer(res, { success: false, 'error-codes': ['bad-request'], messages: [] });
      }
      calls.push({ provider, form });
      const errors = check(provider, form);
      const now = new Date().toISOString();
      if (provider === 'turnstile')
        return answer(
          res,
          errors.length
            ? { success: false, 'error-codes': errors, messages: [] }
            : {
                success: true,
                'error-codes': [],
                challenge_ts: now,
                hostname: 'localhost',
                action: '',
                cdata: '',
                metadata: { interactive: false },
              },
        );
      return answer(
        res,
        errors.length
          ? { success: false, 'error-codes': errors }
          : { success: true, challenge_ts: now, hostname: 'localhost', credit: false },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    turnstileUrl: `${base}/turnstile/v0/siteverify`,
    hcaptchaUrl: `${base}/siteverify`,
    calls,
    /** A token the provider's widget would give a visitor who passed (valid once, 300 s). */
    issue(provider: 'turnstile' | 'hcaptcha', siteKey = keys[provider].siteKey, ageMs = 0) {
      const token = `${provider === 'hcaptcha' ? 'P1_' : '0.'}${randomBytes(48).toString('base64url')}`;
      tokens.set(token, { provider, siteKey, at: Date.now() - ageMs, used: false });
      return token;
    },
    /** `error-503`: answers 503 HTML; `drop`: closes the connection without an answer. */
    setMode(next: 'up' | 'error-503' | 'drop') {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
