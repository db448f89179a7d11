/** Fixed values the e2e server is started with (playwright.config.ts) and the tests use. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN_USERNAME = 'e2eadmin';
export const ADMIN_PASSWORD = 'e2e-admin-password-1';

/** The same server under another site domain (*.atelier.test resolves to 127.0.0.1 in Chromium). */
export function siteUrl(subdomain: string, pathname = '/'): string {
  return `http://${subdomain}.atelier.test:${E2E_PORT}${pathname}`;
}

/**
 * The WeChat fake's port (server/test/fakes/wechat.ts): the e2e server reaches WeChat there
 * (WECHAT_API_BASE, WECHAT_QR_BASE); tests/wechat.spec.ts starts the fake on it.
 */
export const WECHAT_FAKE_PORT = Number(process.env.E2E_WECHAT_PORT ?? E2E_PORT + 20000);

/**
 * The GitHub fake's port (server/src/test/github.ts): the e2e server reaches GitHub there
 * (GITHUB_BASE, GITHUB_API_BASE); tests/oidc.spec.ts starts the fake on it.
 */
export const GITHUB_FAKE_PORT = Number(process.env.E2E_GITHUB_PORT ?? E2E_PORT + 20001);
