import { test as setup } from '@playwright/test';
import { adminToken, api } from '../support/index.js';

interface Row {
  id: number;
  enabled: boolean;
}

/**
 * A fresh install shows its welcome notice over every first page. The specs drive pages on
 * the default site, so the seeded notices are switched off once here; `site-dialogs.spec.ts`
 * checks the notice on a domain of its own.
 */
setup('switch off the seeded notices', async ({ request }) => {
  const token = await adminToken(request);
  const notices = await api<{ rows: Row[] }>(request, 'GET', '/admin/notices?page=1&size=100', {
    token,
  });
  for (const row of notices.rows.filter((n) => n.enabled)) {
    await api(request, 'POST', '/admin/notices/update', {
      token,
      body: { id: row.id, enabled: false },
    });
  }
});
