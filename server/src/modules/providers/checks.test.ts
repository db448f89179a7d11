import { describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { hasProviderCheck } from './checks.js';
// Each kind's module registers the checks of its adapter map as it loads: load them all.
import '../index.js';

describe('connection tests', () => {
  it('exist for every provider protocol of the contracts, registered by the modules of their kinds', () => {
    const missing = chat.providerProtocols.filter((p) => !hasProviderCheck(p));
    expect(missing).toEqual([]);
  });
});
