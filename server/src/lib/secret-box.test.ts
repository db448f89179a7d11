import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.js';

describe('secret box', () => {
  const key = 'k'.repeat(40);

  it('seals and opens, never showing the plain text', () => {
    const box = secretBox(key);
    const sealed = box.seal('whsec_abc123', 'payments:stripe:webhookSecret');
    expect(sealed).not.toContain('whsec_abc123');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed, 'payments:stripe:webhookSecret')).toBe('whsec_abc123');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses another key, another context and a tampered value', () => {
    const sealed = secretBox(key).seal('secret', 'a');
    expect(() => secretBox('x'.repeat(40)).open(sealed, 'a')).toThrow();
    expect(() => secretBox(key).open(sealed, 'b')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => secretBox(key).open(parts.join('.'), 'a')).toThrow();
    expect(() => secretBox(key).open('plain', 'a')).toThrow();
  });

  it('needs a secret key of 32+ characters', () => {
    expect(() => secretBox(undefined)).toThrow(/SECRET_KEY/);
    expect(() => secretBox('short')).toThrow(/SECRET_KEY/);
  });
});
