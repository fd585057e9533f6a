import { expect, test } from './fixtures';
import { signUpAndLogIn } from './support';

/**
 * Server-rendered first screens in a real browser: a visitor without a session gets the public
 * pages already rendered, in their language, and the app takes over those very nodes (hydrates)
 * without an error — nothing is rendered twice, nothing flashes.
 */
test('public pages arrive rendered and the app takes over the same nodes, in English and Chinese', async ({ browser, request }) => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const language = locale.slice(0, 2);
    const context = await browser.newContext({ locale });
    // The heading as the server sent it, taken before any script runs.
    await context.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('main h1');
        }
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    for (const path of ['/', '/selfieVideos', '/login', '/register', '/no-such-page']) {
      const html = await (await request.get(path, { headers: { Accept: 'text/html', 'Accept-Language': locale } })).text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root.startsWith(`<div id="root" data-ssr-locale="${language}" data-ssr-time-zone="`), path).toBe(true);
      expect(root, path).toContain('<main id="main-content"');

      await page.goto(path);
      await expect(page.locator('[data-ssr-locale]'), path).toHaveCount(0);
      const sameHeading = await page.evaluate(
        () => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('main h1'),
      );
      expect(sameHeading, `${path}: the server's heading is the one on screen`).toBe(true);
    }
    await page.goto('/login');
    // The sign-in form, unsubmittable in the server's markup, works once the app runs it.
    await expect(page.locator('main form button[type="submit"]')).toBeEnabled();
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('a signed-in user’s pages arrive rendered as them and the app takes over the same nodes', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  // Cookies of the context's requests are the browser's: this signs the browser in.
  const user = await signUpAndLogIn(context.request, 'first-screen');
  // The auth slice as the SPA saves it after signing in (redux-persist, localStorage "persist:user").
  const persisted = JSON.stringify({
    isLoggedIn: 'true',
    user: JSON.stringify(user),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });
  await context.addInitScript((saved) => {
    if (!window.localStorage.getItem('persist:user')) window.localStorage.setItem('persist:user', saved);
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('main h1');
      }
    });
  }, persisted);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  for (const path of ['/', '/selfieVideos', `/profile/${user._id}`, `/profile/edit/${user._id}`, '/upload-movie']) {
    const response = await context.request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root.slice(0, root.indexOf('>')), path).toContain(` data-ssr-user="${user._id}"`);
    expect(root, path).toContain(user.username);

    await page.goto(path);
    await expect(page.locator('[data-ssr-locale]'), path).toHaveCount(0);
    const sameHeading = await page.evaluate(
      () => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('main h1'),
    );
    expect(sameHeading, `${path}: the server's heading is the one on screen`).toBe(true);
  }
  // Signed in, the sign-in page sends the user home, already on the server.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
  await context.close();
});
