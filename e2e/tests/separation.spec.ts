import { expect, test } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * Audio separation with the built-in offline demo (no network): upload a stereo WAV, see the
 * price, separate it, follow the progress, then play the two stems side by side (their
 * <audio> elements' currentTime advances).
 */

/** A stereo 16-bit WAV: a tone on each side, `seconds` long. */
function stereoWav(seconds: number, rate = 16000): Buffer {
  const frames = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + frames * 4);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + frames * 4, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(2, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(frames * 4, 40);
  for (let i = 0; i < frames; i++) {
    const l = Math.sin((2 * Math.PI * 440 * i) / rate) * 0.4;
    const r = Math.sin((2 * Math.PI * 660 * i) / rate) * 0.3;
    out.writeInt16LE(Math.round(l * 32767), 44 + i * 4);
    out.writeInt16LE(Math.round(r * 32767), 46 + i * 4);
  }
  return out;
}

test('upload a WAV, separate it with the demo, and both stems play', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'sep');
  await signInBeforeLoad(page, user.token);
  await page.goto('/separation');
  // A loaded machine may take a while to bring the lazy screen and its texts.
  await expect(page.getByRole('heading', { name: 'Separations' })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByTestId('separation-file').setInputFiles({
    name: 'duet.wav',
    mimeType: 'audio/wav',
    buffer: stereoWav(6),
  });
  await expect(page.getByTestId('separation-uploaded')).toContainText('duet.wav · 6.0 s · 2');
  // The price before the paid action.
  await expect(page.getByTestId('separation-cost')).toHaveText(/costs \d+ credits/);
  await page.getByRole('button', { name: 'Separate' }).click();

  const card = page.getByTestId('separation-card').first();
  await expect(card).toHaveAttribute('data-status', /^[123]$/);
  await expect(card).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  await expect(card.getByText('Offline demo: mid/side split')).toBeVisible();

  const vocals = card.locator('audio[data-stem="vocals"]');
  const instrumental = card.locator('audio[data-stem="instrumental"]');
  await expect(vocals).toBeVisible();
  await expect(instrumental).toBeVisible();
  await expect(card.getByRole('link', { name: /Download Vocals \(WAV\)/ })).toBeVisible();

  await card.getByRole('button', { name: 'Play both' }).click();
  for (const audio of [vocals, instrumental])
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.3);
  // Both really play (not only seek): still advancing a moment later.
  const t1 = await vocals.evaluate((a: HTMLAudioElement) => a.currentTime);
  await expect
    .poll(() => vocals.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThan(t1);
});
