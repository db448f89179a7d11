import type { AtelierMigration } from '../column-types.js';

/**
 * Drawing runs on the shared task engine (`tasks`, `files`): its stand-in tables go. Nothing
 * is copied (pre-release): their pictures lived in DATA_DIR/drawing-files, outside the file
 * store. A hold of a drawing left unfinished here is returned by the credits' hold sweeper
 * when it expires, like any hold whose task vanished.
 */
export const drawingOnTasks: AtelierMigration = {
  async up(db) {
    await db.schema.dropTable('drawing_tasks').ifExists().execute();
    await db.schema.dropTable('drawing_files').ifExists().execute();
  },
};
