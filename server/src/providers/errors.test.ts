import { describe, expect, it } from 'vitest';
import { retryOfStatus, UpstreamError } from './errors.js';

const refused = { 'en-US': 'Refused', 'zh-CN': '被拒绝', 'zh-TW': '被拒絕' };

describe('UpstreamError', () => {
  it('retries rate limits and server faults, not the other refusals', () => {
    expect([429, 500, 502, 503].map(retryOfStatus)).toEqual(Array(4).fill('transient'));
    expect([400, 401, 403, 404, 413].map(retryOfStatus)).toEqual(Array(5).fill('permanent'));
  });

  it('says transient or permanent, with what the user reads when it is final', () => {
    const later = UpstreamError.transient('no answer in time', 'timeout');
    expect(later).toMatchObject({ retry: 'transient', kind: 'timeout', text: null });
    expect(later.transient).toBe(true);
    const now = UpstreamError.permanent(refused);
    expect(now).toMatchObject({ retry: 'permanent', kind: 'refused', message: 'Refused' });
    expect(now.text).toBe(refused);
    expect(now.transient).toBe(false);
  });

  it('keeps the failure and its detail when a runner words it', () => {
    const banned = new UpstreamError('banned prompt', 'permanent', 'banned', { bannedWord: 'x' });
    const worded = banned.withText(refused);
    expect(worded).toMatchObject({ retry: 'permanent', kind: 'banned', message: 'banned prompt' });
    expect(worded.detail.bannedWord).toBe('x');
    expect(worded.text).toBe(refused);
  });
});
