import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import type { Endpoint } from './endpoint.js';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'data' in value;

/** Every endpoint object exported by a domain namespace (auth, user, sites, …). */
function allEndpoints(): Array<{ name: string; endpoint: Endpoint }> {
  const found: Array<{ name: string; endpoint: Endpoint }> = [];
  for (const [domain, exports] of Object.entries(contracts)) {
    if (typeof exports !== 'object' || exports === null) continue;
    for (const [name, value] of Object.entries(exports)) {
      if (isEndpoint(value)) found.push({ name: `${domain}.${name}`, endpoint: value });
      else if (typeof value === 'object' && value !== null)
        for (const [inner, nested] of Object.entries(value))
          if (isEndpoint(nested))
            found.push({ name: `${domain}.${name}.${inner}`, endpoint: nested });
    }
  }
  return found;
}

describe('the API contract', () => {
  const endpoints = allEndpoints();

  it('describes the calls of every domain', () => {
    const domains = new Set(endpoints.map((e) => e.name.split('.')[0]));
    expect([...domains].sort()).toEqual([
      'apps',
      'auth',
      'chat',
      'credits',
      'drawing',
      'files',
      'payments',
      'sites',
      'user',
    ]);
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it('has one endpoint per method and path', () => {
    const keys = endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(repeated).toEqual([]);
  });

  it('writes paths under the API base, with a summary and a tag', () => {
    for (const { name, endpoint } of endpoints) {
      expect(endpoint.path, name).toMatch(/^\/[\w\-/]+$/);
      expect(endpoint.summary.length, name).toBeGreaterThan(3);
      expect(endpoint.tags.length, name).toBeGreaterThan(0);
    }
  });

  it('keeps admin calls under /admin and only for admins', () => {
    for (const { name, endpoint } of endpoints) {
      if (endpoint.path.startsWith('/admin/')) expect(endpoint.access, name).toBe('admin');
    }
  });

  it('sends no body with a GET', () => {
    for (const { name, endpoint } of endpoints) {
      if (endpoint.method === 'GET') expect(endpoint.body, name).toBeUndefined();
    }
  });
});
