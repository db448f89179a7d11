import type { GatewayName, PayWayName } from '../tables.js';

/** What a gateway is told about an order. Amounts are integer cents (fen). */
export interface GatewayOrder {
  orderNo: string;
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  payWay: PayWayName;
  expiresAt: string;
  /** The gateway's own trade number once known (Stripe's session id). */
  tradeNo: string | null;
  clientIp: string;
}

export interface CreateContext {
  notifyUrl: string;
  /** Where the payer's browser returns to after paying on a hosted page. */
  returnUrl: string;
}

export interface Created {
  payUrl?: string;
  codeUrl?: string;
  tradeNo?: string;
}

export interface Queried {
  paid: boolean;
  amountCents?: number;
  currency?: string;
  tradeNo?: string;
}

/** A notification as it reached us: the raw body is what the signature covers. */
export interface IncomingNotification {
  method: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export type Verified =
  | {
      ok: true;
      /** Our order number (out_trade_no). */
      outTradeNo: string;
      amountCents: number;
      currency: string;
      tradeNo: string;
      paid: boolean;
    }
  /** Genuine, but not about a payment (another Stripe event): acknowledged and ignored. */
  | { ok: true; ignored: string }
  | { ok: false; reason: string };

/** The HTTP answer a gateway's protocol expects to a notification. */
export interface Acknowledgement {
  status: number;
  contentType?: string;
  body: string;
}

/** One payment protocol. Every method throws `GatewayError` on a failure to talk to it. */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** Currencies it can charge; `null` for any. */
  readonly currencies: readonly string[] | null;
  create(order: GatewayOrder, context: CreateContext): Promise<Created>;
  query(order: GatewayOrder): Promise<Queried>;
  verifyNotification(req: IncomingNotification): Promise<Verified>;
  acknowledge(ok: boolean, reason?: string): Acknowledgement;
}

/** The gateway answered with an error or could not be reached. */
export class GatewayError extends Error {
  constructor(
    readonly gateway: GatewayName,
    message: string,
  ) {
    super(`${gateway}: ${message}`);
    this.name = 'GatewayError';
  }
}

/** Calls a gateway's HTTP API with a time limit; the answer's body as text. */
export async function gatewayFetch(
  gateway: GatewayName,
  url: string,
  init: RequestInit,
  timeoutMs = 10_000,
): Promise<{ status: number; headers: Headers; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GatewayError(
      gateway,
      `cannot reach ${new URL(url).origin}: ${(error as Error).message}`,
    );
  }
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function parseJson(gateway: GatewayName, text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new GatewayError(
    gateway,
    `answered something that is not a JSON object: ${text.slice(0, 200)}`,
  );
}

export const headerOf = (headers: IncomingNotification['headers'], name: string): string => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** "12.30" → 1230; NaN for anything that is not a plain decimal amount. */
export function yuanToCents(money: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(money)) return Number.NaN;
  const [whole, fraction = ''] = money.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const centsToYuan = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
