import { expect, test, type Page } from '@playwright/test';
import { paintStroke, registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * The DALL·E (/draw) and SD3 (/sd3) screens with their offline demo models (no network): a
 * picture each, with the cost shown before the submit and progress while it draws; each opens
 * in the viewer with its prompt, parameters and actions.
 */

async function waitDone(page: Page) {
  const card = page.getByTestId('image-card').first();
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  return card;
}

test('a DALL·E picture opens in the viewer and goes on to the toolbox', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'dalle');
  await signInBeforeLoad(page, user.token);
  await page.goto('/draw');
  // A loaded machine may take a while to bring the lazy screen and its models.
  await expect(page.getByTestId('draw-prompt')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Offline demo · DALL·E')).toBeVisible();
  await page.getByTestId('draw-prompt').fill('a lighthouse on a cliff at dusk');
  await expect(page.getByTestId('draw-cost')).toContainText('Costs 4 credits');
  await page.getByTestId('draw-submit').click();
  const card = await waitDone(page);
  await card.getByRole('button', { name: 'Open picture' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  await expect
    .poll(() =>
      viewer.getByTestId('viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const details = viewer.getByTestId('viewer-details');
  await expect(details).toContainText('a lighthouse on a cliff at dusk');
  await expect(details).toContainText('Offline demo · DALL·E');
  await details.getByRole('button', { name: 'Send to toolbox' }).click();
  await expect(page).toHaveURL(/\/tools$/);
});

test('an SD3 picture with a locked seed and a 16:9 tile opens in the viewer with its seed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'sd3');
  await signInBeforeLoad(page, user.token);
  await page.goto('/sd3');
  await expect(page.getByTestId('sd3-prompt')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sd3-prompt').fill('a desert city under two moons');
  await page.getByRole('radio', { name: '16:9' }).click();
  await page.getByRole('spinbutton', { name: 'Seed' }).fill('424242');
  await expect(page.getByRole('button', { name: 'Lock seed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('sd3-cost')).toContainText('Costs 4 credits');
  await page.getByTestId('sd3-submit').click();
  const card = await waitDone(page);
  const thumb = card.locator('img');
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight))
    .toBeCloseTo(16 / 9, 1);
  await card.getByRole('button', { name: 'Open picture' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer.getByTestId('viewer-seed')).toHaveText('424242');
  await expect(viewer.getByTestId('viewer-details')).toContainText('16:9');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('a DALL·E picture is repaired, and a painted region redrawn, through the dialogs', async ({
  page,
  request,
}) => {
  test.setTimeout(270_000);
  const user = await registerUser(request, 'repair');
  await signInBeforeLoad(page, user.token);
  await page.goto('/draw');
  await expect(page.getByTestId('draw-prompt')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('draw-prompt').fill('an old portrait of a sailor');
  await page.getByTestId('draw-submit').click();
  const card = await waitDone(page);
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });

  // Photo repair: the price before the click, then the repaired picture in the viewer.
  await card.getByRole('button', { name: 'Open picture' }).click();
  await viewer.getByTestId('open-photo-repair').click();
  await expect(viewer).toBeHidden();
  const repair = page.getByTestId('dialog-photoRepair');
  await expect(repair.getByTestId('tool-dialog-cost')).toContainText('Costs 2 credits');
  await repair.getByTestId('tool-dialog-submit').click();
  await expect(repair.getByTestId('compare')).toBeVisible({ timeout: 30_000 });
  await repair.getByRole('button', { name: 'Open' }).click();
  await expect
    .poll(() =>
      viewer.getByTestId('viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await repair.getByRole('button', { name: 'Close' }).click();
  await expect(repair).toBeHidden();

  // Redraw a region: paint a stroke over the picture, say what goes there.
  await card.getByRole('button', { name: 'Open picture' }).click();
  await viewer.getByTestId('open-tools-redraw').click();
  const redraw = page.getByTestId('dialog-toolsRedraw');
  const submit = redraw.getByTestId('tool-dialog-submit');
  await expect(submit).toBeDisabled();
  await paintStroke(page, redraw.getByTestId('mask-canvas'));
  await redraw.getByRole('textbox').fill('a red parrot on his shoulder');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(redraw.getByTestId('compare')).toBeVisible({ timeout: 30_000 });
});
