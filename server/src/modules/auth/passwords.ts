import { randomBytes } from 'node:crypto';
import type * as Argon2 from '@node-rs/argon2';

/** argon2's native module, loaded with the first password rather than at start (idle memory). */
let argon2: Promise<typeof Argon2> | null = null;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));
const hash = async (password: string) => (await loadArgon2()).hash(password);
const verify = async (stored: string, password: string) =>
  (await loadArgon2()).verify(stored, password);

/**
 * Passwords are hashed with argon2id (the library's default algorithm) at its default cost:
 * 19 MiB of memory, 2 passes, 1 lane (the OWASP minimum recommendation).
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown user, or an account
 * without a password) it verifies against a throwaway hash of the same cost, so that the answer
 * takes as long as for a wrong password and reveals nothing.
 */
export async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verify(await dummyHash, password).catch(() => false);
  return false;
}

/** A password for an operator to type once and change: 16 characters, 96 bits. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');
