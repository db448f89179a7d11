import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * The Stable Diffusion model square and the AI toolbox: the square's model cards, which provider
 * serves each toolbox operation, and each ComfyUI provider's workflow with its node mapping.
 */
export const stableDiffusion: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('sd_models'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('provider_id', 'integer', (c) => c.notNull())
      .addColumn('checkpoint', 'text', (c) => c.notNull())
      .addColumn('base_model', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('cover', 'text', (c) => c.notNull())
      .addColumn('examples', 'text', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('price_key', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sd_tool_ops')
      .addColumn('op', 'text', (c) => c.primaryKey())
      .addColumn('provider_id', 'integer')
      .addColumn('price_key', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sd_comfy_workflows')
      .addColumn('provider_id', 'integer', (c) => c.primaryKey())
      .addColumn('workflow', 'text', (c) => c.notNull())
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};
