import type { AppContext } from '../../context.js';
import { auditSubject } from '../../http/audit.js';
import type { Database } from '../../db/schema.js';

/*
 * Which table each admin resource lives in, so the audit log can show a record before and
 * after a change (http/audit.ts): one line per resource. Modules whose records are not a
 * plain row by id (users, tasks) register their own loader next to their routes.
 */
const byId: Array<[prefix: string, table: keyof Database, key?: string]> = [
  ['/admin/chat/providers', 'chat_providers'],
  ['/admin/chat/models/access', 'chat_model_access', 'model_id'],
  ['/admin/chat/models', 'chat_models'],
  ['/admin/credits/prices', 'credit_prices'],
  ['/admin/credits/codes', 'redeem_batches'],
  ['/admin/credits/adjust', 'credit_balances', 'user_id'],
  ['/admin/payments/packages', 'packages'],
  ['/admin/payments/orders', 'orders'],
  ['/admin/sites', 'sites'],
  ['/admin/notices', 'site_notices'],
  ['/admin/faqs', 'site_faqs'],
  ['/admin/menus', 'site_menu_entries'],
  ['/admin/jumps', 'site_ad_jumps'],
  ['/admin/apps/categories', 'app_categories'],
  ['/admin/apps', 'apps'],
];

export function registerAuditSubjects(ctx: AppContext): void {
  for (const [prefix, table, key = 'id'] of byId)
    auditSubject(ctx, prefix, async (c, id) => {
      // The table and key come from the list above; Kysely cannot type a table chosen at run time.
      const db = c.db.kysely as unknown as {
        selectFrom(t: string): {
          selectAll(): {
            where(k: string, op: '=', v: number): { executeTakeFirst(): Promise<unknown> };
          };
        };
      };
      return (
        (await db.selectFrom(table).selectAll().where(key, '=', id).executeTakeFirst()) ?? null
      );
    });
}
