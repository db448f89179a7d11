import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Video (video module): the screen's example clips (`/autoreply/queryVideoDemo`), seeded by
 * the module, titles in the three languages. The videos themselves are rows of `tasks`.
 */
export const video: AtelierMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('video_demos'), dialect)
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      /** JSON `{ "en-US", "zh-CN", "zh-TW" }`. */
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('aspect', 'text', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('camera', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', timestamp(dialect), (c) => c.notNull())
      .execute();
  },
};
