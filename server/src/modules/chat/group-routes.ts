import type { FastifyInstance } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { AppError, notFound } from '../../http/errors.js';
import { langOf } from '../../http/messages.js';
import { route } from '../../http/route.js';
import {
  clearMessages,
  deleteGroup,
  deleteMessage,
  deleteUnpinnedGroups,
  groupsOf,
  insertGroup,
  messagesOf,
  messagesOfApp,
  ownGroup,
  switchBranch,
  toGroup,
  toLogs,
  updateGroup,
} from './groups.js';
import { texts } from './messages.js';

/** A user's chats (groups) and their messages (the queries: groups.ts). */
export function groupRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, C.createGroup, async ({ body, identity, req }) => {
    const lang = langOf(req);
    // A chat started from an app is named after it (the first message then keeps that name).
    const fromApp = body.appId
      ? await app.ctx.hooks.appPrompt(app.ctx, { appId: body.appId, userId: identity.userId, lang })
      : null;
    // Only an app the caller may use: someone else's persona is the same 404 as a missing app.
    if (body.appId && !fromApp)
      throw new AppError(
        404,
        texts.appNotFound,
        {},
        {
          errors: [{ field: 'appId', message: texts.appNotFound['en-US'] }],
        },
      );
    const title = fromApp?.name.trim() || texts.newChat[lang];
    return toGroup(await insertGroup(db(), identity.userId, body.appId ?? null, title));
  });

  route(app, C.listGroups, async ({ identity }) => {
    const rows = await groupsOf(db(), identity.userId);
    return { rows: rows.map(toGroup), count: rows.length };
  });

  route(app, C.updateGroup, async ({ body, identity }) => {
    const group = await ownGroup(db(), body.groupId, identity.userId);
    return toGroup(await updateGroup(db(), group, body));
  });

  route(app, C.deleteGroup, async ({ body, identity }) => {
    await ownGroup(db(), body.groupId, identity.userId);
    await deleteGroup(db(), body.groupId, identity.userId);
    return null;
  });

  route(app, C.deleteAllGroups, async ({ identity }) => ({
    deleted: await deleteUnpinnedGroups(db(), identity.userId),
  }));

  logRoutes(app);
}

/** The messages of a user's chats: read, deleted one by one or by group, listed by app. */
function logRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;
  /** A branch's messages as the client reads them: siblings, and answers' pictures signed. */
  const logsOf = async (rows: Awaited<ReturnType<typeof messagesOf>>, userId: number) => {
    const siblings = new Map(rows.map((r) => [r.row.id, r.siblings]));
    return toLogs(
      app.ctx,
      userId,
      rows.map((r) => r.row),
      (r) => siblings.get(r.id) ?? [r.id],
    );
  };

  route(app, C.listMessages, async ({ query, identity }) => {
    const group = await ownGroup(db(), query.groupId, identity.userId);
    const rows = await messagesOf(db(), group, identity.userId);
    return { rows: await logsOf(rows, identity.userId), count: rows.length };
  });

  route(app, C.switchBranch, async ({ body, identity }) => {
    await ownGroup(db(), body.groupId, identity.userId);
    if (!(await switchBranch(db(), body.groupId, body.id, identity.userId)))
      throw notFound(texts.logNotFound);
    const group = await ownGroup(db(), body.groupId, identity.userId);
    const rows = await messagesOf(db(), group, identity.userId);
    return { rows: await logsOf(rows, identity.userId), count: rows.length };
  });

  route(app, C.deleteMessage, async ({ body, identity }) => {
    if (!(await deleteMessage(db(), body.id, identity.userId))) throw notFound(texts.logNotFound);
    return null;
  });

  route(app, C.clearGroupMessages, async ({ body, identity }) => {
    await ownGroup(db(), body.groupId, identity.userId);
    await clearMessages(db(), body.groupId, identity.userId);
    return null;
  });

  route(app, C.messagesByApp, async ({ query, identity }) => {
    const { rows, count } = await messagesOfApp(db(), identity.userId, query.appId, query);
    return { rows: await toLogs(app.ctx, identity.userId, rows), count };
  });
}
