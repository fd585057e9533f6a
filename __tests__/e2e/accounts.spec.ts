import type { Page } from '@playwright/test';

import { linkIn, waitForMail } from '../support/outbox';

import { expect, test } from './fixtures';
import { mailDir, PASSWORD, uniqueEmail } from './support';

/**
 * Account journeys in a real browser against the real server: mail goes to the outbox of the
 * temporary DATA_DIR, and the links in it are opened exactly as a user would open them.
 */
async function openLink(page: Page, url: URL): Promise<void> {
  // The link carries the PUBLIC_URL origin, which is this test server.
  await page.goto(url.pathname + url.search);
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
}

test('register, verify from the e-mail, log in, stay logged in across a reload, log out', async ({ page }) => {
  const email = uniqueEmail('reg');
  const username = email.split('@')[0]!.toLowerCase();

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status')).toContainText(/check your email/i);
  await expect(page.getByLabel('Email')).toHaveValue('');

  // An unverified account cannot log in yet.
  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText(/verify your email/i);
  await expect(page.getByRole('link', { name: 'Resend verification email' })).toBeVisible();

  const verification = await waitForMail(mailDir, email, { purpose: 'verify' });
  await openLink(page, linkIn(verification, '/verify'));
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();

  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  const menu = page.getByRole('banner').getByRole('button', { name: username });
  await expect(menu).toBeVisible();

  await page.reload();
  await expect(menu).toBeVisible();

  await menu.click();
  await page.getByRole('button', { name: 'Logout' }).or(page.getByRole('link', { name: 'Logout' })).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
});

test('forgot password, reset through the e-mailed link, old password refused, new one works', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  // Set up a verified account through the API and its e-mail, as a returning user would have.
  expect((await request.post('/v0/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  const verifyUrl = linkIn(await waitForMail(mailDir, email, { purpose: 'verify' }), '/verify');
  const verified = await request.post('/v0/api/auth/verify', {
    data: { token: verifyUrl.searchParams.get('token'), email: verifyUrl.searchParams.get('email') },
  });
  expect(verified.status()).toBe(200);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText(/reset link/i);

  await openLink(page, linkIn(await waitForMail(mailDir, email, { purpose: 'reset' }), '/reset-password'));
  const newPassword = 'a brand new passphrase';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill('something else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText(/reset/i);
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await login(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
});

test('the account pages in Chinese', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '创建账户' })).toBeVisible();
  await expect(page.getByLabel('邮箱')).toBeVisible();
  await expect(page.getByRole('button', { name: '注册', exact: true })).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  await page.getByLabel('邮箱').fill('nobody@example.com');
  await page.getByLabel('密码', { exact: true }).fill('wrong password');
  await page.getByRole('main').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('电子邮件或密码错误。');

  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: '发送重置链接' })).toBeVisible();
  await page.goto('/reset-password?token=x&email=a%40b.c');
  await expect(page.getByLabel('新密码')).toBeVisible();
});
