import type { FastifyInstance } from 'fastify';
import { user } from '@atelier/contracts';
import { AppError, notFound, notSignedIn } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { changePassword, confirmPassword, readUserInfo, updateProfile } from './accounts.js';
import { dropReplacedAvatar, storedAvatar } from './avatar.js';
import { authMessages } from './messages.js';
import { hashPassword } from './passwords.js';
import { closeOwnSession, liveSessions, touchSession } from './sessions.js';

/** The signed-in user's profile, password and login devices. */
export function userRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const db = ctx.db.kysely;

  route(
    app,
    user.updateProfile,
    async ({ body, identity, setMessage }) => {
      const before = body.avatar !== undefined ? await readUserInfo(ctx, identity.userId) : null;
      const changes = {
        ...(body.avatar !== undefined
          ? { avatar: await storedAvatar(ctx, identity.userId, body.avatar) }
          : {}),
        ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
        ...(body.sign !== undefined ? { sign: body.sign } : {}),
        ...(body.personaRole !== undefined ? { persona_role: body.personaRole } : {}),
      };
      await updateProfile(db, identity.userId, changes);
      if (before && changes.avatar !== undefined)
        await dropReplacedAvatar(ctx, identity.userId, before.avatar, changes.avatar);
      const info = await readUserInfo(ctx, identity.userId);
      if (!info) throw notSignedIn();
      setMessage(authMessages.profileSaved);
      return info;
    },
    // A new avatar is fetched, decoded and stored: limited like an upload.
    { rateLimit: { max: ctx.config.files.uploadRateLimit, timeWindow: 60_000 } },
  );

  route(app, user.changePassword, async ({ body, identity, req, setMessage }) => {
    if (!(await confirmPassword(ctx, identity.userId, body.oldPassword, req.ip)))
      throw new AppError(
        400,
        authMessages.wrongOldPassword,
        {},
        {
          errors: [{ field: 'oldPassword', message: authMessages.wrongOldPassword['en-US'] }],
        },
      );
    await changePassword(db, identity.userId, await hashPassword(body.password));
    setMessage(authMessages.passwordChanged);
    return null;
  });

  route(app, user.listDevices, async ({ identity }) => {
    // The device asking is in use right now: its "last used" is now, not the last five-minute
    // touch of the sliding expiry.
    if (identity.sessionId !== null) await touchSession(db, identity.sessionId);
    const rows = await liveSessions(db, identity.userId);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        deviceName: r.device_name,
        ip: r.ip,
        firstSeenAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        current: r.id === identity.sessionId,
      })),
      count: rows.length,
    };
  });

  route(app, user.signOutDevice, async ({ body, identity, setMessage }) => {
    if (!(await closeOwnSession(db, identity.userId, body.id)))
      throw notFound(authMessages.deviceNotFound);
    setMessage(authMessages.deviceSignedOut);
    return null;
  });
}
