import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests: a P-256 key pair from node:crypto and the
 * answers a browser would send, built as the specification says (W3C Web Authentication
 * Level 3, https://www.w3.org/TR/webauthn-3/):
 * - section 6.1 authenticator data: SHA-256 of the RP ID, the flags (UP 0x01, UV 0x04, AT 0x40), the
 *   signature counter (4 bytes, big-endian), and when registering the attested credential data
 *   (AAGUID, credential id length and id, the COSE public key; section 6.5.1);
 * - section 6.5.4 the `none` attestation: `{ fmt: "none", attStmt: {}, authData }` in CBOR;
 * - section 5.8.1 client data: `{ type, challenge, origin, crossOrigin }` as JSON;
 * - section 6.3.3 the assertion signature: ECDSA P-256 / SHA-256 (DER) over authData ‖ SHA-256(clientData).
 * The COSE key (RFC 9053 section 7.1.1, EC2, alg ES256 -7, crv P-256) and the CBOR (RFC 8949) are
 * written here, not with the library under test. Each answer can be bent (another origin, RP
 * ID, challenge, counter) to see the server refuse it.
 */

type Bytes = Buffer;

/** The little CBOR the answers need: integers, byte and text strings, maps (RFC 8949 section 3). */
function cbor(value: unknown): Bytes {
  const head = (major: number, n: number): Bytes => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cbor: unsupported value');
}

const b64url = (b: Bytes) => b.toString('base64url');
const sha256 = (b: Bytes | string) => createHash('sha256').update(b).digest();

export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Sign with another key (a forged answer). */
  key?: KeyObject;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  /** The private key, to sign another authenticator's answer with it (a forgery). */
  get privateKey(): KeyObject {
    return this.keys.privateKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Bytes {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Bytes {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Bytes): Bytes {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  /** `navigator.credentials.create()` with `none` attestation, as RegistrationResponseJSON. */
  create(options: { challenge: string; user: { id: string } }, bend: Bend = {}) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(bend.rpId ?? this.rpId, 0x45, this.counter, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()`, as AuthenticationResponseJSON; the counter moves on. */
  get(options: { challenge: string }, bend: Bend = {}) {
    this.counter = bend.counter ?? this.counter + 1;
    const authData = this.authData(bend.rpId ?? this.rpId, 0x05, this.counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      bend.key ?? this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
