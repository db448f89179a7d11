import { isUniqueViolation } from '../../db/errors.js';
import { conflict } from '../../http/errors.js';
import { texts } from './messages.js';

/** Runs a write of a named provider or model: a name already taken answers 409 naming it. */
export async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name });
    throw error;
  }
}
