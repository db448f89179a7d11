import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * Mind map (/mind): a signed-in user gives a topic, the offline demo model's outline streams
 * into the outline panel, markmap draws it, the map folds, and it downloads as SVG and PNG.
 */

async function open(page: Page, token: string, language = 'en-US') {
  await signInBeforeLoad(page, token, language);
  await page.goto('/mind');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('a topic streams into an outline and a mind map that exports as SVG and PNG', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await registerUser(request, 'mind');
  await open(page, account.token);
  await expect(page.getByRole('heading', { name: 'Mind map' })).toBeVisible({ timeout: 30_000 });

  // An empty topic is refused under the field.
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a topic' })).toBeVisible();

  // Every length the outline panel shows, to see it grow while the answer streams.
  await page.evaluate(() => {
    const seen = new Set<number>();
    (window as unknown as { outlineLengths: Set<number> }).outlineLengths = seen;
    const sample = () => {
      const panel = document.querySelector<HTMLTextAreaElement>('#mind-outline');
      if (panel) seen.add(panel.value.length);
      requestAnimationFrame(sample);
    };
    sample();
  });
  const streamed = page.waitForResponse(
    (r) => r.url().endsWith('/api/chatgpt/chat-mind') && r.status() === 200,
  );
  await page.getByLabel('Topic').fill('Coffee brewing basics');
  await page.getByLabel('Topic').press('Enter');
  await streamed;
  const outline = page.getByLabel('Outline (Markdown)');
  await expect(outline).toHaveValue(/^# Coffee brewing basics/);
  await expect(outline).toHaveValue(/## Next steps[\s\S]*- Try a small example/);
  await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
  const lengths = await page.evaluate(() => [
    ...(window as unknown as { outlineLengths: Set<number> }).outlineLengths,
  ]);
  const full = (await outline.inputValue()).length;
  // The outline showed part of the answer before the whole of it (the demo streams ~0.5 s).
  expect(lengths.filter((n) => n > 0 && n < full).length).toBeGreaterThanOrEqual(1);

  // The map: the demo outline has a root, three branches and their leaves.
  const map = page.getByTestId('mind-map');
  await expect(map).toHaveAttribute('aria-label', 'Mind map: Coffee brewing basics');
  const nodes = map.locator('g.markmap-node');
  await expect(nodes.first()).toBeVisible();
  await expect.poll(() => nodes.count()).toBeGreaterThanOrEqual(10);
  await expect(map.locator('foreignObject', { hasText: 'Key parts' })).toBeVisible();
  // Nodes of the streamed, half-written lines leave the map with a transition: count once the
  // drawing agrees with the status line.
  const status = page.getByTestId('mind-status');
  await expect
    .poll(async () => (await status.textContent()) === `${await nodes.count()} nodes`)
    .toBe(true);
  const total = await nodes.count();

  // Collapsing keeps two levels: the branches' leaves go away; expanding brings them back.
  await page.getByRole('button', { name: 'Collapse to two levels' }).click();
  await expect.poll(() => nodes.count()).toBe(4);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect.poll(() => nodes.count()).toBe(total);

  // Editing the outline redraws the map.
  await outline.fill('# Edited root\n## Only branch\n- leaf');
  await expect(map).toHaveAttribute('aria-label', 'Mind map: Edited root');
  await expect.poll(() => nodes.count()).toBe(3);

  // Typing at the end of the outline behaves like any text box: spaces and new lines stay.
  await outline.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n## Practice plan\n- 15 minutes a day ');
  await expect(outline).toHaveValue(
    '# Edited root\n## Only branch\n- leaf\n## Practice plan\n- 15 minutes a day ',
  );
  await expect(map.locator('foreignObject', { hasText: '15 minutes a day' })).toBeVisible();
  await expect.poll(() => nodes.count()).toBe(5);
  await outline.fill('# Edited root\n## Only branch\n- leaf');
  await expect.poll(() => nodes.count()).toBe(3);

  const svgDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const svgFile = await svgDownload;
  expect(svgFile.suggestedFilename()).toBe('Edited root.svg');
  const svgText = fs.readFileSync((await svgFile.path())!, 'utf8');
  expect(svgText).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svgText).toContain('Only branch');
  expect(svgText).toMatch(/viewBox="0 0 \d+ \d+"/);

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG' }).click();
  const pngFile = await pngDownload;
  expect(pngFile.suggestedFilename()).toBe('Edited root.png');
  const png = fs.readFileSync((await pngFile.path())!);
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // A real picture, not an empty canvas: wider than the padding alone.
  expect(png.readUInt32BE(16)).toBeGreaterThan(200);
  expect(png.readUInt32BE(20)).toBeGreaterThan(100);

  // The generated map is kept in the recent maps and opens again.
  await page.getByRole('button', { name: 'Recent maps' }).click();
  const drawer = page.getByRole('dialog', { name: 'Recent maps' });
  await drawer.getByRole('button', { name: /^Coffee brewing basics/ }).click();
  await expect(outline).toHaveValue(/^# Coffee brewing basics/);
  await expect(map).toHaveAttribute('aria-label', 'Mind map: Coffee brewing basics');
});

test('the screen speaks Chinese and a guest is told what a map costs', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'appSetting',
      JSON.stringify({ state: { language: 'zh-CN', languageChosen: true }, version: 0 }),
    ),
  );
  await page.goto('/mind');
  await expect(page.getByRole('heading', { name: '思维导图' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('你正以访客身份使用')).toBeVisible();
  await page.getByRole('button', { name: '咖啡的种类与冲煮方法' }).click();
  await expect(page.getByLabel('主题')).toHaveValue('咖啡的种类与冲煮方法');
});

test('on a phone the map keeps readable text and pans instead of shrinking', async ({
  page,
  request,
}) => {
  const account = await registerUser(request, 'mindph');
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, account.token);
  await page.getByLabel('Topic').fill('Coffee brewing basics');
  await page.getByLabel('Topic').press('Enter');
  const map = page.getByTestId('mind-map');
  await expect(map.locator('foreignObject', { hasText: 'Key parts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
  // 15 px text on 22 px lines: drawn at 0.8× or more, a line is at least 17 px high on screen.
  const label = map.locator('foreignObject', { hasText: 'Key parts' });
  await expect
    .poll(async () => (await label.boundingBox())?.height ?? 0)
    .toBeGreaterThanOrEqual(17);
  // The root stays in view at the left; the map is wider than the view and pans.
  const root = map.locator('foreignObject').filter({ hasText: /^Coffee brewing basics$/ });
  const view = (await map.boundingBox())!;
  await expect
    .poll(async () => {
      const x = (await root.boundingBox())?.x ?? -1;
      return x >= view.x && x < view.x + view.width / 4;
    })
    .toBe(true);
});
