import type * as SimpleWebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server, loaded with the first passkey ceremony instead of at start: it pulls
 * in about 250 modules (the @peculiar ASN.1 and X.509 stacks, tsyringe, reflect-metadata) that
 * cost about 4 MB of heap and 20 MB of resident memory in a server that may never see a passkey
 * (bench/load.mjs measures the idle figure).
 */

type WebAuthn = typeof SimpleWebAuthn;

let loading: Promise<WebAuthn> | null = null;

export function webAuthn(): Promise<WebAuthn> {
  return (loading ??= import('@simplewebauthn/server'));
}
