import { expect, test } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';
import config from '../playwright.config.js';

/**
 * Voice in the chat (docs/chat.md, "Voice") against the offline demo: Chromium's fake
 * microphone records a question (its seconds counted), the demo's fixed transcript, named as
 * a demo, comes into the composer; Esc cancels a recording; an answer is read aloud (espeak-ng's
 * WAV reaches the audio element) and stopped; the composer holds at a phone's 390 px.
 */

// The fake microphone (a beeping tone) and no permission prompt, besides the project's flags.
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

test('record a question with the microphone and hear the answer read aloud', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const user = await registerUser(request, 'vo');
  // In Chinese: the transcript and the demo's notice come in the interface's language.
  await signInBeforeLoad(page, user.token, 'zh-CN');
  await page.goto('/Chat');
  await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 20_000 });
  const input = page.getByTestId('chat-input');

  // 1. Record: the bar counts the seconds; stop sends it, the demo transcript fills the composer.
  await page.getByTestId('chat-mic').click();
  await expect(page.getByTestId('chat-recording')).toBeVisible();
  await expect(page.getByTestId('chat-recording-seconds')).toHaveText(/0:0[1-9]/);
  const transcribed = page.waitForResponse((r) => r.url().includes('/api/chat/voice/transcribe'));
  await page.getByTestId('chat-recording-stop').click();
  expect((await transcribed).status()).toBe(200);
  await expect(input).toHaveValue(/离线演示转写/);
  await expect(page.getByText('离线演示：填入的是固定文字，并非你说的话。')).toBeVisible();

  // 2. Esc cancels a recording: nothing is sent, the composer keeps its text.
  const before = await input.inputValue();
  await page.getByTestId('chat-mic').click();
  await expect(page.getByTestId('chat-recording')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chat-recording')).toBeHidden();
  await expect(page.getByTestId('chat-mic')).toBeEnabled();
  await expect(input).toHaveValue(before);

  // 3. Send it; read the answer aloud: the demo's WAV reaches the audio element, then stop.
  await expect(page.getByTestId('chat-send')).toBeEnabled();
  await input.press('Enter');
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await answer.hover();
  const spoken = page.waitForResponse((r) => r.url().includes('/api/chat/voice/speak'));
  const speaker = answer.getByTestId('chat-speak');
  await speaker.click();
  const response = await spoken;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/wav');
  const audio = answer.getByTestId('chat-speak-audio');
  await expect
    .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).readyState))
    .toBeGreaterThanOrEqual(2);
  await expect(speaker).not.toHaveAttribute('data-state', 'idle');
  await speaker.click();
  await expect(speaker).toHaveAttribute('data-state', 'idle');
  expect(await audio.evaluate((el) => (el as HTMLAudioElement).paused)).toBe(true);

  // 4. At a phone's width the composer's buttons fit, recording included.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  await expect(page.getByTestId('chat-mic')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('chat-send')).toBeInViewport({ ratio: 1 });
  await page.getByTestId('chat-mic').click();
  await expect(page.getByTestId('chat-recording-stop')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('chat-send')).toBeInViewport({ ratio: 1 });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByTestId('chat-recording-cancel').click();
  await expect(page.getByTestId('chat-mic')).toBeVisible();
});
