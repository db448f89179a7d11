import { UpstreamError, retryOfStatus } from './errors.js';
import { callText } from './json-call.js';
import { signVolcRequest, volcKeyOf } from './volc-sign.js';

/*
 * Jimeng (即梦) on Volcengine's visual API, shared by its video and image adapters. As New API
 * calls it (QuantumNous/new-api `relay/channel/task/jimeng/adaptor.go`) and as Volcengine's
 * Jimeng pages describe it (volcengine.com/docs/85621: "即梦AI-视频生成", "即梦文生图"):
 * - `POST {base}/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`, signed (volc-sign.ts,
 *   region `cn-north-1`, service `cv`), body `{req_key, prompt, seed, aspect_ratio, frames,
 *   binary_data_base64 | image_urls, …}` → `{code: 10000, data: {task_id}, message,
 *   request_id, status, time_elapsed}`;
 * - `POST {base}/?Action=CVSync2AsyncGetResult&Version=2022-08-31` `{req_key, task_id,
 *   req_json}` → `{code: 10000, data: {status in_queue | generating | done | not_found |
 *   expired, video_url | image_urls | binary_data_base64}}` (links valid 24 h at most);
 * - refusals `{code, message, data: null, request_id, status}` with HTTP 400: 50411 / 50412 /
 *   50413 / 50511–50522 "… Risk Not Pass" (the filter), 50215 "Input invalid for this
 *   service."; HTTP 429 50429 / 50430 (QPS, concurrency: tried again); HTTP 500 50500 / 50501;
 *   the gateway's own `{ResponseMetadata: {Error: {Code, CodeN, Message}}}` (401
 *   `SignatureDoesNotMatch`, `InvalidAccessKey`; 403 `AccessDenied`).
 * The key is `AK|SK` (New API's format for its Jimeng channel; `AK:SK` too).
 */

export const JIMENG_VERSION = '2022-08-31';

export interface JimengUpstream {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** The answer of both calls (`data` null on a refusal). */
export interface JimengAnswer {
  code?: number;
  message?: string;
  data?: {
    task_id?: string;
    status?: string;
    video_url?: string;
    image_urls?: string[] | null;
    binary_data_base64?: string[] | null;
  } | null;
  ResponseMetadata?: { Error?: { Code?: string; CodeN?: number; Message?: string } };
}

const FILTERED = /Risk Not Pass|^505(1[1-9]|2\d)$|^5041[123]$/;
const QUOTA = /AccessDenied|Overdue|Quota|Balance/i;

/** What a refusal says, and whether it is the content filter. */
export function jimengRefusal(status: number, a: JimengAnswer | null): UpstreamError {
  const gw = a?.ResponseMetadata?.Error;
  const code = gw?.Code ?? (a?.code !== undefined ? String(a.code) : '');
  const message = `${code}${code ? ': ' : ''}${gw?.Message ?? a?.message ?? `HTTP ${status}`}`;
  if (FILTERED.test(code) || FILTERED.test(a?.message ?? ''))
    return new UpstreamError(message, 'permanent', 'banned', { status });
  if (QUOTA.test(code)) return new UpstreamError(message, 'permanent', 'refused', { status });
  // A 200 with a code other than 10000 is a refusal of the request itself.
  const retry = status >= 300 ? retryOfStatus(status) : 'permanent';
  return new UpstreamError(message.slice(0, 300), retry, 'http', { status });
}

/** One signed call of the visual API: the answer when `code` is 10000, else the refusal. */
export async function callJimeng(
  up: JimengUpstream,
  action: 'CVSync2AsyncSubmitTask' | 'CVSync2AsyncGetResult',
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<JimengAnswer> {
  const key = volcKeyOf(up.apiKey);
  if (!key)
    throw UpstreamError.permanent({
      'en-US': 'The Jimeng key must be "AccessKeyID|SecretAccessKey" (nothing was charged)',
      'zh-CN': '即梦的密钥须为“AccessKeyID|SecretAccessKey”（未扣费）',
      'zh-TW': '即夢的金鑰須為「AccessKeyID|SecretAccessKey」（未扣費）',
    });
  const url = `${up.baseUrl.replace(/\/+$/, '')}/?Action=${action}&Version=${JIMENG_VERSION}`;
  const text = JSON.stringify(body);
  const headers = {
    accept: 'application/json',
    ...signVolcRequest(url, text, { ...key, region: 'cn-north-1', service: 'cv' }),
  };
  const r = await callText(url, { method: 'POST', headers, body: text }, { ...up, signal });
  let answer: JimengAnswer | null = null;
  try {
    answer = JSON.parse(r.text) as JimengAnswer;
  } catch {
    // not JSON: the status decides below
  }
  if (r.status >= 300 || answer?.code !== 10000) {
    if (!answer) throw new UpstreamError(`HTTP ${r.status}`, retryOfStatus(r.status), 'http');
    throw jimengRefusal(r.status, answer);
  }
  return answer;
}

/** The console's "test connection": a signed query of a task that does not exist. */
export async function checkJimeng(up: JimengUpstream, signal?: AbortSignal): Promise<string> {
  try {
    await callJimeng(
      up,
      'CVSync2AsyncGetResult',
      { req_key: 'jimeng_vgfm_t2v_l20', task_id: '0' },
      signal,
    );
  } catch (e) {
    // Signed in: the gateway let the call through and the service answered about the task.
    if (!(e instanceof UpstreamError) || e.status === 401 || e.status === 403 || !e.status) throw e;
    if (/Signature|AccessKey|AccessDenied/.test(e.message)) throw e;
  }
  return 'Jimeng (Volcengine visual API): the signature is accepted';
}
