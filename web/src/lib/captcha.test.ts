import { describe, expect, it } from 'vitest';
import { captchaOf, solveCaptcha } from './captcha';

describe('proof-of-work captcha', () => {
  it('reads a challenge only from an answer that asks one', () => {
    expect(captchaOf({ captcha: { challenge: 'a.1.8.sig', bits: 8 } })).toEqual({
      challenge: 'a.1.8.sig',
      bits: 8,
    });
    expect(captchaOf(null)).toBeNull();
    expect(captchaOf({ errors: [] })).toBeNull();
    expect(captchaOf({ captcha: { challenge: 'x', bits: 40 } })).toBeNull();
  });

  it('finds a number whose SHA-256 starts with the asked zero bits', async () => {
    const answer = await solveCaptcha({ challenge: 'feedface.99.10.sig', bits: 10 });
    const n = answer.split('.').at(-1)!;
    expect(answer.startsWith('feedface.99.10.sig.')).toBe(true);
    const hash = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`feedface.${n}`)),
    );
    expect(hash[0]).toBe(0);
    expect(hash[1]! >> 6).toBe(0);
  });
});
