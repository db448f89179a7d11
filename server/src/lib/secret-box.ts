import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (gateway keys, provider keys) with AES-256-GCM under a key derived
 * from `config.secretKey`. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url); the
 * optional context (e.g. `payments:wechat`) is bound as associated data, so a value copied to
 * another place does not open there.
 */
export interface SecretBox {
  seal(plain: string, context?: string): string;
  /** Throws when the value was not sealed by this key and context (tampered, other key). */
  open(sealed: string, context?: string): string;
}

const VERSION = 'v1';

export function secretBox(secretKey: string | undefined): SecretBox {
  if (!secretKey || secretKey.length < 32)
    throw new Error('SECRET_KEY (32+ characters) is needed to encrypt secrets at rest');
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'atelier', 'secret-box v1', 32));
  return {
    seal(plain, context = '') {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context = '') {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
