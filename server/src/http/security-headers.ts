import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { parseStorageUrl } from '../storage/s3.js';

/**
 * Where pictures may load from: the site itself, data: and blob: (previews), the S3 bucket
 * when large files are answered with a presigned link to it (a redirect an <img> follows), and
 * the origins the operator lists (IMG_ORIGINS). Never any https: address: a model's answer
 * (or a market prompt steering it) could otherwise send conversation text out in the address
 * of a picture the browser loads by itself; remote pictures in answers load on a click,
 * through our address-guarded proxy (docs/security.md).
 */
export function imageSources(config: Pick<Config, 'storageUrl' | 'files' | 'imgOrigins'>) {
  const bucket =
    config.storageUrl && config.files.bucketLinkMinBytes > 0
      ? [parseStorageUrl(config.storageUrl).endpoint]
      : [];
  return ["'self'", 'data:', 'blob:', ...bucket, ...config.imgOrigins];
}

/**
 * Baidu Tongji's beacon: hm.js (scriptSrc) reports each page view by loading this one picture
 * (`new Image().src = 'https://hm.baidu.com/hm.gif?si=…'`), so without it the operator's
 * baiduCode loads a script whose every report the browser blocks. Only that path, not the host.
 * Pages with no script (a shared conversation) leave it out.
 */
export const BAIDU_BEACON = 'https://hm.baidu.com/hm.gif';

/**
 * The hosted captchas a site may ask where abuse is seen (docs/identity.md, Captcha): their
 * widget script, its frame, styles and calls. The browser loads them only when the server asks
 * that captcha of it.
 */
const TURNSTILE = 'https://challenges.cloudflare.com';
const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

/**
 * Content-Security-Policy of the web app: scripts from the site itself and Baidu Tongji (the
 * analytics the spec's baiduCode names), and the hosted captchas' widgets; inline styles because
 * antd writes styles at run time.
 */
const policyFor = (imgSrc: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://hm.baidu.com', TURNSTILE, ...HCAPTCHA],
      styleSrc: ["'self'", "'unsafe-inline'", ...HCAPTCHA],
      frameSrc: [TURNSTILE, ...HCAPTCHA],
      imgSrc: [...imgSrc, BAIDU_BEACON],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://hm.baidu.com', ...HCAPTCHA],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Runs helmet once against a recording response and keeps the headers it would set. */
function computeHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The policy of answers a browser never shows as a page: the API's JSON (and its NDJSON
 * streams) and the app's scripts and styles. A Content-Security-Policy is enforced on documents
 * and workers only; these are neither (`nosniff` keeps a JSON answer from being read as HTML,
 * and the app starts no worker), so they carry the strict policy OWASP's REST Security Cheat
 * Sheet gives APIs rather than the page's: the page's is about 800 bytes, sent on each of a
 * first visit's two dozen answers, about 19 KB on a slow phone link.
 */
export const ANSWER_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A contract route (`http/route.ts`: its `config.access`) answers the JSON envelope. */
const answersJson = (req: FastifyRequest) =>
  (req.routeOptions.config as { access?: unknown } | undefined)?.access !== undefined;

/** The build's hashed scripts and styles (`/assets/…`), served as files. */
const SCRIPT_OR_STYLE = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

/**
 * The security headers are the same for every response of a kind, so they are computed once at
 * start (@fastify/helmet rebuilds helmet's middleware on every request, a visible share of a
 * read's CPU): the page's policy, or `ANSWER_POLICY` for JSON, scripts and styles. A route that
 * needs its own policy (the API docs page, a shared conversation) overrides the header itself.
 * HSTS goes only on answers served over HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const secure = computeHeaders(policyFor(imageSources(app.ctx.config)));
  // HSTS means something only over HTTPS; over plain http it is not sent (a browser would
  // ignore it, and a site still on http must not promise HTTPS it does not have).
  const plain = Object.fromEntries(
    Object.entries(secure).filter(([name]) => name !== 'strict-transport-security'),
  );
  const answer = (page: Record<string, string>) => ({
    ...page,
    'content-security-policy': ANSWER_POLICY,
  });
  const secureAnswer = answer(secure);
  const plainAnswer = answer(plain);
  app.addHook('onRequest', (req, reply, done) => {
    // `req.protocol` is `https` for TLS here, or x-forwarded-proto from a trusted proxy.
    const https = req.protocol === 'https';
    const notAPage = answersJson(req) || SCRIPT_OR_STYLE.test(req.url);
    reply.headers(notAPage ? (https ? secureAnswer : plainAnswer) : https ? secure : plain);
    done();
  });
}
