import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Passkeys (WebAuthn, docs/identity.md "Passkeys"): an account registers passkeys from the user
 * centre and signs in with one from the login dialog. The options and responses are the JSON
 * forms of WebAuthn Level 3 (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`
 * …) that `@simplewebauthn/browser` reads and writes; the server keeps each challenge (single
 * use, 5 minutes).
 */

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { message: 'base64url' });

const descriptor = z.object({
  id: z.string(),
  /** `public-key`. */
  type: z.string(),
  transports: z.array(z.string().max(32)).max(10).optional(),
});

const extensions = z.record(z.string(), z.unknown());
/** The extensions the server asks for: `credProps` (whether the passkey is discoverable). */
const askedExtensions = z.object({ credProps: z.boolean().optional() });

export const creationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.string() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: askedExtensions.optional(),
});

export const requestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: askedExtensions.optional(),
});

const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What `startRegistration()` answers (`navigator.credentials.create()`, as JSON). */
export const registrationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8000),
    attestationObject: b64url(60_000),
    authenticatorData: b64url(60_000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8000).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions.default({}),
});

/** What `startAuthentication()` answers (`navigator.credentials.get()`, as JSON). */
export const authenticationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8000),
    authenticatorData: b64url(8000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions.default({}),
});

export type RegistrationResponse = z.infer<typeof registrationResponse>;
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

export const passkeyName = z.string().trim().min(1).max(60);

/** One passkey of the account, as the user centre lists it. */
export const passkeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Whether the passkey is synced by its provider (backed up), as the authenticator said. */
  backedUp: z.boolean(),
  /** Whether it signs in on this site (a passkey belongs to the domain it was made on). */
  here: z.boolean(),
  /** False when it is the last way the account can sign in with on this site. */
  unlinkable: z.boolean(),
});
export type PasskeyRow = z.infer<typeof passkeyRow>;

export const passkeyLoginOptions = endpoint({
  method: 'POST',
  path: '/auth/passkey/options',
  access: 'public',
  summary:
    'Begin signing in with a passkey: a single-use challenge (5 minutes) for any passkey of this site (discoverable credentials)',
  tags: ['auth'],
  data: z.object({ options: requestOptions }),
});

export const passkeyLogin = endpoint({
  method: 'POST',
  path: '/auth/passkey/login',
  access: 'public',
  summary:
    "Sign in with the passkey's signed answer (challenge, origin, RP ID, signature and counter checked); a guest calling it hands its data to the account",
  tags: ['auth'],
  body: z.object({ response: authenticationResponse }),
  data: z.object({ token: z.string() }),
});

export const passkeySignupOptions = endpoint({
  method: 'POST',
  path: '/auth/passkey/signup/options',
  access: 'public',
  summary:
    'Begin making a new account with a passkey alone: creation options (a new username, a single-use challenge for 5 minutes); limited per IP like every sign-up',
  tags: ['auth'],
  data: z.object({ options: creationOptions }),
});

export const passkeySignup = endpoint({
  method: 'POST',
  path: '/auth/passkey/signup',
  access: 'public',
  summary:
    "Make the account with the authenticator's answer and sign in; a guest calling it hands its data to the new account",
  tags: ['auth'],
  body: z.object({
    name: passkeyName.default('Passkey'),
    response: registrationResponse,
    /** The inviter's invite code. */
    invitedBy: z.string().trim().max(64).optional(),
  }),
  data: z.object({ token: z.string(), created: z.literal(true) }),
});

export const listPasskeys = endpoint({
  method: 'GET',
  path: '/user/passkeys',
  access: 'user',
  summary: "The account's passkeys, and whether this site can make one",
  tags: ['user'],
  data: z.object({ rows: z.array(passkeyRow), offered: z.boolean() }),
});

export const passkeyRegisterOptions = endpoint({
  method: 'POST',
  path: '/user/passkeys/options',
  access: 'user',
  summary:
    "Begin making a passkey for the signed-in account: the creation options with a single-use challenge (5 minutes); the account's passkeys are excluded",
  tags: ['user'],
  data: z.object({ options: creationOptions }),
});

export const registerPasskey = endpoint({
  method: 'POST',
  path: '/user/passkeys',
  access: 'user',
  summary: "Save a passkey from the authenticator's answer under a name",
  tags: ['user'],
  body: z.object({ name: passkeyName, response: registrationResponse }),
  data: passkeyRow,
});

export const renamePasskey = endpoint({
  method: 'POST',
  path: '/user/passkeys/rename',
  access: 'user',
  summary: 'Rename one of the account’s passkeys',
  tags: ['user'],
  body: z.object({ id: z.number().int().min(1), name: passkeyName }),
  data: z.null(),
});

export const deletePasskey = endpoint({
  method: 'POST',
  path: '/user/passkeys/delete',
  access: 'user',
  summary:
    'Remove a passkey; refused (400) when it is the last way the account can sign in with on this site',
  tags: ['user'],
  body: z.object({ id: z.number().int().min(1) }),
  data: z.null(),
});
