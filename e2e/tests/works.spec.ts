import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { api, registerUser, signInBeforeLoad } from '../support/index.js';

// Eight engineers' builds share two cores: a lazy screen may take long to appear.
const slow = expect.configure({ timeout: 30_000 });

/**
 * Works, in one journey: a drawing of the Midjourney offline demo is published from its
 * details, shows on the public square, another signed-in user likes and collects it, opens the
 * author's page and draws
 * the same (every parameter lands on the Midjourney screen), the owner puts two works in an
 * album, and the share link opens signed out with its preview tags.
 */

interface DrawTask {
  id: number;
  status: number;
  error: string | null;
}

const PARAMS = { aspect: '16:9', seed: 1234, chaos: 20, stylize: 250, no: 'people' };

/** A finished demo drawing of `token` (drawn through the API; the screen's own test draws by hand). */
async function drawn(request: APIRequestContext, token: string, prompt: string): Promise<number> {
  const task = await api<DrawTask>(request, 'POST', '/queue/addMjDrawQueue', {
    token,
    body: { type: 'imagine', prompt, params: PARAMS },
  });
  const deadline = Date.now() + 40_000;
  for (;;) {
    const { rows } = await api<{ rows: DrawTask[] }>(request, 'POST', '/queue/getMjStatus', {
      token,
      body: { ids: [task.id] },
    });
    if (rows[0]!.status === 3) return task.id;
    expect(rows[0]!.status, rows[0]!.error ?? '').not.toBe(4);
    expect(Date.now(), 'the demo drawing finishes').toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInBeforeLoad(page, token);
  return page;
}

test('publish, square, like and collect, draw the same, an album of two, the share link', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await registerUser(request, 'wko');
  const fan = await registerUser(request, 'wkf');
  const prompt = `a lighthouse in the fog ${Date.now()}`;
  const [first, second] = await Promise.all([
    drawn(request, owner.token, prompt),
    drawn(request, owner.token, 'a red fox in the snow'),
  ]);

  // The owner publishes the first from its details.
  const mine = await signedInPage(browser, owner.token);
  await mine.goto(`/workDetails?id=${first}`);
  await slow(mine.getByTestId('work-prompt')).toHaveText(prompt);
  await mine.getByTestId('publish-open').click();
  await mine.getByTestId('publish-title').fill('Lighthouse');
  await mine.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByTestId('work-title')).toHaveText('Lighthouse');

  // It is on the public square.
  await mine.goto('/designerWork');
  await slow(mine.locator(`[data-testid="work-card"][data-work-id="${first}"]`)).toBeVisible();

  // Another user likes and collects it, then draws the same.
  const fanPage = await signedInPage(browser, fan.token);
  await fanPage.goto('/designerWork');
  await fanPage
    .locator(`[data-testid="work-card"][data-work-id="${first}"] button`)
    .first()
    .click();
  await slow(fanPage).toHaveURL(new RegExp(`/workDetails\\?id=${first}$`));
  await fanPage.getByTestId('like-button').click();
  await expect(fanPage.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(fanPage.getByTestId('like-button')).toContainText('1');
  await fanPage.getByTestId('collect-button').click();
  await expect(fanPage.getByTestId('collect-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(fanPage.getByTestId('collect-button')).toContainText('1');
  const state = await api<{ rows: Array<{ liked: boolean; collected: boolean }> }>(
    request,
    'GET',
    `/collect/getHaveList?targetType=work&ids=${first}`,
    { token: fan.token },
  );
  expect(state.rows).toMatchObject([{ liked: true, collected: true }]);

  // The author's page opens from the work with their totals and works.
  await fanPage.locator('a[href^="/hisGallery?userId="]').first().click();
  await slow(fanPage.getByTestId('designer-totals')).toBeVisible();
  await expect(fanPage.locator(`[data-testid="work-card"][data-work-id="${first}"]`)).toBeVisible();
  await fanPage.goBack();
  await slow(fanPage.getByTestId('draw-same')).toBeVisible();
  await fanPage.getByTestId('draw-same').click();
  await fanPage.getByTestId('draw-same-go').click();
  await slow(fanPage).toHaveURL(/\/Midjourney$/);
  await slow(fanPage.getByTestId('mj-prompt')).toHaveValue(prompt);
  await fanPage.locator('[aria-controls="mj-params-panel"]').click();
  await expect(fanPage.locator('#mj-seed')).toHaveValue('1234');
  await expect(fanPage.locator('#mj-chaos')).toHaveValue('20');
  await expect(fanPage.locator('#mj-stylize')).toHaveValue('250');
  await expect(fanPage.locator('#mj-no')).toHaveValue('people');
  await expect(fanPage.getByRole('radio', { name: '16:9' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The owner makes an album of the two (the second stays private: only the owner sees it there).
  await mine.goto(`/workDetails?id=${first}`);
  await mine.getByTestId('album-open').click();
  await mine.getByTestId('album-new-title').fill('Two of mine');
  await mine.getByTestId('album-create').click();
  // The picker closes once the work is in the new album.
  await slow(mine.getByRole('dialog')).toBeHidden();
  const { rows: albums } = await api<{ rows: Array<{ id: number; title: string }> }>(
    request,
    'GET',
    '/albums/mine',
    { token: owner.token },
  );
  const album = albums.find((a) => a.title === 'Two of mine')!;
  await mine.goto(`/photoAlbum/${album.id}`);
  await mine.getByTestId('album-add-works').click();
  await mine.getByRole('dialog').locator(`[data-work-id="${second}"] button`).first().click();
  await mine.getByRole('button', { name: 'Add 1' }).click();
  const order = mine.getByTestId('album-works').locator('> li');
  await slow(order).toHaveCount(2);
  await expect(order.nth(0)).toHaveAttribute('data-work-id', String(first));
  await expect(order.nth(1)).toHaveAttribute('data-work-id', String(second));
  await mine.getByRole('button', { name: 'Move earlier' }).nth(1).click();
  await expect(order.nth(0)).toHaveAttribute('data-work-id', String(second));

  // The share link, signed out: the preview tags are in the served HTML, then the work shows.
  const res = await request.get(`/s/${first}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<meta property="og:title" content="Lighthouse">');
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/api\/files\/[^"]+">/);
  expect((await request.get(`/s/${second}`)).status()).toBe(404);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/s/${first}`);
  await slow(guest).toHaveURL(new RegExp(`/workDetails\\?id=${first}$`));
  await slow(guest.getByTestId('work-title')).toHaveText('Lighthouse');
});
