import { expect, test, type Page } from '@playwright/test';
import { api, registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * Files in the conversation and pictures in answers (docs/chat.md) against the offline demo
 * model: a PDF and a CSV attached at once are read, their chips say what went to the model, and
 * the answer quotes both; a picture the model answers with is ours, downloadable, and in the
 * works the drawing screens pick references from.
 */

/** A one-page PDF (ISO 32000-1) with these lines of text, made by hand. */
function pdfWith(lines: string[]): Buffer {
  const ops = `BT /F1 12 Tf 14 TL 20 120 Td ${lines.map((l) => `(${l}) Tj T*`).join(' ')} ET`;
  const objects = [
    '',
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const at: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    at[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    out += `${String(at[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function ask(page: Page, text: string) {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await expect(page.getByTestId('chat-send')).toBeEnabled({ timeout: 20_000 });
  await input.press('Enter');
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  return answer;
}

test('attach a PDF and a CSV, ask about them, keep a picture of an answer, and delete a file', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'cf');
  await signInBeforeLoad(page, user.token);
  await page.goto('/Chat');
  await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 20_000 });

  // 1. Two files at once through the paper clip: each chip reads, then says what it is.
  await page.getByTestId('chat-file-input').setInputFiles([
    {
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWith(['The secret word is PELICAN.']),
    },
    {
      name: 'cities.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('city,population\nOslo,709000\nBergen,291000\n'),
    },
  ]);
  const pending = page.getByTestId('chat-pending-files').getByTestId('chat-file-chip');
  await expect(pending).toHaveCount(2);
  await expect(pending.and(page.locator('[data-status="ready"]'))).toHaveCount(2, {
    timeout: 30_000,
  });
  await expect(pending.first()).toContainText('report.pdf');

  // 2. The answer uses both; the question's chips say they went whole.
  const answer = await ask(page, 'What is the secret word, and which city is larger?');
  await expect(answer).toContainText('Files I was given');
  await expect(answer).toContainText('report.pdf');
  await expect(answer).toContainText('The secret word is PELICAN.');
  await expect(answer).toContainText('cities.csv');
  await expect(answer).toContainText('city,population');
  const question = page.locator('[data-testid="chat-message"][data-role="user"]').last();
  await expect(question.getByTestId('chat-file-chip')).toHaveCount(2);
  await expect(question.getByTestId('chat-file-chip').first()).toContainText('sent whole');
  await expect(page.getByTestId('chat-pending-files')).toHaveCount(0);

  // 3. A picture in an answer: our copy, shown, downloadable, and in the works.
  const drawn = await ask(page, 'Draw a lighthouse at dusk');
  const picture = drawn.locator('[data-testid="chat-answer"] img');
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /^\/api\/files\/r\/\d+\/.+\.png\?exp=/);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(drawn.getByTestId('chat-answer-pictures')).toContainText('Saved to your works');
  const href = await drawn.getByTestId('chat-picture-download').getAttribute('href');
  const bytes = await request.get(href!);
  expect(bytes.headers()['content-type']).toBe('image/png');
  const refs = await api<{ rows: Array<{ action: string; image: { url: string } }> }>(
    request,
    'GET',
    '/autoreply/queryImg?page=1&size=10',
    { token: user.token },
  );
  expect(refs.rows.map((r) => r.action)).toContain('chat-answer');

  // 4. My attached files: listed with size, pages and date; one deleted after a
  // confirmation is gone from the list, and the question's chip says it was deleted.
  await page.getByTestId('chat-files-open').click();
  const rows = page.getByTestId('chat-file-list').getByTestId('chat-file-row');
  await expect(rows).toHaveCount(2);
  const report = rows.filter({ hasText: 'report.pdf' });
  await expect(report).toContainText(/^report\.pdf\d+(\.\d)? (KB|B) · 1 page · \S/);
  await expect(rows.filter({ hasText: 'cities.csv' })).toHaveCount(1);
  await report.getByTestId('chat-file-delete').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('cities.csv');
  await page.keyboard.press('Escape');
  const chips = page
    .locator('[data-testid="chat-message"][data-role="user"]')
    .first()
    .getByTestId('chat-file-chip');
  await expect(chips.first()).toHaveAttribute('data-status', 'deleted');
  await expect(chips.first()).toContainText('deleted');
  await expect(chips.nth(1)).toHaveAttribute('data-status', 'sent');
});
