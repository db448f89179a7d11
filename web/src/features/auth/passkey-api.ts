import type { identity } from '@atelier/contracts';
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
