import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/database.js';
import { createTestApp, testDialect } from '../test/harness.js';
import { runAdmin } from '../test/admin-cli.js';
import { createUser } from '../test/users.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-backup-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(testDialect === 'sqlite')('backup and restore (SQLite)', () => {
  it('backs up while the server writes, refuses to restore under a running server, restores once it stops', async () => {
    const t = await createTestApp();
    const live = t.app.ctx.db.file!;
    const before = await createUser(t.app, { username: 'kept_in_backup' });
    // Writes keep going while the backup runs.
    const writing = Promise.all(Array.from({ length: 20 }, () => createUser(t.app)));
    const file = path.join(dir, 'atelier-backup.db');
    const backup = await runAdmin(t.app.ctx, 'backup', [file]);
    await writing;
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.text).toMatch(/Backed up .* to .*atelier-backup\.db/);
    expect((await runAdmin(t.app.ctx, 'backup', [file])).code).toBe(1);

    await createUser(t.app, { username: 'after_backup' });
    // The CLI runs in its own process with its own connection; the server's stays open.
    const cli = () => ({ ...t.app.ctx, db: createDb({ sqliteFile: live }) });
    const refused = await runAdmin(cli(), 'restore', [file]);
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(/in use/);
    const other = cli();
    expect((await runAdmin(other, 'restore', [path.join(dir, 'nope.db')])).code).toBe(1);
    await other.db.destroy();

    const dataDir = t.app.ctx.config.dataDir;
    await t.app.close();
    await t.app.ctx.db.destroy();
    const restored = await runAdmin(cli(), 'restore', [file]);
    expect(restored).toEqual({ code: 0, text: expect.stringMatching(/^Restored /) });
    const db = createDb({ sqliteFile: live });
    const names = (await db.kysely.selectFrom('users').select('username').execute()).map(
      (r) => r.username,
    );
    await db.destroy();
    expect(names).toContain(before.username);
    expect(names).not.toContain('after_backup');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.runIf(testDialect === 'postgres')('backup and restore (PostgreSQL)', () => {
  it('gives the pg_dump and pg_restore lines instead', async () => {
    const t = await createTestApp();
    try {
      const b = await runAdmin(t.app.ctx, 'backup', [path.join(dir, 'x.db')]);
      expect(b.code).toBe(2);
      expect(b.text).toContain('pg_dump');
      const r = await runAdmin(t.app.ctx, 'restore', [path.join(dir, 'x.db')]);
      expect(r.text).toContain('pg_restore');
    } finally {
      await t.close();
    }
  });
});
