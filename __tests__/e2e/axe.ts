import fs from 'node:fs';

import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** The newest axe-core this project installs (not the copy bundled with @axe-core/playwright). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/**
 * Every rule axe knows — the default set plus the experimental ones and WCAG 2.2's target size —
 * except the AAA-level ones (7:1 contrast…) and deprecated ones.
 */
const ALL_RULES = axe
  .getRules()
  .filter((rule) => !rule.tags.includes('wcag2aaa') && !rule.tags.includes('deprecated'))
  .map((rule) => rule.ruleId);

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Waits until the page is settled: no request in flight, no region marked busy. */
export async function settle(page: Page): Promise<void> {
  // Bounded: a page that keeps streaming (a playing video, an embed) must not eat the test's budget.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // Loaded, and no longer the server's markup (the app removes the marker once it runs it).
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"], [data-ssr-locale]') === null, undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/** All axe violations (any impact, every rule) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withRules(ALL_RULES).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/**
 * Fails on ANY axe violation on the current page. Every e2e spec runs it on every page it
 * visits (the `test` of ./fixtures does so after each page.goto and at the end of each test).
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  await settle(page);
  const violations = await axeViolations(page);
  expect(violations, `accessibility violations on ${where}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
