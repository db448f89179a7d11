import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Fills the console's open form dialog and saves it: text fields by label, then selects by
 * typing the option and picking it in the open list.
 */
export async function fillDialog(
  page: Page,
  fields: Record<string, string>,
  selects: Record<string, string> = {},
) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  for (const [label, option] of Object.entries(selects)) {
    await dialog.getByLabel(label, { exact: true }).click();
    await page.keyboard.type(option);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}
