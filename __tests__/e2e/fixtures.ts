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
        const response = await goto(...args);
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
