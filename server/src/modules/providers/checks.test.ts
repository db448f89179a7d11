import { describe, expect, it } from 'vitest';
import { hasProviderCheck, knownProtocols } from './protocols.js';
// Each kind's module registers its adapter map (protocols and checks) as it loads: load them all.
import '../index.js';

describe('connection tests', () => {
  it('exist for every protocol of the kinds’ adapter maps', () => {
    const protocols = knownProtocols().map((p) => p.protocol);
    expect(protocols.length).toBeGreaterThan(10);
    expect(protocols.filter((p) => !hasProviderCheck(p))).toEqual([]);
  });
});
