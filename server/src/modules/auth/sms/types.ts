/**
 * What an SMS provider adapter does: text one verification code with a site's settings. The
 * adapters sign their requests as their provider documents (aliyun.ts, tencent.ts); neither
 * logs nor returns the code or the secret.
 */
export interface SmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateId: string;
  /** Tencent's SmsSdkAppId; unused by Aliyun. */
  appId: string;
  region: string;
  /** Base URL; empty for the provider's public endpoint. */
  endpoint: string;
}

/** Why a provider refused: decides the answer the user gets (phone-ways.ts). */
export type SmsFailureKind = 'signature' | 'limit' | 'number' | 'setup' | 'unreachable';

export type SmsResult =
  | { ok: true; requestId: string }
  | {
      ok: false;
      kind: SmsFailureKind;
      /** The provider's error code (e.g. `SignatureDoesNotMatch`): safe to log. */
      providerCode: string;
      requestId: string | null;
    };

export interface SmsAdapter {
  /** Which fields of the settings the provider needs (the rest may be empty). */
  needs: readonly (keyof SmsSettings)[];
  /** `phone` in E.164 (`+8613…`); `code` the 6 digits. */
  send(settings: SmsSettings, phone: string, code: string, now?: Date): Promise<SmsResult>;
}

/** POSTs and reads a JSON answer; a network failure or non-JSON body is `unreachable`. */
export async function postJson(
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<{ status: number; json: unknown } | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, json: null };
    }
  } catch {
    return null;
  }
}
