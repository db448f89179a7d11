/**
 * A site's hosted captcha (docs/identity.md, Captcha): Cloudflare Turnstile or hCaptcha, asked
 * by the server (a 403 whose `data.captcha` names the provider and the public site key) only
 * of a network where abuse was seen. Only then is the provider's widget script loaded, and the
 * widget shown in a small dialog; its token goes back in `X-Captcha`. Nothing here sees the
 * provider's secret: the server checks the token at the provider.
 */
export interface HostedAsk {
  provider: 'turnstile' | 'hcaptcha';
  siteKey: string;
}

/** The hosted captcha an error answer's data asks for, if it asks for one. */
export function hostedCaptchaOf(data: unknown): HostedAsk | null {
  if (!data || typeof data !== 'object' || !('captcha' in data)) return null;
  const c: unknown = data.captcha;
  if (!c || typeof c !== 'object' || !('provider' in c) || !('siteKey' in c)) return null;
  const { provider, siteKey } = c;
  if (provider !== 'turnstile' && provider !== 'hcaptcha') return null;
  if (typeof siteKey !== 'string' || !/^[\w-]{1,100}$/.test(siteKey)) return null;
  return { provider, siteKey };
}

/** The widget scripts, rendered explicitly (into our dialog, not on page load). */
export const WIDGET_SCRIPTS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
} as const;

/** What both widgets' globals (`turnstile`, `hcaptcha`) offer for an explicit render. */
interface WidgetApi {
  render: (el: HTMLElement, options: Record<string, unknown>) => unknown;
}

const loaded = new Map<HostedAsk['provider'], Promise<WidgetApi>>();
const globalOf = (p: HostedAsk['provider']): WidgetApi | undefined =>
  (window as unknown as Record<string, WidgetApi | undefined>)[p];

/** Loads a provider's widget script once (the first time its captcha is asked). */
export function loadWidget(provider: HostedAsk['provider']): Promise<WidgetApi> {
  const known = loaded.get(provider);
  if (known) return known;
  const promise = new Promise<WidgetApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPTS[provider];
    script.async = true;
    script.dataset.captcha = provider;
    script.onload = () => {
      const api = globalOf(provider);
      if (api) resolve(api);
      else reject(new Error(`${provider} did not load`));
    };
    script.onerror = () => reject(new Error(`${provider} could not be loaded`));
    document.head.appendChild(script);
  });
  // A failed load may be tried again by a later call.
  promise.catch(() => loaded.delete(provider));
  loaded.set(provider, promise);
  return promise;
}

/**
 * Shows the widget in a small dialog above the page; resolves with its token, or null when
 * the visitor closes it or the widget fails (the call then shows the server's refusal).
 */
export async function askHostedCaptcha(
  ask: HostedAsk,
  text: { title: string; cancel: string },
): Promise<string | null> {
  const backdrop = document.createElement('div');
  backdrop.setAttribute('data-testid', 'hosted-captcha');
  backdrop.style.cssText =
    'position:fixed;inset:0;z-index:2000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45)';
  const box = document.createElement('div');
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-label', text.title);
  box.style.cssText =
    'background:#fff;color:#222;border-radius:8px;padding:20px;display:flex;flex-direction:column;gap:12px;align-items:center;min-width:320px';
  const title = document.createElement('p');
  title.textContent = text.title;
  title.style.margin = '0';
  const slot = document.createElement('div');
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = text.cancel;
  box.append(title, slot, cancel);
  backdrop.append(box);
  document.body.append(backdrop);
  try {
    return await new Promise<string | null>((resolve) => {
      cancel.onclick = () => resolve(null);
      backdrop.onkeydown = (e) => {
        if (e.key === 'Escape') resolve(null);
      };
      cancel.focus();
      loadWidget(ask.provider).then(
        (api) =>
          api.render(slot, {
            sitekey: ask.siteKey,
            callback: (token: unknown) => resolve(typeof token === 'string' ? token : null),
            'error-callback': () => {
              resolve(null);
              // Turnstile: the error is handled here, not thrown.
              return true;
            },
            'expired-callback': () => resolve(null),
          }),
        () => resolve(null),
      );
    });
  } finally {
    backdrop.remove();
  }
}
