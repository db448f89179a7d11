import type { MusicUpstream } from '../../providers/music/http.js';
import type { KindModel } from '../kind-kit/index.js';

/** A music model with the connection its adapters call. */
export interface MusicModel extends KindModel {
  upstream: MusicUpstream;
}

/** The model as the music adapters take it (an upstream call waits a minute at most). */
export const musicModelOf = (m: KindModel): MusicModel => ({
  ...m,
  upstream: {
    baseUrl: m.provider.baseUrl,
    apiKey: m.provider.apiKey,
    timeoutMs: Math.min(m.provider.timeoutMs, 60_000),
  },
});

/** `demo-music:song` of the demo model: prices are `<model's prefix>:<action>`. */
export const priceKeyOf = (m: KindModel, action: 'song' | 'extend' | 'lyrics') =>
  `${m.priceKey.split(':')[0]}:${action}`;
