import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints, renderApiDocs } from './api-docs.js';

const file = new URL('../../docs/api.md', import.meta.url);

describe('docs/api.md', () => {
  it('is what the contracts say (regenerate with `node scripts/api-docs.mjs`)', () => {
    expect(fs.readFileSync(file, 'utf8')).toBe(renderApiDocs());
  });

  it('lists every endpoint of the contracts', () => {
    const text = fs.readFileSync(file, 'utf8');
    const missing = allEndpoints().filter(
      ({ endpoint }) => !text.includes(`| ${endpoint.method} | \`${endpoint.path}\` |`),
    );
    expect(missing.map((m) => m.name)).toEqual([]);
  });
});
