import type { AtelierModule } from '../module.js';
import { auditRoutes } from './audit-routes.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { examplesRoutes } from './examples-routes.js';
import { registerAuditSubjects } from './subjects.js';

/**
 * The operator console's own calls (docs/admin.md): the audit log (written by the route layer
 * for every admin change, http/audit.ts), the dashboard and the seeded examples' removal. Users', tasks' and providers'
 * console calls live in their own modules.
 */
export const adminModule: AtelierModule = {
  name: 'admin',
  async routes(app) {
    registerAuditSubjects(app.ctx);
    auditRoutes(app);
    dashboardRoutes(app);
    examplesRoutes(app);
  },
};
