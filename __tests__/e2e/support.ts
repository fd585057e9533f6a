import path from 'node:path';

import { expect, type APIRequestContext } from '@playwright/test';

import { linkIn, waitForMail } from '../support/outbox';

/** The outbox of the server under test (playwright.config.ts sets E2E_DATA_DIR). */
export const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface E2EUser {
  _id: string;
  username: string;
  email: string;
}

/**
 * A verified, logged-in account made the way a user makes one (register, open the e-mailed
 * link, log in), through `request` — a page's or context's request context shares its cookies.
 */
export async function signUpAndLogIn(request: APIRequestContext, prefix: string): Promise<E2EUser> {
  const email = uniqueEmail(prefix);
  expect((await request.post('/v0/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  const link = linkIn(await waitForMail(mailDir, email, { purpose: 'verify' }), '/verify');
  const verified = await request.post('/v0/api/auth/verify', {
    data: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
  });
  expect(verified.status()).toBe(200);
  const login = await request.post('/v0/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { user } = (await login.json()) as { user: E2EUser };
  return user;
}

/**
 * Waits until an uploaded video has been through the media pipeline (lists and search show only
 * ready videos to others), polling the light processing route as the SPA does.
 */
export async function waitUntilReady(request: APIRequestContext, videoId: string, timeout = 120_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = (await (await request.get(`/v0/api/videos/selfieVideos/${videoId}/processing`)).json()) as { status?: string };
        return answer.status;
      },
      { timeout, intervals: [500, 1000] },
    )
    .toBe('ready');
}
