import { describe, expect, it } from 'vitest';
import { readDeclared } from './seed.js';

describe('config file entries', () => {
  it('names the entry and field of a mistake', () => {
    expect(() =>
      readDeclared({
        providers: [{ name: 'x', protocol: 'grpc' }],
        models: [
          {
            name: 'm',
            provider: 'x',
            upstreamModel: 'u',
            priceKey: 'p:chat',
            contextWindow: 'big',
          },
        ],
      }),
    ).toThrow(/providers\[0\]\.protocol[\s\S]*models\[0\]\.contextWindow/);
    expect(readDeclared({})).toEqual({ providers: [], models: [] });
  });
});
