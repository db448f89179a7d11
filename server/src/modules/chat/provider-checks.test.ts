import { describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { hasProviderCheck } from './provider-checks.js';

describe('connection tests', () => {
  it('exist for every provider protocol of the contracts', () => {
    const missing = chat.providerProtocols.filter((p) => !hasProviderCheck(p));
    expect(missing).toEqual([]);
  });
});
