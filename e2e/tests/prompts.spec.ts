import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * The prompt store dialog (docs/product.md §2, §5 and §8), opened from the chat's "Prompt store"
 * button: adding with the duplicate texts, JSON import (duplicates skipped and counted, a file
 * of other keys is a key mismatch), edit, delete, export, clear, the Online tab's built-in
 * source, and "use" filling the chat input.
 */

async function openStore(page: Page, token: string): Promise<Locator> {
  await signInBeforeLoad(page, token);
  await page.goto('/Chat');
  await page.getByRole('button', { name: 'Prompt store', exact: true }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Prompt store' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const jsonFile = (name: string, data: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
});

async function addPrompt(page: Page, dialog: Locator, title: string, content: string) {
  await dialog.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'Add a prompt' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill(content);
  await form.getByRole('button', { name: 'Save' }).click();
  return form;
}

test('local prompts: duplicates refused and skipped, mismatch, edit, delete, export, clear, use', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registerUser(request, 'prompts');
  const dialog = await openStore(page, account.token);
  await expect(dialog.getByText('No prompts yet.')).toBeVisible();

  // Add one; the same title again is refused with the spec's text and the form stays open.
  const first = await addPrompt(page, dialog, 'Weekly report', 'Summarise my week in three lines.');
  await expect(first).toBeHidden();
  await expect(dialog.getByRole('listitem', { name: 'Weekly report' })).toBeVisible();
  const again = await addPrompt(page, dialog, 'Weekly report', 'Something else');
  await expect(again.getByRole('alert')).toHaveText('Title duplicate, please re-enter');
  // Same content under a new title names the prompt that has it.
  await again.getByLabel('Title').fill('Another report');
  await again.getByLabel('Content').fill('Summarise my week in three lines.');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'Content duplicate: Weekly report, please re-enter',
  );
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  // Import: a repeated title and a repeated content are skipped, the rest added, with counts.
  const picker = dialog.getByTestId('prompt-import-file');
  await picker.setInputFiles(
    jsonFile('prompts.json', [
      { title: 'Weekly report', content: 'A different text' },
      { title: 'Translator', content: 'Translate my text into English.' },
      { key: 'Reviewer', value: 'Summarise my week in three lines.' },
      { act: 'Poet', prompt: 'Write a short poem about the sea.' },
    ]),
  );
  const outcome = dialog.getByTestId('prompt-import-outcome');
  await expect(outcome).toContainText('Imported');
  await expect(outcome).toContainText('2 added, 2 skipped (repeated title or content)');
  await expect(dialog.getByText('3 prompts')).toBeVisible();

  // A file with other keys is a key mismatch and adds nothing; a broken file says so too.
  await picker.setInputFiles(jsonFile('other.json', [{ name: 'x', text: 'y' }]));
  await expect(outcome).toHaveText('Key value mismatch');
  await picker.setInputFiles(jsonFile('broken.json', '[{"title": '));
  await expect(outcome).toHaveText('Please check the network status and JSON file validity.');
  await expect(dialog.getByText('3 prompts')).toBeVisible();

  // Search, then edit a prompt's title.
  await dialog.getByRole('searchbox', { name: 'Search titles or content' }).fill('english');
  await expect(dialog.getByText('1 of 3 prompts')).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit Translator' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the prompt' });
  await edit.getByLabel('Title').fill('English translator');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('listitem', { name: 'English translator' })).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search titles or content' }).fill('');

  // Delete one after confirming.
  await dialog.getByRole('button', { name: 'Delete Weekly report' }).click();
  await expect(page.getByText('Delete this prompt?')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('listitem', { name: 'Weekly report' })).toBeHidden();
  await expect(dialog.getByText('2 prompts')).toBeVisible();

  // Export downloads the store as JSON that reads back.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('promptStore.json');
  expect(JSON.parse(fs.readFileSync((await file.path())!, 'utf8'))).toEqual([
    { title: 'English translator', content: 'Translate my text into English.' },
    { title: 'Poet', content: 'Write a short poem about the sea.' },
  ]);

  // "Use" closes the dialog and fills the chat input.
  await dialog.getByRole('button', { name: 'Use Poet' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Write a short poem about the sea.',
  );

  // Clear asks first; cancelling keeps everything, confirming empties the store.
  await page.getByRole('button', { name: 'Prompt store', exact: true }).click();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Clear the store data?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText('2 prompts')).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await confirm.getByRole('button', { name: 'Clear' }).click();
  await expect(dialog.getByText('No prompts yet.')).toBeVisible();
  // The store is kept in the browser: a reload still shows it empty.
  const stored = await page.evaluate(() => localStorage.getItem('promptStore'));
  expect(JSON.parse(stored!)).toMatchObject({ state: { promptList: [] } });
});

test('online prompts: the built-in source previews and imports with the same duplicate rule', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registerUser(request, 'promptsol');
  const dialog = await openStore(page, account.token);
  await addPrompt(
    page,
    dialog,
    'My proofreader',
    'Proofread the text I send next. Fix spelling, grammar and punctuation, keep my meaning and tone, and list the changes you made after the corrected text.',
  );

  await dialog.getByRole('tab', { name: 'Online' }).click();
  await expect(dialog.getByText('Note: Please check the JSON file source!')).toBeVisible();
  // The English built-in list is chosen for an English interface; one of its prompts is ours.
  await expect(dialog.getByRole('button', { name: 'Built-in prompts (English)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByText('32 prompts, 31 not in your store')).toBeVisible();
  await expect(
    dialog.getByRole('listitem', { name: 'Proofreader' }).getByText('In your store'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import all' }).click();
  await expect(dialog.getByTestId('prompt-import-outcome')).toContainText(
    '31 added, 1 skipped (repeated title or content)',
  );
  await expect(dialog.getByText('32 prompts, 0 not in your store')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import all' })).toBeDisabled();

  // The Chinese list is another source.
  await dialog.getByRole('button', { name: 'Built-in prompts (简体中文)' }).click();
  await expect(dialog.getByRole('listitem', { name: '周报助手' })).toBeVisible();

  // A typed address: not an address, JSON of other keys, and a page that is not JSON.
  const address = dialog.getByRole('searchbox', { name: 'Address of a JSON file' });
  await address.fill('prompts.json');
  await address.press('Enter');
  await expect(dialog.getByText('Enter an http(s) address or a path on this site')).toBeVisible();
  await address.fill('/version.json');
  await address.press('Enter');
  await expect(dialog.getByText('Key value mismatch')).toBeVisible();
  await address.fill('/no-such-prompts.json');
  await dialog.getByRole('button', { name: 'Fetch' }).click();
  await expect(
    dialog.getByText('Please check the network status and JSON file validity.'),
  ).toBeVisible();

  await dialog.getByRole('tab', { name: 'Local' }).click();
  await expect(dialog.getByText('32 prompts')).toBeVisible();
});
