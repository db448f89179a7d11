import { expect, test } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * Bring your own key (chat issue, item 1) from the user centre: a private address is refused
 * with the reason under the field and nothing typed is lost; a public one is added, changed
 * without retyping the key, and deleted after a confirmation. The key is never shown again.
 */
test('user centre: add, change and delete an own OpenAI-compatible endpoint', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'byok');
  await signInBeforeLoad(page, user.token);
  await page.goto('/user-center');
  await page.getByRole('tab', { name: 'My endpoints' }).click();
  await expect(page.getByText('No endpoints of your own yet.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('API key is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Home lab');
  await page.getByLabel('Base URL').fill('http://127.0.0.1:11434/v1');
  await page.getByLabel('Model', { exact: true }).fill('llama3');
  await page.getByLabel('API key').fill('sk-secret-e2e');
  await page.getByRole('button', { name: 'Save' }).click();
  // The toast and the field both say why; the field keeps it until the address is edited.
  await expect(page.getByRole('tabpanel').getByText(/private or local address/)).toBeVisible();
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('llama3');

  await page.getByLabel('Base URL').fill('https://8.8.8.8/v1');
  await page.getByLabel('Accepts images (vision model)').check();
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Home lab' });
  await expect(row).toContainText('llama3');
  await expect(row).toContainText('Vision');
  await expect(row).toContainText('https://8.8.8.8/v1');
  await expect(page.getByText('sk-secret-e2e')).toHaveCount(0);

  await row.getByRole('button', { name: 'Change Home lab' }).click();
  await expect(page.getByLabel('API key')).toHaveValue('');
  await page.getByLabel('Name', { exact: true }).fill('Cloud');
  await page.getByRole('button', { name: 'Save' }).click();
  const changed = page.getByRole('listitem').filter({ hasText: 'Cloud' });
  await expect(changed).toBeVisible();
  await expect(changed).not.toContainText('No key');

  await changed.getByRole('button', { name: 'Delete Cloud' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No endpoints of your own yet.', { exact: false })).toBeVisible();
});
