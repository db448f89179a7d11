import type { Locator, Page } from '@playwright/test';

/** What the operator console's e2e tests share. */

/** The row of a console table that shows `text`. */
export const rowOf = (table: Locator, text: string) => table.locator('tr', { hasText: text });

/** Confirms the open pop-up confirmation (delete, mark paid, disable, …). */
export async function confirm(page: Page) {
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /Confirm|Delete|Mark paid|Disable/ })
    .click();
}
