import type { Generated } from 'kysely';

/** One admin change: who, what, the record before and after (secrets removed), from where. */
export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: number;
  /** `METHOD /path` of the endpoint. */
  action: string;
  /** The record changed (`id:12`), empty when the call names none. */
  target: string;
  /** JSON or null. */
  before: string | null;
  /** JSON or null. */
  after: string | null;
  /** JSON: the request body with secrets removed. */
  request: string;
  ip: string;
  created_at: string;
}

export interface AdminTables {
  admin_audit: AdminAuditTable;
}
