import { expect, test, type Page } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * The music screen with the offline demo: a song is made, plays in the page (the persistent
 * player's <audio> advances, also after moving to another screen; it shows the song's length and
 * seeks), its lyrics highlight moves
 * in time, and a crop of a region makes a new, shorter song.
 */

const audioTime = (page: Page) =>
  page.getByTestId('music-audio').evaluate((el) => (el as HTMLAudioElement).currentTime);

const seconds = (text: string) => {
  const [m, s] = text.trim().split(':').map(Number);
  return m! * 60 + s!;
};

test('a demo song is made, plays with moving lyrics, and a crop makes a shorter song', async ({
  page,
  request,
}) => {
  // The server synthesises two songs on a shared two-core machine.
  test.setTimeout(300_000);
  const user = await registerUser(request, 'mus');
  await signInBeforeLoad(page, user.token);
  await page.goto('/music');
  await page.getByLabel('Describe the song').fill('a summer song about the sea and the night');
  await page.getByRole('button', { name: /Create song/ }).click();

  const cards = page.getByTestId('song-card');
  await expect(cards).toHaveCount(2, { timeout: 60_000 });
  const fullLength = seconds(await cards.first().getByTestId('song-duration').innerText());
  expect(fullLength).toBeGreaterThan(15);

  // Play: the <audio> element of the player advances.
  await cards.first().getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
  const t1 = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(t1 + 1);

  // The player shows the song's length (not 0:00) and seeks where its bar is clicked.
  await expect
    .poll(async () => seconds(await page.getByTestId('player-duration').innerText()))
    .toBeGreaterThanOrEqual(fullLength - 1);
  const bar = (await page.getByTestId('player-seek').boundingBox())!;
  await page.mouse.click(bar.x + bar.width * 0.8, bar.y + bar.height / 2);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(fullLength * 0.7);
  await page.getByTestId('player-seek').getByRole('slider').focus();
  await page.keyboard.press('Home');
  await expect.poll(() => audioTime(page)).toBeLessThan(3);

  // The lyrics: the highlighted line changes as the song goes on.
  const current = page.getByTestId('lyrics').locator('[aria-current="true"]');
  await expect(current).toHaveCount(1, { timeout: 20_000 });
  const first = await current.innerText();
  await expect.poll(async () => current.innerText(), { timeout: 20_000 }).not.toBe(first);

  // The player keeps playing on another screen (a client-side navigation).
  await page.getByRole('link', { name: 'MJ Drawing' }).first().click();
  await expect(page).toHaveURL(/Midjourney/);
  const t2 = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(t2 + 0.5);
  await page
    .getByRole('link', { name: /AI music/i })
    .first()
    .click();
  await expect(page).toHaveURL(/music/);

  // Crop the first ten seconds into a new song.
  await page.getByTestId('song-card').first().getByRole('button', { name: 'Crop' }).click();
  await expect(page.getByTestId('crop-range')).toContainText('0:00 – 0:10');
  await page.getByRole('button', { name: /Save as a new song/ }).click();
  await expect(page.getByTestId('song-card')).toHaveCount(3, { timeout: 60_000 });
  const cropped = seconds(
    await page.getByTestId('song-card').first().getByTestId('song-duration').innerText(),
  );
  expect(cropped).toBeGreaterThanOrEqual(9);
  expect(cropped).toBeLessThan(fullLength);
  await expect(page.getByTestId('song-card').first()).toContainText('Cropped from');
});
