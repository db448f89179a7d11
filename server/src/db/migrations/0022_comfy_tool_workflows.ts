import { timestamp, type AtelierMigration } from '../column-types.js';

/**
 * ComfyUI serving toolbox operations: per provider and operation, the operator's workflow and
 * its node mapping (the picture's LoadImage node among them). The square's workflow stays in
 * `sd_comfy_workflows`.
 */
export const comfyToolWorkflows: AtelierMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('sd_comfy_tool_workflows')
      .addColumn('provider_id', 'integer', (c) => c.notNull())
      .addColumn('op', 'varchar(16)', (c) => c.notNull())
      .addColumn('workflow', 'text', (c) => c.notNull())
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('updated_at', timestamp(dialect), (c) => c.notNull())
      .addPrimaryKeyConstraint('sd_comfy_tool_workflows_pk', ['provider_id', 'op'])
      .execute();
  },
};
