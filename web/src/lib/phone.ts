/**
 * Phone numbers as the contracts' `phoneNumber` takes them: E.164, a bare 11-digit mainland
 * number (read as +86), or `00` for `+`; spaces, dashes and brackets dropped.
 */
export function normalizePhone(raw: string): string {
  const v = raw.trim().replace(/[\s()-]/g, '');
  if (/^1\d{10}$/.test(v)) return `+86${v}`;
  return v.startsWith('00') ? `+${v.slice(2)}` : v;
}

export const isPhone = (raw: string): boolean => /^\+[1-9]\d{7,14}$/.test(normalizePhone(raw));
