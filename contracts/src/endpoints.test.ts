import { describe, expect, it } from 'vitest';
import { allEndpoints } from './api-docs.js';

describe('the API contract', () => {
  const endpoints = allEndpoints();

  it('describes the calls of every domain', () => {
    const domains = new Set(endpoints.map((e) => e.name.split('.')[0]));
    expect([...domains].sort()).toEqual([
      'admin',
      'apps',
      'auth',
      'chat',
      'collect',
      'credits',
      'drawing',
      'files',
      'identity',
      'images',
      'market',
      'music',
      'payments',
      'sd',
      'separation',
      'sites',
      'user',
      'video',
      'wechat',
      'works',
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
