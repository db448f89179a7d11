import { aliyunSms } from './aliyun.js';
import { tencentSms } from './tencent.js';
import type { SmsAdapter } from './types.js';

export type { SmsAdapter, SmsResult, SmsSettings, SmsFailureKind } from './types.js';

/** SMS adapters by provider name (docs/identity.md, Phone): one file per provider. */
export const smsAdapters = {
  aliyun: aliyunSms,
  tencent: tencentSms,
} as const satisfies Record<string, SmsAdapter>;

export type SmsProviderName = keyof typeof smsAdapters;
