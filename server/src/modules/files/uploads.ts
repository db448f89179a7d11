import type { Page } from '../../db/paging.js';
import { pageOf } from '../../db/paging.js';
import type { Executor } from '../../db/executor.js';

/* The queries of a user's uploads (the upload list and its deletes in routes.ts). */

const uploads = (db: Executor, userId: number) =>
  db.selectFrom('files').where('user_id', '=', userId).where('origin', '=', 'upload');

/** A page of the user's uploads, newest first. */
export const uploadsPage = (db: Executor, userId: number, page: Page) =>
  pageOf(uploads(db, userId), page, (q) => q.selectAll().orderBy('id', 'desc'));

/** Every upload of the user. */
export const uploadsOf = (db: Executor, userId: number) =>
  uploads(db, userId).selectAll().execute();

/** One upload of the user, or undefined (someone else's, or not an upload). */
export const uploadOf = (db: Executor, userId: number, id: number) =>
  uploads(db, userId).selectAll().where('id', '=', id).executeTakeFirst();
