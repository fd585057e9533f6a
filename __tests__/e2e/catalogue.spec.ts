import { expect, test } from './fixtures';

/**
 * The foundation journey in a real browser against the real server and catalogue stand-in:
 * home grid → search → page 2 → open a movie → change the large image → switch to Chinese.
 */
test('browse, search, page, open a movie, pick a thumbnail, switch to Chinese', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(18);
  await expect(cards.first()).toContainText(/views$/);

  await page.getByPlaceholder('Type to search videos...').fill('cat');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=cat/);
  await expect(cards.first()).toContainText(/cat/i);

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('button', { name: 'Prev' })).toBeDisabled();
  const firstOnPage1 = await cards.first().getByRole('heading').textContent();
  await pagination.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards.first().getByRole('heading')).not.toHaveText(firstOnPage1 ?? '');

  const title = (await cards.first().getByRole('heading').textContent())?.trim() ?? '';
  await cards.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/movie\/[A-Za-z0-9]{11}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.frameLocator('iframe').locator('video')).toBeVisible();

  const largeImage = page.getByRole('img', { name: /thumbnail \d+ of 15/ });
  const before = await largeImage.getAttribute('src');
  await page.getByRole('button', { name: 'Show thumbnail 5' }).click();
  await expect(page.getByRole('button', { name: 'Show thumbnail 5' })).toHaveAttribute('aria-pressed', 'true');
  await expect(largeImage).not.toHaveAttribute('src', before ?? '');
  await expect(largeImage).toHaveAttribute('src', /\/5\/big\.svg$|\/5\/medium\.svg$/);

  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('link', { name: '首页' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '提交描述' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: '首页' }).first()).toBeVisible();
});

test('every route deep-links to the SPA', async ({ page, request }) => {
  for (const path of ['/movie/AAAAAAAAAAA', '/register', '/login', '/upload-movie', '/profile/x', '/selfieVideos', '/selfieVideos/x', '/verify']) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    expect(await response.text()).toMatch(/<div id="?root"?[ >]/);
  }
  await page.goto('/movie/AAAAAAAAAAA');
  await expect(page.getByText('Error: Movie details not found.')).toBeVisible();
});
