import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it('keeps http(s) links and paths of this site', () => {
    expect(safeHref(' https://x.io/p ')).toBe('https://x.io/p');
    expect(safeHref('http://x.io')).toBe('http://x.io/');
    expect(safeHref('/pay')).toBe('/pay');
  });

  it('drops script, data and protocol-relative links', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('not a link')).toBeNull();
  });
});
