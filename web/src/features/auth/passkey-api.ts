import type { identity } from '@atelier/contracts';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { apiData } from '../../api/client';

// Loaded with the first call, as auth-api.ts does: the contracts stay out of the entry chunk.
const contracts = () => import('@atelier/contracts');

/**
 * Signs in with a passkey: a challenge from the server, the browser's passkey prompt
 * (@simplewebauthn/browser, loaded only now), then the signed answer; answers the session token.
 */
export async function passkeySignIn(): Promise<string> {
  const [{ identity: calls }, { startAuthentication }] = await Promise.all([
    contracts(),
    import('@simplewebauthn/browser'),
  ]);
  // This prompt replaces the autofill request (the library aborts the one in flight).
  autofill.running = 0;
  const { options } = await apiData(calls.passkeyLoginOptions);
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  const body = { response: response as identity.AuthenticationResponse };
  return (await apiData(calls.passkeyLogin, { body })).token;
}

/** The browser's refusal when the user closed the prompt or no passkey was there. */
export const cancelledByUser = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * Makes a new account with a passkey alone: creation options (a new username) from the server,
 * the browser's prompt making a passkey, then the answer; answers the session token. A guest's
 * data moves to the account on the server, as with every sign-up.
 */
export async function passkeySignUp(invitedBy?: string): Promise<string> {
  const [{ identity: calls }, { startRegistration }] = await Promise.all([
    contracts(),
    import('@simplewebauthn/browser'),
  ]);
  autofill.running = 0;
  const { options } = await apiData(calls.passkeySignupOptions);
  const response = await startRegistration({
    optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const body = {
    name: 'Passkey',
    response: response as identity.RegistrationResponse,
    ...(invitedBy ? { invitedBy } : {}),
  };
  return (await apiData(calls.passkeySignup, { body })).token;
}

/**
 * The conditional (autofill) request in flight, by its round (0 when none is), and how many
 * times one was stopped (a request stopped before it began never asks the server).
 */
const autofill = { round: 0, running: 0, stops: 0 };
/** The WebAuthn library once loaded: a request in flight is ended at once, not a tick later. */
let webauthn: typeof WebAuthnBrowser | null = null;

/**
 * Offers the site's passkeys in the browser's autofill of the sign-in form's username field
 * (WebAuthn conditional mediation; the field's `autocomplete` ends in `webauthn`). Resolves with
 * the session token once the user picks one, or null where the browser cannot, or when it was
 * stopped (`stopPasskeyAutofill`, or another passkey request took over).
 */
export async function passkeyAutofill(): Promise<string | null> {
  const stops = autofill.stops;
  const [{ identity: calls }, browser] = await Promise.all([
    contracts(),
    import('@simplewebauthn/browser'),
  ]);
  webauthn = browser;
  if (!(await browser.browserSupportsWebAuthnAutofill()) || autofill.stops !== stops) return null;
  const round = ++autofill.round;
  autofill.running = round;
  try {
    const { options } = await apiData(calls.passkeyLoginOptions);
    // Stopped while the options were on their way.
    if (autofill.running !== round) return null;
    const response = await browser.startAuthentication({
      optionsJSON: options as Parameters<typeof browser.startAuthentication>[0]['optionsJSON'],
      useBrowserAutofill: true,
    });
    if (autofill.running !== round) return null;
    autofill.running = 0;
    const body = { response: response as identity.AuthenticationResponse };
    return (await apiData(calls.passkeyLogin, { body })).token;
  } catch (error) {
    if (autofill.running !== round || cancelledByUser(error)) return null;
    throw error;
  } finally {
    if (autofill.running === round) autofill.running = 0;
  }
}

/** Ends the autofill request, if one is waiting (the dialog closed, or another way is used). */
export function stopPasskeyAutofill(): void {
  autofill.stops++;
  if (autofill.running === 0) return;
  autofill.running = 0;
  // A request runs only once the library is loaded: abort it now, so that a request begun
  // right after this (the dialog opened again) is never the one aborted.
  webauthn?.WebAuthnAbortService.cancelCeremony();
}
