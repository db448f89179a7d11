import type { Generated } from 'kysely';

export type PayWayName = 'wechat' | 'alipay' | 'card';
export type GatewayName = 'epay' | 'wechat' | 'stripe' | 'manual';
export type OrderStatus = 'pending' | 'paid' | 'expired' | 'failed' | 'refunded';

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  cover: Generated<string>;
  price_cents: number;
  currency: string;
  credits: number;
  vip_days: Generated<number>;
  sort: Generated<number>;
  on_sale: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  package_id: number | null;
  package_name: string;
  amount_cents: number;
  currency: string;
  credits: number;
  vip_days: number;
  pay_way: PayWayName;
  gateway: GatewayName;
  status: OrderStatus;
  gateway_trade_no: string | null;
  code_url: string | null;
  pay_url: string | null;
  expires_at: string;
  paid_at: string | null;
  paid_by: 'notify' | 'reconcile' | 'admin' | null;
  last_checked_at: string | null;
  /** Refunded to credits by an admin (status `refunded`): when, by whom, why. */
  refunded_at: string | null;
  refunded_by: number | null;
  refund_reason: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type NotificationOutcome =
  | 'credited'
  | 'already_paid'
  | 'not_paid'
  | 'ignored'
  | 'bad_signature'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'not_configured'
  | 'error';

export interface PaymentNotificationsTable {
  id: Generated<number>;
  gateway: string;
  order_id: number | null;
  order_no: string | null;
  verified: number;
  outcome: NotificationOutcome;
  detail: Generated<string>;
  body_hash: string;
  ip: Generated<string>;
  created_at: string;
}

export interface PaymentGatewaysTable {
  gateway: GatewayName;
  enabled: Generated<number>;
  pay_ways: Generated<string>;
  settings: Generated<string>;
  secrets: Generated<string>;
  updated_at: string;
}

export interface PaymentTables {
  packages: PackagesTable;
  orders: OrdersTable;
  payment_notifications: PaymentNotificationsTable;
  payment_gateways: PaymentGatewaysTable;
}
