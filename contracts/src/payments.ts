import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { flag, listOf, pageQuery, queryInt } from './envelope.js';
import { localizedInput, localizedText, type LocalizedText } from './sites.js';

export const payWay = z.enum(['wechat', 'alipay', 'card']);
export type PayWay = z.infer<typeof payWay>;
export const gatewayName = z.enum(['epay', 'wechat', 'stripe', 'manual']);
export type GatewayName = z.infer<typeof gatewayName>;
/** `refunded`: paid, then refunded to credits by an admin (docs/payments.md, Refunds). */
export const orderStatus = z.enum(['pending', 'paid', 'expired', 'failed', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;

/** ISO 4217 code, upper case (CNY, USD, …). */
const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { message: 'a 3-letter currency code such as CNY' })
  .transform((v) => v.toUpperCase());

/**
 * A package as the price list shows it. Prices are integer cents of `currency`. Its name and
 * description are stored in the three interface languages; the web shows its language's.
 */
export const pricePackage = z.object({
  id: z.number().int(),
  name: localizedText,
  description: localizedText,
  cover: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  vipDays: z.number().int(),
  sort: z.number().int(),
  onSale: z.boolean(),
});
export type PricePackage = z.infer<typeof pricePackage>;

export const order = z.object({
  orderNo: z.string(),
  packageId: z.number().int().nullable(),
  packageName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  vipDays: z.number().int(),
  payWay,
  gateway: gatewayName,
  status: orderStatus,
  /** WeChat Pay / epay QR content: show it as a QR code. */
  codeUrl: z.string().nullable(),
  /** A page to open (Stripe Checkout, epay cashier). */
  payUrl: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** When an admin refunded the order to credits (status `refunded`). */
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof order>;

/** The spec's package price list: packages on sale, by `sort` then price. */
export const listPackages = endpoint({
  method: 'GET',
  path: '/autoreply/queryPrice',
  access: 'public',
  summary: 'Packages on sale (the price list of the purchase dialogs)',
  tags: ['payments'],
  query: pageQuery,
  data: listOf(pricePackage),
});

export const payWays = endpoint({
  method: 'GET',
  path: '/pay/ways',
  access: 'public',
  summary: 'Pay ways that can be used now (a configured and enabled gateway serves them)',
  tags: ['payments'],
  data: z.object({ ways: z.array(z.object({ payWay, gateway: gatewayName })) }),
});

export const createOrder = endpoint({
  method: 'POST',
  path: '/pay/order',
  access: 'user',
  summary: 'Order a package and start paying it; answers the QR code or pay page',
  tags: ['payments'],
  body: z.object({
    packageId: z.number().int().positive(),
    payWay: payWay.default('wechat'),
  }),
  data: order,
});

export const getOrder = endpoint({
  method: 'GET',
  path: '/pay/order',
  access: 'user',
  summary: 'One of my orders (the pay screen polls it while the QR code shows)',
  tags: ['payments'],
  query: z.object({ orderNo: z.string().trim().min(1).max(64) }),
  data: order,
});

export const listOrders = endpoint({
  method: 'GET',
  path: '/pay/orders',
  access: 'user',
  summary: 'My orders, newest first',
  tags: ['payments'],
  query: pageQuery.extend({ status: orderStatus.optional() }),
  data: listOf(order),
});

// ---- admin ----

const noText: LocalizedText = { 'en-US': '', 'zh-CN': '', 'zh-TW': '' };

/** A package's fields; a name or description is one string for every language, or per language. */
const packageShape = {
  name: localizedInput(100, 1),
  description: localizedInput(2000),
  cover: z.union([z.url().max(1000), z.literal('')]),
  priceCents: z.number().int().min(1).max(100_000_000),
  currency,
  credits: z.number().int().min(0).max(1_000_000_000),
  vipDays: z.number().int().min(0).max(36_500),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  onSale: flag,
};

/** A new package: what is left out takes its default. */
const packageFields = z.object({
  ...packageShape,
  description: packageShape.description.default(noText),
  cover: packageShape.cover.default(''),
  currency: currency.default('CNY'),
  vipDays: packageShape.vipDays.default(0),
  sort: packageShape.sort.default(0),
  onSale: flag.default(true),
});

export const adminListPackages = endpoint({
  method: 'GET',
  path: '/admin/payments/packages',
  access: 'admin',
  summary: 'Every package, on sale or not',
  tags: ['admin', 'payments'],
  query: pageQuery,
  data: listOf(pricePackage),
});

export const adminCreatePackage = endpoint({
  method: 'POST',
  path: '/admin/payments/packages',
  access: 'admin',
  summary: 'Add a package',
  tags: ['admin', 'payments'],
  body: packageFields,
  data: pricePackage,
});

export const adminUpdatePackage = endpoint({
  method: 'POST',
  path: '/admin/payments/packages/update',
  access: 'admin',
  summary: 'Change a package (orders already placed keep what they bought)',
  tags: ['admin', 'payments'],
  // No defaults here: a field left out of an update stays as it is.
  body: z.object(packageShape).partial().extend({ id: z.number().int().positive() }).strict(),
  data: pricePackage,
});

export const adminDeletePackage = endpoint({
  method: 'POST',
  path: '/admin/payments/packages/delete',
  access: 'admin',
  summary: 'Remove a package (its orders keep their copy of it)',
  tags: ['admin', 'payments'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

export const adminOrder = order.extend({
  id: z.number().int(),
  userId: z.number().int(),
  gatewayTradeNo: z.string().nullable(),
  paidBy: z.enum(['notify', 'reconcile', 'admin']).nullable(),
  refundedBy: z.number().int().nullable(),
  refundReason: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminListOrders = endpoint({
  method: 'GET',
  path: '/admin/payments/orders',
  access: 'admin',
  summary: 'Orders, newest first, filtered by status, user or order number',
  tags: ['admin', 'payments'],
  query: pageQuery.extend({
    status: orderStatus.optional(),
    userId: queryInt(z.number().int().positive()).optional(),
    orderNo: z.string().trim().max(64).optional(),
  }),
  data: listOf(adminOrder),
});

export const adminMarkPaid = endpoint({
  method: 'POST',
  path: '/admin/payments/orders/markPaid',
  access: 'admin',
  summary: 'Mark a manual order paid (credits the user once)',
  tags: ['admin', 'payments'],
  body: z.object({ orderNo: z.string().trim().min(1).max(64) }),
  data: adminOrder,
});

export const adminRefundOrder = endpoint({
  method: 'POST',
  path: '/admin/payments/orders/refund',
  access: 'admin',
  summary:
    'Refund a paid order to credits, once: the user gets the order’s credits back as a `refund` ledger row with the reason',
  tags: ['admin', 'payments'],
  body: z.object({
    /** The order's `id` (admin list), so the audit log shows the order before and after. */
    id: z.number().int().positive(),
    reason: z.string().trim().min(1).max(500),
  }),
  data: adminOrder,
});

export const paymentNotification = z.object({
  id: z.number().int(),
  gateway: z.string(),
  orderNo: z.string().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});

export const adminListNotifications = endpoint({
  method: 'GET',
  path: '/admin/payments/notifications',
  access: 'admin',
  summary: 'Payment notifications received, newest first (never their secrets)',
  tags: ['admin', 'payments'],
  query: pageQuery.extend({ orderNo: z.string().trim().max(64).optional() }),
  data: listOf(paymentNotification),
});

/** A secret is never sent back: only whether it is set. */
export const secretState = z.enum(['set', 'not set']);

export const gatewaySettingsView = z.object({
  gateway: gatewayName,
  enabled: z.boolean(),
  payWays: z.array(payWay),
  settings: z.record(z.string(), z.string()),
  secrets: z.record(z.string(), secretState),
  /** Where this gateway must send its notifications (give it to the gateway's dashboard). */
  notifyUrl: z.string().nullable(),
});
export type GatewaySettingsView = z.infer<typeof gatewaySettingsView>;

export const adminListGateways = endpoint({
  method: 'GET',
  path: '/admin/payments/gateways',
  access: 'admin',
  summary: 'Gateway settings (secrets shown only as set / not set)',
  tags: ['admin', 'payments'],
  data: z.object({ rows: z.array(gatewaySettingsView) }),
});

const baseUrl = z.url({ protocol: /^https?$/ }).max(500);
/** A secret field: a new value replaces it, `null` clears it, absent keeps it. */
const secret = (max = 10_000) => z.string().min(1).max(max).nullable().optional();
const common = { enabled: flag.optional(), payWays: z.array(payWay).max(3).optional() };

export const gatewaySettingsInput = z.discriminatedUnion('gateway', [
  z.object({
    gateway: z.literal('epay'),
    ...common,
    settings: z
      .object({ baseUrl: baseUrl, pid: z.string().trim().min(1).max(64) })
      .partial()
      .optional(),
    secrets: z.object({ key: secret(200) }).optional(),
  }),
  z.object({
    gateway: z.literal('wechat'),
    ...common,
    settings: z
      .object({
        baseUrl: baseUrl,
        mchid: z.string().trim().min(1).max(32),
        appid: z.string().trim().min(1).max(32),
        /** Serial number of the merchant API certificate. */
        serialNo: z.string().trim().min(1).max(64),
        /** WeChat Pay platform public key (PEM) that signs notifications and answers. */
        platformPublicKey: z.string().trim().min(1).max(5000),
        /** Its serial (`PUB_KEY_ID_…` or certificate serial); notifications naming another are refused. */
        platformSerial: z.string().trim().max(80),
      })
      .partial()
      .optional(),
    secrets: z.object({ privateKey: secret(), apiV3Key: secret(64) }).optional(),
  }),
  z.object({
    gateway: z.literal('stripe'),
    ...common,
    settings: z.object({ baseUrl: baseUrl }).partial().optional(),
    secrets: z.object({ secretKey: secret(300), webhookSecret: secret(300) }).optional(),
  }),
  z.object({
    gateway: z.literal('manual'),
    ...common,
    settings: z
      .object({ instructions: z.string().trim().max(2000) })
      .partial()
      .optional(),
    secrets: z.object({}).optional(),
  }),
]);
export type GatewaySettingsInput = z.infer<typeof gatewaySettingsInput>;

export const adminUpdateGateway = endpoint({
  method: 'POST',
  path: '/admin/payments/gateways',
  access: 'admin',
  summary: 'Change one gateway: enable it, choose its pay ways, set its merchant data and keys',
  tags: ['admin', 'payments'],
  body: gatewaySettingsInput,
  data: gatewaySettingsView,
});
