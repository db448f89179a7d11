import { credits } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { checkRedeemCode } from './redeem-code';

describe('redemption code check', () => {
  it('names what is wrong', () => {
    expect(checkRedeemCode('   ')).toBe('required');
    expect(checkRedeemCode('ABCD')).toBe('tooShort');
    expect(checkRedeemCode('ABCD_EFGH')).toBe('invalid');
    expect(checkRedeemCode(' ABCD-EFGH-JKLM ')).toBeNull();
  });

  it('agrees with the contract for what it lets through', () => {
    for (const code of ['ABCD-EFGH-JKLM', 'abcdefgh', '1234 5678']) {
      expect(checkRedeemCode(code)).toBeNull();
      expect(credits.redeemCode.safeParse(code).success).toBe(true);
    }
    for (const code of ['ABC', 'ABCD_EFGH', '码码码码码码码码']) {
      expect(checkRedeemCode(code)).not.toBeNull();
      expect(credits.redeemCode.safeParse(code).success).toBe(false);
    }
  });
});
