import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * The prompt market: a Midjourney demo result is published as a prompt → it shows in the
 * market → another user opens the market prompt dialog and uses it → the Midjourney composer
 * holds the prompt, the model and every parameter; a chat prompt fills the chat input.
 */

interface DrawTask {
  id: number;
  status: number;
  modelId: number | null;
  modelName: string;
}

async function drawDemo(request: APIRequestContext, token: string, prompt: string) {
  const task = await api<DrawTask>(request, 'POST', '/queue/addMjDrawQueue', {
    token,
    body: {
      type: 'imagine',
      prompt,
      params: { aspect: '16:9', chaos: 12, stylize: 250, seed: 4242, no: 'people', version: '6.1' },
    },
  });
  await expect
    .poll(
      async () =>
        (
          await api<{ rows: DrawTask[] }>(request, 'POST', '/queue/getMjStatus', {
            token,
            body: { ids: [task.id] },
          })
        ).rows[0]!.status,
      { timeout: 30_000 },
    )
    .toBe(3);
  return task;
}

test('publish a demo drawing, another user uses it, the composer is filled', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const author = await registerUser(request, 'mka');
  const user = await registerUser(request, 'mkb');
  const prompt = `a copper lighthouse on a cliff ${Date.now().toString(36)}`;
  const task = await drawDemo(request, author.token, prompt);
  const title = `Copper lighthouse ${task.id}-${Date.now().toString(36)}`;

  // The author publishes it from the market's publish dialog.
  const authorPage = await (await browser.newContext()).newPage();
  await signInBeforeLoad(authorPage, author.token);
  await authorPage.goto('/market');
  await authorPage.getByRole('button', { name: 'Publish a prompt' }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'Publish a prompt' });
  await dialog.getByTestId('publish-task').first().click();
  await dialog.getByPlaceholder('Give it a name').fill(title);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  const authorCard = authorPage.getByTestId('market-card').filter({ hasText: title });
  await expect(authorCard).toBeVisible();
  await expect(authorCard.getByRole('img', { name: title })).toBeVisible();

  // Another user finds it, likes it, opens the market prompt dialog and uses it.
  const page = await (await browser.newContext()).newPage();
  await signInBeforeLoad(page, user.token);
  await page.goto('/market');
  await page.getByRole('searchbox', { name: 'Search titles, prompts or tags' }).fill(title);
  // The search's answer replaces the list: act on the card once only it is left, not on the
  // one of the list before, which moves (or goes) under the pointer when the answer comes.
  await expect(page.getByTestId('market-card')).toHaveCount(1);
  const card = page.getByTestId('market-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(card.getByRole('button', { name: 'Unlike' })).toHaveText('1');
  await card.getByRole('button', { name: title }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByText(prompt)).toBeVisible();
  await expect(details.getByTestId('market-params')).toContainText('4242');
  await details.getByRole('button', { name: 'Use this prompt' }).click();

  await expect(page).toHaveURL(/\/Midjourney$/);
  await expect(page.getByTestId('mj-prompt')).toHaveValue(prompt);
  const flags = page.locator('code').filter({ hasText: '--ar' });
  for (const flag of ['--ar 16:9', '--v 6.1', '--s 250', '--c 12', '--seed 4242', '--no people'])
    await expect(flags).toContainText(flag);
  await expect(page.getByText(task.modelName).first()).toBeVisible();

  // A chat prompt from the prompt store fills the chat input.
  const chatTitle = `Trip planner ${Date.now().toString(36)}`;
  const chatPrompt = 'Plan a three-day walk through the city I name, with food stops.';
  await api(request, 'POST', '/market/publish', {
    token: author.token,
    body: { prompt: chatPrompt, title: chatTitle },
  });
  await page.goto('/market');
  await page.getByRole('searchbox', { name: 'Search titles, prompts or tags' }).fill(chatTitle);
  await expect(page.getByTestId('market-card')).toHaveCount(1);
  await page
    .getByTestId('market-card')
    .filter({ hasText: chatTitle })
    .getByRole('button', { name: 'Use' })
    .click();
  await expect(page).toHaveURL(/\/Chat$/);
  await expect(page.getByTestId('chat-input')).toHaveValue(chatPrompt);

  // The use was counted.
  const listed = await api<{ rows: { title: string; useCount: number; likeCount: number }[] }>(
    request,
    'GET',
    `/market/prompts?keyword=${encodeURIComponent(title)}`,
  );
  expect(listed.rows[0]).toMatchObject({ title, useCount: 1, likeCount: 1 });
});
