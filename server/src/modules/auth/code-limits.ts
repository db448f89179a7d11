/** A code sent earlier, as the tables of emailed and texted codes keep it. */
export interface SentCode {
  created_at: string | Date;
  purpose: string;
}

export interface CodeLimits {
  /** Between two codes of one purpose to one address. */
  resendMs: number;
  perAddressPerHour: number;
  perIpPerHour: number;
}

export const HOUR_MS = 60 * 60_000;

/**
 * How long before another code may go to an address (0: now), from the codes sent in the last
 * hour to it and from the caller's IP (each oldest first), and how far past its limits the
 * caller is (the strikes the abuse hook is told). The minute between two codes counts per
 * purpose: a sign-in code just used does not hold back a reset link.
 */
export function codeSendWait(
  toAddress: SentCode[],
  fromIp: SentCode[],
  purpose: string,
  limits: CodeLimits,
  now = Date.now(),
): { waitMs: number; strikes: number } {
  const time = (r: SentCode) => Date.parse(String(r.created_at));
  const addressTimes = toAddress.map(time);
  const ipTimes = fromIp.map(time);
  let waitMs = 0;
  const last = toAddress
    .filter((r) => r.purpose === purpose)
    .map(time)
    .at(-1);
  if (last !== undefined) waitMs = Math.max(waitMs, last + limits.resendMs - now);
  const pastLimit = (times: number[], limit: number) => {
    if (times.length >= limit)
      waitMs = Math.max(waitMs, times[times.length - limit]! + HOUR_MS - now);
  };
  pastLimit(addressTimes, limits.perAddressPerHour);
  pastLimit(ipTimes, limits.perIpPerHour);
  const strikes = Math.max(
    addressTimes.length - limits.perAddressPerHour + 1,
    ipTimes.length - limits.perIpPerHour + 1,
    1,
  );
  return { waitMs: Math.max(0, waitMs), strikes };
}
