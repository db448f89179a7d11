import type { FastifyInstance } from 'fastify';
import { credits as api } from '@atelier/contracts';
import { route } from '../../http/route.js';
import { readBalance, readBalanceWithHolds } from './balances.js';
import { checkIn, checkinCalendar } from './checkin.js';
import { hideHistoryRow, listHistory, type HistoryView } from './history.js';
import { listInvites } from './invites.js';
import { texts } from './messages.js';
import { listPrices, modelInfos, toPrice } from './prices.js';
import { redeemCode } from './redeem.js';

/** The user-facing credits calls: prices, balance, redemption, check-in, history. */
export function registerUserRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, api.actionPrices, async () => {
    const { rows, vipDiscountPercent } = await listPrices(db());
    return { rows: rows.map((r) => toPrice(r, vipDiscountPercent)), count: rows.length };
  });

  route(app, api.modelPrices, async () => {
    const rows = await modelInfos(db());
    return { rows, count: rows.length };
  });

  route(app, api.myBalance, async ({ identity }) => readBalanceWithHolds(db(), identity.userId));
  route(app, api.myInvites, async ({ query, identity }) =>
    listInvites(app.ctx, identity.userId, query),
  );

  route(
    app,
    api.redeem,
    async ({ identity, body, req, setMessage }) => {
      const result = await redeemCode(app.ctx.db, {
        userId: identity.userId,
        ip: req.ip,
        code: body.code,
      });
      setMessage(texts.redeemed, { credits: result.credits });
      return { ...result, balance: await readBalance(db(), identity.userId) };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  route(app, api.checkin, async ({ identity, setMessage }) => {
    const result = await checkIn(db(), identity.userId, app.ctx.config.timeZone);
    setMessage(texts.checkedIn, { credits: result.credits });
    return { ...result, balance: await readBalance(db(), identity.userId) };
  });

  route(app, api.checkinCalendar, async ({ identity }) =>
    checkinCalendar(db(), identity.userId, app.ctx.config.timeZone),
  );

  const views: Array<[typeof api.topUpLog, HistoryView]> = [
    [api.topUpLog, 'recharge'],
    [api.usageLog, 'usage'],
    [api.balanceLog, 'all'],
    [api.incomeLog, 'income'],
  ];
  for (const [endpoint, view] of views)
    route(app, endpoint, async ({ identity, query }) =>
      listHistory(app.ctx, identity.userId, view, query),
    );

  route(app, api.hideBalanceLogRow, async ({ identity, body }) => {
    await hideHistoryRow(db(), identity.userId, body.id);
    return null;
  });
}
