import { expect, test } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAI } from '../../server/test/fakes/openai.js';
import { adminToken, api, registerUser, signInBeforeLoad, uniqueName } from '../support/index.js';

/**
 * A reasoning model in the chat: an operator adds a provider on a loopback OpenAI fake (an
 * operator's providers may be local; only users' own endpoints are kept off loopback) and a
 * model behind it that streams DeepSeek's `reasoning_content` before its answer. The thinking
 * shows open while it lasts, folds when the answer starts ("Thought for N s"), stays after a
 * reload, and the next question's context, as the fake received it, holds none of it.
 */
let fake: FakeOpenAI;
test.beforeAll(async () => {
  fake = await startFakeOpenAI();
});
test.afterAll(() => fake.close());

test('a model thinks aloud: shown, folded, kept after reload, never sent back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const provider = await api<{ id: number }>(request, 'POST', '/admin/chat/providers/create', {
    token: admin,
    body: { name: uniqueName('think'), protocol: 'openai', baseUrl: fake.url, apiKey: 'sk-e2e' },
  });
  const priceModel = uniqueName('thinkprice');
  const price = await api<{ id: number }>(request, 'POST', '/admin/credits/prices/create', {
    token: admin,
    body: {
      model: priceModel,
      action: 'chat',
      category: 'chat',
      label: 'e2e reasoning',
      unit: 'call',
      credits: 1,
    },
  });
  const modelName = uniqueName('Reasoner');
  const model = await api<{ id: number }>(request, 'POST', '/admin/chat/models/create', {
    token: admin,
    body: {
      name: modelName,
      upstreamModel: 'deepseek-reasoner',
      providerId: provider.id,
      kind: 'chat',
      priceKey: `${priceModel}:chat`,
    },
  });
  try {
    const user = await registerUser(request, 'th');
    await signInBeforeLoad(page, user.token);
    await page.goto('/Chat');
    await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('chat-model').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: modelName })
      .click();

    // The fake holds the answer back until the thinking has been seen on screen.
    let letAnswer = () => {};
    fake.thinkingGate = new Promise<void>((resolve) => (letAnswer = resolve));
    const input = page.getByTestId('chat-input');
    await input.fill('Say hello, after some thought');
    await input.press('Enter');
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    const toggle = answer.getByTestId('chat-thinking-toggle');
    await expect(toggle).toContainText('Thinking…');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(answer.getByTestId('chat-thinking-text')).toHaveText(fake.reasoning);

    // The answer starts: the thinking folds and says how long it took.
    fake.thinkingGate = null;
    letAnswer();
    await expect(answer).toHaveAttribute('data-state', 'done');
    await expect(answer.getByTestId('chat-answer')).toContainText('Hello from the fake upstream');
    await expect(toggle).toHaveText(/Thought for \d+ s/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(answer.getByTestId('chat-thinking-text')).toHaveCount(0);
    await toggle.click();
    await expect(answer.getByTestId('chat-thinking-text')).toHaveText(fake.reasoning);

    // After a reload the saved answer brings its thinking back, folded.
    await page.reload();
    const saved = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(saved.getByTestId('chat-answer')).toContainText('Hello from the fake upstream');
    await expect(saved.getByTestId('chat-thinking-toggle')).toHaveText(/Thought for \d+ s/);
    await expect(saved.getByTestId('chat-thinking-text')).toHaveCount(0);
    await saved.getByTestId('chat-thinking-toggle').click();
    await expect(saved.getByTestId('chat-thinking-text')).toHaveText(fake.reasoning);

    // The next question carries the earlier answer as context, without its thinking.
    const before = fake.requests.length;
    await page.getByTestId('chat-input').fill('And once more');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(
      2,
    );
    await expect(
      page.locator('[data-testid="chat-message"][data-role="assistant"]').last(),
    ).toHaveAttribute('data-state', 'done');
    const next = fake.requests.slice(before).find((r) => r.body.model === 'deepseek-reasoner');
    // (After the system message the screen sends from the user's settings.)
    expect(next?.body.messages.filter((m) => m.role !== 'system')).toEqual([
      { role: 'user', content: 'Say hello, after some thought' },
      { role: 'assistant', content: fake.reply },
      { role: 'user', content: 'And once more' },
    ]);
    expect(JSON.stringify(next?.body)).not.toContain(fake.reasoning);
  } finally {
    await api(request, 'POST', '/admin/chat/models/delete', {
      token: admin,
      body: { id: model.id },
    });
    await api(request, 'POST', '/admin/chat/providers/delete', {
      token: admin,
      body: { id: provider.id },
    });
    await api(request, 'POST', '/admin/credits/prices/delete', {
      token: admin,
      body: { id: price.id },
    });
  }
});
