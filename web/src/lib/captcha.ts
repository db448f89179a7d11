/**
 * Solves the server's proof-of-work captcha (docs/identity.md, Captcha): the server asks it
 * only of a network where abuse was seen, answering 403 with `data.captcha`. The answer is
 * `<challenge>.<n>` for the first n whose SHA-256 of `<salt>.<n>` starts with `bits` zero bits
 * (about 2^bits hashes: a second or two at 16). Nothing to show the visitor.
 */
export interface CaptchaChallenge {
  challenge: string;
  bits: number;
}

/** The challenge of an error answer's data, if it asks for one. */
export function captchaOf(data: unknown): CaptchaChallenge | null {
  if (!data || typeof data !== 'object' || !('captcha' in data)) return null;
  const c: unknown = data.captcha;
  if (!c || typeof c !== 'object' || !('challenge' in c) || !('bits' in c)) return null;
  const { challenge, bits } = c;
  if (typeof challenge !== 'string' || typeof bits !== 'number' || bits > 24) return null;
  return { challenge, bits };
}

const zeroBits = (bytes: Uint8Array): number => {
  let n = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
};

export async function solveCaptcha({ challenge, bits }: CaptchaChallenge): Promise<string> {
  const salt = challenge.split('.')[0] ?? '';
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const hash = new Uint8Array(
      await crypto.subtle.digest('SHA-256', encoder.encode(`${salt}.${n}`)),
    );
    if (zeroBits(hash) >= bits) return `${challenge}.${n}`;
  }
}
