import type { payments } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import { epayGateway } from './gateways/epay.js';
import { GatewayError, type PaymentGateway } from './gateways/gateway.js';
import { manualGateway } from './gateways/manual.js';
import { stripeGateway } from './gateways/stripe.js';
import { wechatGateway } from './gateways/wechat.js';
import { texts } from './messages.js';
import type { GatewayName, PayWayName } from './tables.js';
import { ShortCache } from '../../lib/short-cache.js';

type Ctx = Pick<AppContext, 'db' | 'config'>;
type PayWay = payments.PayWay;
type GatewaySettingsInput = payments.GatewaySettingsInput;
type GatewaySettingsView = payments.GatewaySettingsView;

interface Spec {
  /** Non-secret settings and their defaults ('' = none). */
  settings: Record<string, string>;
  secrets: readonly string[];
  /** Needed before the gateway can take orders. */
  required: readonly string[];
  defaultWays: PayWayName[];
  build(values: Record<string, string>): PaymentGateway;
}

const specs: Record<GatewayName, Spec> = {
  wechat: {
    settings: {
      baseUrl: 'https://api.mch.weixin.qq.com',
      mchid: '',
      appid: '',
      serialNo: '',
      platformPublicKey: '',
      platformSerial: '',
    },
    secrets: ['privateKey', 'apiV3Key'],
    required: [
      'baseUrl',
      'mchid',
      'appid',
      'serialNo',
      'platformPublicKey',
      'privateKey',
      'apiV3Key',
    ],
    defaultWays: ['wechat'],
    build: (v) =>
      wechatGateway({
        baseUrl: v.baseUrl!,
        mchid: v.mchid!,
        appid: v.appid!,
        serialNo: v.serialNo!,
        privateKey: v.privateKey!,
        apiV3Key: v.apiV3Key!,
        platformPublicKey: v.platformPublicKey!,
        platformSerial: v.platformSerial || undefined,
      }),
  },
  epay: {
    settings: { baseUrl: '', pid: '' },
    secrets: ['key'],
    required: ['baseUrl', 'pid', 'key'],
    defaultWays: ['alipay', 'wechat'],
    build: (v) => epayGateway({ baseUrl: v.baseUrl!, pid: v.pid!, key: v.key! }),
  },
  stripe: {
    settings: { baseUrl: 'https://api.stripe.com' },
    secrets: ['secretKey', 'webhookSecret'],
    required: ['baseUrl', 'secretKey', 'webhookSecret'],
    defaultWays: ['card'],
    build: (v) =>
      stripeGateway({
        baseUrl: v.baseUrl!,
        secretKey: v.secretKey!,
        webhookSecret: v.webhookSecret!,
      }),
  },
  manual: {
    settings: { instructions: '' },
    secrets: [],
    required: [],
    defaultWays: [],
    build: () => manualGateway(),
  },
};

/** When two enabled gateways serve one pay way, the first here takes the order. */
export const gatewayNames: GatewayName[] = ['wechat', 'epay', 'stripe', 'manual'];

/** Paths of the notification endpoints under the public URL (manual has none). */
export const notifyPath: Record<GatewayName, string | null> = {
  epay: '/api/pay/notify/epay',
  wechat: '/api/pay/notify/wechat',
  stripe: '/api/pay/notify/stripe',
  manual: null,
};

interface Stored {
  name: GatewayName;
  enabled: boolean;
  payWays: PayWayName[];
  settings: Record<string, string>;
  /** Sealed values. */
  secrets: Record<string, string>;
}

const parseObject = (text: string): Record<string, string> => {
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
};

async function readStored(ctx: Ctx, name: GatewayName): Promise<Stored> {
  const row = await ctx.db.kysely
    .selectFrom('payment_gateways')
    .selectAll()
    .where('gateway', '=', name)
    .executeTakeFirst();
  const spec = specs[name];
  return {
    name,
    enabled: row ? row.enabled === 1 : false,
    payWays: row ? (JSON.parse(row.pay_ways) as PayWayName[]) : [...spec.defaultWays],
    settings: { ...spec.settings, ...(row ? parseObject(row.settings) : {}) },
    secrets: row ? parseObject(row.secrets) : {},
  };
}

const secretContext = (name: GatewayName, field: string) => `payments:${name}:${field}`;

function openSecrets(ctx: Ctx, stored: Stored): Record<string, string> {
  const box = secretBox(ctx.config.secretKey);
  return Object.fromEntries(
    Object.entries(stored.secrets).map(([k, v]) => [k, box.open(v, secretContext(stored.name, k))]),
  );
}

const missingOf = (stored: Stored) =>
  specs[stored.name].required.filter((k) => !(stored.settings[k] || stored.secrets[k]));

/**
 * The gateway, built from its stored settings, whether or not it takes new orders (payments
 * of orders already placed are still verified and credited); null when not fully configured.
 */
export async function loadGateway(
  ctx: Ctx & Pick<AppContext, 'log'>,
  name: GatewayName,
): Promise<PaymentGateway | null> {
  const stored = await readStored(ctx, name);
  if (missingOf(stored).length > 0) return null;
  try {
    return specs[name].build({ ...stored.settings, ...openSecrets(ctx, stored) });
  } catch (error) {
    // A secret sealed under another SECRET_KEY, or a key that no longer loads.
    ctx.log.error(
      { gateway: name, problem: (error as Error).message },
      'payment gateway settings cannot be used; enter its secrets again',
    );
    return null;
  }
}

/**
 * Whether credits can be bought (a gateway is enabled), as the public client config reads it on
 * every visit: kept 5 s per database, forgotten when this process saves a gateway.
 */
const purchasableKept = new ShortCache<0, boolean>(5000, 1);
export const purchasable = (ctx: Ctx): Promise<boolean> =>
  purchasableKept.get(ctx.db.kysely, 0, async () => (await availableWays(ctx)).length > 0);

/** Enabled gateways and the pay ways they serve, in order of preference. */
export async function availableWays(
  ctx: Ctx,
): Promise<Array<{ payWay: PayWay; gateway: GatewayName }>> {
  const rows = await ctx.db.kysely
    .selectFrom('payment_gateways')
    .selectAll()
    .where('enabled', '=', 1)
    .execute();
  const ways: Array<{ payWay: PayWay; gateway: GatewayName }> = [];
  for (const name of gatewayNames) {
    const row = rows.find((r) => r.gateway === name);
    if (!row) continue;
    for (const payWay of JSON.parse(row.pay_ways) as PayWayName[])
      if (!ways.some((w) => w.payWay === payWay)) ways.push({ payWay, gateway: name });
  }
  const order: PayWay[] = ['wechat', 'alipay', 'card'];
  return ways.sort((a, b) => order.indexOf(a.payWay) - order.indexOf(b.payWay));
}

function view(ctx: Ctx, stored: Stored): GatewaySettingsView {
  const path = notifyPath[stored.name];
  return {
    gateway: stored.name,
    enabled: stored.enabled,
    payWays: stored.payWays,
    settings: stored.settings,
    secrets: Object.fromEntries(
      specs[stored.name].secrets.map((k) => [k, stored.secrets[k] ? 'set' : 'not set']),
    ),
    notifyUrl: path ? `${ctx.config.publicUrl}${path}` : null,
  };
}

export async function listGatewaySettings(ctx: Ctx): Promise<GatewaySettingsView[]> {
  const all: GatewaySettingsView[] = [];
  for (const name of gatewayNames) all.push(view(ctx, await readStored(ctx, name)));
  return all;
}

/** Saves an admin's change. Secrets are sealed; a gateway is enabled only when complete and its keys load. */
export async function updateGatewaySettings(
  ctx: Ctx,
  input: GatewaySettingsInput,
): Promise<GatewaySettingsView> {
  const name = input.gateway;
  const stored = await readStored(ctx, name);
  const box = secretBox(ctx.config.secretKey);
  const settings = { ...stored.settings };
  for (const [k, v] of Object.entries(input.settings ?? {})) if (v !== undefined) settings[k] = v;
  const secrets = { ...stored.secrets };
  for (const [k, v] of Object.entries(
    (input.secrets ?? {}) as Record<string, string | null | undefined>,
  )) {
    if (v === null) delete secrets[k];
    else if (v !== undefined) secrets[k] = box.seal(v, secretContext(name, k));
  }
  const next: Stored = {
    name,
    enabled: input.enabled ?? stored.enabled,
    payWays: input.payWays ? [...new Set(input.payWays)] : stored.payWays,
    settings,
    secrets,
  };
  if (next.enabled) {
    const missing = missingOf(next);
    if (missing.length)
      throw badRequest(
        texts.gatewayIncomplete,
        { gateway: name, missing: missing.join(', ') },
        'enabled',
      );
    if (name === 'wechat' && (openSecrets(ctx, next).apiV3Key ?? '').length !== 32)
      throw badRequest(
        texts.gatewayKeyInvalid,
        { gateway: name, problem: 'the APIv3 key must be 32 characters' },
        'secrets.apiV3Key',
      );
    try {
      specs[name].build({ ...next.settings, ...openSecrets(ctx, next) });
    } catch (error) {
      const problem = error instanceof GatewayError ? error.message : 'invalid settings';
      throw badRequest(texts.gatewayKeyInvalid, { gateway: name, problem }, 'settings');
    }
  }
  const values = {
    enabled: next.enabled ? 1 : 0,
    pay_ways: JSON.stringify(next.payWays),
    settings: JSON.stringify(next.settings),
    secrets: JSON.stringify(next.secrets),
    updated_at: nowIso(),
  };
  await ctx.db.kysely
    .insertInto('payment_gateways')
    .values({ gateway: name, ...values })
    .onConflict((oc) => oc.column('gateway').doUpdateSet(values))
    .execute();
  purchasableKept.forget();
  return view(ctx, next);
}
