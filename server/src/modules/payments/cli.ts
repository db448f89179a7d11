import { payments } from '@atelier/contracts';
import type { AdminCommand } from '../../cli/command.js';
import { findOrder, settleOrder } from './orders.js';
import { listPackages } from './packages.js';
import { reconcilePayments } from './reconciler.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 2) => {
  process.stderr.write(`${line}\n`);
  return code;
};
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

export const packagesCommand: AdminCommand = {
  name: 'packages',
  usage: 'packages',
  summary: 'List every package (price, credits, VIP days, on sale)',
  async run(ctx) {
    const { rows } = await listPackages(ctx, { page: 1, size: 1000 }, true);
    for (const p of rows)
      out(
        `#${p.id}  ${p.name['en-US']}  ${money(p.priceCents, p.currency)}  ${p.credits} credits` +
          `${p.vipDays ? ` + ${p.vipDays} VIP days` : ''}${p.onSale ? '' : '  (not on sale)'}`,
      );
    if (rows.length === 0) out('No packages.');
    return 0;
  },
};

export const ordersCommand: AdminCommand = {
  name: 'orders',
  usage: 'orders [--status pending|paid|expired|failed] [--user <id>] [--limit 50]',
  summary: 'List orders, newest first',
  async run(ctx, args) {
    const status = args.options.status;
    if (status !== undefined && !payments.orderStatus.safeParse(status).success)
      return fail(`--status must be one of ${payments.orderStatus.options.join(', ')}`);
    const limit = Number(args.options.limit ?? 50);
    if (!Number.isInteger(limit) || limit < 1) return fail('--limit must be a positive number');
    let query = ctx.db.kysely.selectFrom('orders').selectAll();
    if (typeof status === 'string')
      query = query.where('status', '=', payments.orderStatus.parse(status));
    if (args.options.user !== undefined)
      query = query.where('user_id', '=', Number(args.options.user));
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    for (const o of rows)
      out(
        `${o.order_no}  ${o.status.padEnd(7)}  user ${o.user_id}  ${o.package_name}  ` +
          `${money(o.amount_cents, o.currency)}  ${o.gateway}/${o.pay_way}  ${o.created_at}` +
          `${o.paid_at ? `  paid ${o.paid_at} (${o.paid_by})` : ''}`,
      );
    if (rows.length === 0) out('No orders.');
    return 0;
  },
};

export const markPaidCommand: AdminCommand = {
  name: 'mark-paid',
  usage: 'mark-paid <orderNo>',
  summary: 'Mark a manual order paid and credit its buyer (once)',
  async run(ctx, args) {
    const [orderNo] = args.positional;
    if (!orderNo) return fail('Usage: mark-paid <orderNo>');
    const order = await findOrder(ctx, orderNo);
    if (!order) return fail(`No order ${orderNo}`, 1);
    if (order.gateway !== 'manual')
      return fail(
        `Order ${orderNo} is paid through ${order.gateway}; only manual orders can be marked paid`,
      );
    const outcome = await settleOrder(ctx, order, { by: 'admin' });
    if (outcome === 'already_paid') return fail(`Order ${orderNo} is already paid`, 1);
    out(`Order ${orderNo} paid: ${order.credits} credits added to user ${order.user_id}.`);
    return 0;
  },
};

export const reconcileCommand: AdminCommand = {
  name: 'reconcile-payments',
  usage: 'reconcile-payments',
  summary: 'Ask the gateways about unpaid orders now (the server does it every minute)',
  async run(ctx) {
    const r = await reconcilePayments(ctx);
    out(
      `Checked ${r.checked}, credited ${r.credited}, expired ${r.expired}, gateway errors ${r.failed}.`,
    );
    return r.failed > 0 ? 1 : 0;
  },
};

export const paymentCommands = [packagesCommand, ordersCommand, markPaidCommand, reconcileCommand];
