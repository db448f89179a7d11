/** Why a typed redemption code cannot be sent (the contract's own rule), or null when it can. */
export function checkRedeemCode(value: string): 'required' | 'tooShort' | 'invalid' | null {
  const code = value.trim();
  if (!code) return 'required';
  if (!/^[A-Za-z0-9 -]+$/.test(code)) return 'invalid';
  if (code.length < 8) return 'tooShort';
  return null;
}
