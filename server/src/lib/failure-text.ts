import type { Localized } from '../http/messages.js';
import { UpstreamError } from '../providers/errors.js';

/**
 * What a user reads when a service call failed: one sentence per class of failure in the
 * three languages, never the system's own error text (a host name, a socket error, an
 * upstream's English). The raw detail goes to the log and the operator's task timeline.
 */
export type FailureClass = 'unreachable' | 'refused' | 'timeout' | 'filtered' | 'quota' | 'failed';

export const failureTexts: Record<FailureClass, Localized> = {
  unreachable: {
    'en-US': 'The service cannot be reached right now. Please try again later.',
    'zh-CN': '暂时无法连接到服务，请稍后再试。',
    'zh-TW': '暫時無法連線到服務，請稍後再試。',
  },
  refused: {
    'en-US': 'The service refused the request. Please try again later or contact the site.',
    'zh-CN': '服务拒绝了这次请求，请稍后再试或联系站点管理员。',
    'zh-TW': '服務拒絕了這次請求，請稍後再試或聯絡網站管理員。',
  },
  timeout: {
    'en-US': 'The service took too long to answer. Please try again.',
    'zh-CN': '服务响应超时，请重试。',
    'zh-TW': '服務回應逾時，請重試。',
  },
  filtered: {
    'en-US': 'The content was blocked by the content filter. Please change the wording.',
    'zh-CN': '内容未通过安全审核，请修改后再试。',
    'zh-TW': '內容未通過安全審核，請修改後再試。',
  },
  quota: {
    'en-US': 'The service is over its usage limit right now. Please try again later.',
    'zh-CN': '服务当前用量已达上限，请稍后再试。',
    'zh-TW': '服務目前用量已達上限，請稍後再試。',
  },
  failed: {
    'en-US': 'The service could not give an answer. Please try again.',
    'zh-CN': '服务未能给出结果，请重试。',
    'zh-TW': '服務未能給出結果，請重試。',
  },
};

/** Node's socket errors of a host that cannot be reached (found in a message or a `cause`). */
const UNREACHABLE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|socket hang up|fetch failed/i;
const TIMEOUT = /timed? ?out|ETIMEDOUT|UND_ERR_.*TIMEOUT|aborted due to timeout/i;
const FILTERED = /content[ _-]?(filter|policy)|safety system|moderation|banned|sensitive/i;
const QUOTA = /quota|insufficient[ _-]?(balance|credit|funds)|rate[ _-]?limit|billing/i;

/** The class of a failure, from an `UpstreamError`'s kind and status or an error's text. */
export function failureClassOf(error: unknown): FailureClass {
  if (error instanceof UpstreamError) {
    switch (error.kind) {
      case 'network':
        return TIMEOUT.test(error.message) ? 'timeout' : 'unreachable';
      case 'timeout':
        return 'timeout';
      case 'banned':
        return 'filtered';
      case 'refused':
        return FILTERED.test(error.message) ? 'filtered' : 'refused';
      case 'http': {
        const s = error.status ?? 0;
        if (s === 402 || s === 429 || QUOTA.test(error.message)) return 'quota';
        if (FILTERED.test(error.message)) return 'filtered';
        if (s === 408 || s === 504) return 'timeout';
        if (s >= 400 && s < 500) return 'refused';
        return 'failed';
      }
      default:
        return 'failed';
    }
  }
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
  if (TIMEOUT.test(text) || (error instanceof Error && error.name === 'TimeoutError'))
    return 'timeout';
  if (UNREACHABLE.test(text)) return 'unreachable';
  if (FILTERED.test(text)) return 'filtered';
  if (QUOTA.test(text)) return 'quota';
  return 'failed';
}

/** `template`'s `{reason}` filled with the failure's sentence, in each language. */
export function failedWith(template: Localized, error: unknown): Localized {
  return failedFor(template, '', failureClassOf(error)).error;
}

/** The user's sentence for a failure. */
export const failureText = (error: unknown): Localized => failureTexts[failureClassOf(error)];

/**
 * A failed step from an upstream's own reason (midjourney-proxy's `failReason`, a video or
 * music service's error): the user reads `template` with the reason's class in their
 * language; `detail` keeps the raw reason for the operator's task timeline.
 */
export function failedFor(
  template: Localized,
  reason: string,
  cls: FailureClass = failureClassOf(new Error(reason)),
): { error: Localized; detail: string } {
  const text = failureTexts[cls];
  const fill = (lang: keyof Localized) => template[lang].replaceAll('{reason}', text[lang]);
  return {
    error: { 'en-US': fill('en-US'), 'zh-CN': fill('zh-CN'), 'zh-TW': fill('zh-TW') },
    detail: reason,
  };
}
