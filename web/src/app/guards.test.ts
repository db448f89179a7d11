import { describe, expect, it } from 'vitest';
import { adJumpTarget, indexPathRedirect, landingPath, menuGate, normalizeHost } from './guards';

describe('menuGate', () => {
  const base = {
    signedIn: true,
    pathname: '/Chat',
    clientMenuList: ['Midjourney'],
    clientHomePath: '/Midjourney',
    defaultPath: '/Midjourney',
  };

  it('sends a signed-in user away from an unlisted chat, draw or Midjourney', () => {
    expect(menuGate(base)).toBe('/Midjourney');
    expect(menuGate({ ...base, pathname: '/draw' })).toBe('/Midjourney');
    expect(
      menuGate({
        ...base,
        pathname: '/midjourney',
        clientMenuList: ['Chat'],
        clientHomePath: '/Chat',
      }),
    ).toBe('/Chat');
  });

  it('lets listed screens, other screens, guests and ungated sites through', () => {
    expect(menuGate({ ...base, clientMenuList: ['chat'] })).toBeNull();
    expect(menuGate({ ...base, pathname: '/music' })).toBeNull();
    expect(menuGate({ ...base, signedIn: false })).toBeNull();
    expect(menuGate({ ...base, clientMenuList: [] })).toBeNull();
  });

  it('uses the default path when no home path is set, and never loops', () => {
    expect(menuGate({ ...base, clientHomePath: '', defaultPath: '/music' })).toBe('/music');
    expect(
      menuGate({ ...base, pathname: '/Midjourney', clientMenuList: ['Chat'], clientHomePath: '' }),
    ).toBeNull();
  });
});

describe('adJumpTarget', () => {
  const location = {
    protocol: 'http:',
    host: 'a.atelier.test:3100',
    pathname: '/Chat',
    search: '?x=1',
  };
  const row = { ad: 'b.atelier.test', domain: 'a.atelier.test', status: 1, type: 1 };
  const now = Date.parse('2026-06-01T00:00:00Z');

  it('redirects an active type-1 row for this host to the other domain, keeping port and path', () => {
    expect(adJumpTarget({ rows: [row], location, vipUntil: null, now })).toBe(
      'http://b.atelier.test:3100/Chat?x=1',
    );
  });

  it('uses a full address as is and matches the host without www and case', () => {
    expect(
      adJumpTarget({
        rows: [{ ...row, ad: 'https://c.example/landing' }],
        location: { ...location, host: 'WWW.A.atelier.test' },
        vipUntil: null,
        now,
      }),
    ).toBe('https://c.example/landing');
  });

  it('a type-2 row redirects only a user with VIP time left', () => {
    const rows = [{ ...row, type: 2 }];
    expect(adJumpTarget({ rows, location, vipUntil: null, now })).toBeNull();
    expect(adJumpTarget({ rows, location, vipUntil: '2026-05-01T00:00:00Z', now })).toBeNull();
    expect(adJumpTarget({ rows, location, vipUntil: '2026-07-01T00:00:00Z', now })).toBe(
      'http://b.atelier.test:3100/Chat?x=1',
    );
  });

  it('ignores inactive rows, other hosts and a row pointing at this host', () => {
    expect(
      adJumpTarget({ rows: [{ ...row, status: 0 }], location, vipUntil: null, now }),
    ).toBeNull();
    expect(
      adJumpTarget({ rows: [{ ...row, domain: 'z.test' }], location, vipUntil: null, now }),
    ).toBeNull();
    expect(
      adJumpTarget({ rows: [{ ...row, ad: 'a.atelier.test' }], location, vipUntil: null, now }),
    ).toBeNull();
  });
});

describe('indexPathRedirect', () => {
  const site = { menu: false, indexPath: '/music' };

  it('holds a domain without a menu on its index path', () => {
    expect(indexPathRedirect({ ...site, pathname: '/Chat' })).toBe('/music');
    expect(indexPathRedirect({ ...site, pathname: '/pay' })).toBe('/music');
  });

  it('keeps History, UserCenter, separation and the index path reachable', () => {
    for (const pathname of ['/history', '/user-center', '/separation', '/music', '/Music']) {
      expect(indexPathRedirect({ ...site, pathname })).toBeNull();
    }
  });

  it('does nothing for a domain with a menu or without an index path', () => {
    expect(indexPathRedirect({ menu: true, indexPath: '/music', pathname: '/Chat' })).toBeNull();
    expect(indexPathRedirect({ menu: false, indexPath: '', pathname: '/Chat' })).toBeNull();
  });
});

describe('landing', () => {
  it('is the mobile launcher under 640 px, else the index path or Midjourney', () => {
    expect(landingPath(390, '/Chat')).toBe('/mobileHome');
    expect(landingPath(639, undefined)).toBe('/mobileHome');
    expect(landingPath(640, '')).toBe('/Midjourney');
    expect(landingPath(1440, '/Chat')).toBe('/Chat');
  });

  it('normalises hosts', () => {
    expect(normalizeHost('WWW.Example.com:8080')).toBe('example.com');
  });
});
