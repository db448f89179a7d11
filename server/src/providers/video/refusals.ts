import { UpstreamError } from '../errors.js';

/**
 * An upstream's refusal read by its code: its content filter (`banned`, permanent), an account
 * out of quota or balance (permanent: a retry an hour later is the operator's business, not
 * the task's), anything else as the HTTP status said (a 429 rate limit is tried again).
 */
export function classify(error: unknown, codes: { filtered: RegExp; quota: RegExp }): unknown {
  if (!(error instanceof UpstreamError) || error.kind === 'network' || error.kind === 'timeout')
    return error;
  const detail = { ...error.detail };
  if (codes.filtered.test(error.message))
    return new UpstreamError(error.message, 'permanent', 'banned', detail);
  if (codes.quota.test(error.message))
    return new UpstreamError(error.message, 'permanent', 'refused', detail);
  return error;
}

/** Runs an upstream call, reclassifying its refusal (above). */
export async function refusing<T>(
  codes: { filtered: RegExp; quota: RegExp },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw classify(error, codes);
  }
}

/** A picture inline as a data URL (the upstreams below take them as their image links). */
export const dataUrl = (f: { bytes: Buffer; mime: string }) =>
  `data:${f.mime};base64,${f.bytes.toString('base64')}`;
