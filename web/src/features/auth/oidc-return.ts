import { i18n } from '../../i18n';
import { notify } from '../../lib/notify';
import { oidcFinish, oidcStart } from './auth-api';
import { completeSignIn, keptInviteCode } from './sign-in';

/**
 * "Sign in with …" (OpenID Connect, docs/identity.md): the provider sends the browser to the
 * server's callback, which sends it back to `/#oidc=<ticket>` (or `/#oidc-error=<word>`). The
 * ticket is in the fragment so no server log holds it; it is taken out of the address bar at
 * start-up and exchanged once the identity is known.
 */
const TICKET = '#oidc=';
const ERROR = '#oidc-error=';

let pending: { ticket: string } | { error: string } | null = null;

/** Takes the ticket (or the error) out of the address bar; true when there was one. */
export function takeOidcReturn(): boolean {
  const hash = window.location.hash;
  const found = hash.startsWith(TICKET)
    ? { ticket: hash.slice(TICKET.length) }
    : hash.startsWith(ERROR)
      ? { error: hash.slice(ERROR.length) }
      : null;
  if (!found) return false;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  pending = found;
  return true;
}

/** Goes to the provider to sign in. */
export async function goToProvider(provider: string): Promise<void> {
  const { url } = await oidcStart(provider);
  window.location.assign(url);
}

const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);

async function finish(ticket: string, consent: boolean): Promise<void> {
  const answer = await oidcFinish({
    ticket,
    ...(consent ? { consent: true } : {}),
    invitedBy: keptInviteCode(),
  });
  if (answer.outcome === 'signed-in')
    await completeSignIn(
      answer.token,
      answer.created ? 'auth:register.success' : 'auth:login.success',
    );
  else if (answer.outcome === 'linked') notify.success(t('auth:oidc.linked'));
  else {
    // antd's Modal (with its form context) stays out of the first load: few visits need it.
    const { default: Modal } = await import('antd/es/modal');
    Modal.confirm({
      title: t('auth:oidc.consentTitle', { provider: answer.provider }),
      content: t('auth:oidc.consentText', { provider: answer.provider, email: answer.email }),
      okText: t('auth:oidc.consentYes'),
      cancelText: t('auth:oidc.consentNo'),
      onOk: () => finish(ticket, true).catch(() => undefined),
    });
  }
}

/** Exchanges the ticket the page was opened with (once), or says why the provider failed. */
export async function finishOidcReturn(): Promise<void> {
  const found = pending;
  pending = null;
  if (!found) return;
  if ('error' in found) {
    notify.error(t(found.error === 'denied' ? 'auth:oidc.denied' : 'auth:oidc.failed'));
    return;
  }
  // A refusal (expired ticket, address unverified, linked elsewhere) is shown by the API client.
  await finish(found.ticket, false).catch(() => undefined);
}
