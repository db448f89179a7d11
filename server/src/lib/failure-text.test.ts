import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../providers/errors.js';
import { failedFor, failureClassOf, failureText } from './failure-text.js';

describe('failure texts', () => {
  it('words a host that cannot be reached without its system error', async () => {
    // A real lookup of a name that never resolves (RFC 2606 `.invalid`).
    const lookup = await fetch('http://atelier-no-such-host.invalid/').catch((e: unknown) => e);
    expect(failureClassOf(lookup)).toBe('unreachable');
    const seen = UpstreamError.transient(
      'The model service cannot be reached: getaddrinfo ENOTFOUND api.openai.com',
    );
    expect(failureText(seen)['zh-CN']).toBe('暂时无法连接到服务，请稍后再试。');
    for (const text of Object.values(failureText(seen))) expect(text).not.toMatch(/ENOTFOUND/);
  });

  it('tells refused, timed out, filtered, over quota and other failures apart', () => {
    const http = (status: number, message = `HTTP ${status}`) =>
      UpstreamError.transient(message, 'http', { status });
    expect(failureClassOf(http(401))).toBe('refused');
    expect(failureClassOf(http(429))).toBe('quota');
    expect(failureClassOf(http(403, 'You exceeded your current quota'))).toBe('quota');
    expect(failureClassOf(http(400, 'rejected by the content_filter'))).toBe('filtered');
    expect(failureClassOf(http(504))).toBe('timeout');
    expect(failureClassOf(http(502))).toBe('failed');
    expect(failureClassOf(UpstreamError.transient('no answer in 30 s', 'timeout'))).toBe('timeout');
    expect(failureClassOf(UpstreamError.transient('banned word', 'banned'))).toBe('filtered');
    expect(failureClassOf(new Error('something odd'))).toBe('failed');
  });

  it("words an upstream's failReason by its class and keeps it as the timeline's detail", () => {
    const template = {
      'en-US': 'The drawing failed and nothing was charged. {reason}',
      'zh-CN': '绘画失败，未扣除积分。{reason}',
      'zh-TW': '繪畫失敗，未扣除積分。{reason}',
    };
    const banned = failedFor(template, 'Banned prompt detected: [nsfw]');
    expect(banned.error['zh-CN']).toBe('绘画失败，未扣除积分。内容未通过安全审核，请修改后再试。');
    expect(banned.detail).toBe('Banned prompt detected: [nsfw]');
    const odd = failedFor(template, 'java.lang.IllegalStateException: queue full');
    for (const text of Object.values(odd.error)) expect(text).not.toMatch(/java|queue full/);
    expect(failedFor(template, 'x', 'quota').error['en-US']).toContain('usage limit');
  });
});
