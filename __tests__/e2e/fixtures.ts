import { test as base } from '@playwright/test';

import { expectNoAxeViolations } from './axe';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` with an accessibility check on every page a spec visits: after each
 * `page.goto` and on the page a test ends on, axe must find no violation of any rule.
 * Specs import `test` and `expect` from here instead of '@playwright/test'.
 */
export const test = base.extend<{ axeEveryPage: void }>({
  axeEveryPage: [
    async ({ page }, use, testInfo) => {
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<typeof page.goto>) => {
        let response = await goto(...args);
        // Load shedding is on in the app under test: on a busy CI machine a navigation can get the
        // busy page (503 + Retry-After; checked by the server's own tests). Like a person, wait and
        // try again, so the check is of the page asked for.
        for (let attempt = 0; attempt < 5 && response?.status() === 503 && response.headers()['retry-after']; attempt += 1) {
          await page.waitForTimeout(Number(response.headers()['retry-after']) * 1000);
          response = await goto(...args);
        }
        await expectNoAxeViolations(page, `${args[0]} (after page.goto)`);
        return response;
      };
      await use();
      if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && page.url() !== 'about:blank') {
        await expectNoAxeViolations(page, `${page.url()} (end of test)`);
      }
    },
    { auto: true },
  ],
});
