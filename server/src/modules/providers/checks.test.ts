import fs from 'node:fs';
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

describe('docs/providers.md, The source of each fake', () => {
  it('has a row for every protocol of the kinds’ adapter maps', () => {
    const doc = fs.readFileSync(new URL('../../../../docs/providers.md', import.meta.url), 'utf8');
    const section = doc.split('## The source of each fake')[1]!.split('\n## ')[0]!;
    const rows = new Set([...section.matchAll(/^\| `([a-z0-9-]+)` +\|/gm)].map((m) => m[1]));
    const missing = knownProtocols()
      .map((p) => p.protocol)
      .filter((p) => !rows.has(p));
    expect(missing).toEqual([]);
  });
});
