import type { Page } from '@playwright/test';
import type { Hex } from 'viem';

import { makeWallet } from '../support/wallet';

import { expect, test } from './fixtures';

/**
 * Wallet sign-in through the real wagmi injected connector: the page gets an EIP-1193 provider
 * (window.ethereum) whose signatures come from a viem local account in the test process.
 */
async function installWallet(page: Page, wallet = makeWallet()): Promise<typeof wallet> {
  await page.exposeFunction('__e2eWalletSign', (data: Hex) => wallet.account.signMessage({ message: { raw: data } }));
  await page.addInitScript((address: string) => {
    const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
    let connected = false;
    const sign = (window as unknown as { __e2eWalletSign: (data: string) => Promise<string> }).__e2eWalletSign;
    const provider = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
        switch (method) {
          case 'eth_requestAccounts':
          case 'wallet_requestPermissions':
            connected = true;
            return method === 'eth_requestAccounts'
              ? [address]
              : [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] }];
          case 'eth_accounts':
            return connected ? [address] : [];
          case 'eth_chainId':
            return '0x1';
          case 'personal_sign': {
            const [data, signer] = params as [string, string];
            if (signer.toLowerCase() !== address.toLowerCase()) throw { code: 4100, message: 'Unauthorized account.' };
            return sign(data);
          }
          default:
            throw { code: 4200, message: `Unsupported method: ${method}` };
        }
      },
      on(event: string, listener: (...args: unknown[]) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return provider;
      },
      removeListener(event: string, listener: (...args: unknown[]) => void) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    (window as unknown as { ethereum: unknown }).ethereum = provider;
  }, wallet.address);
  return wallet;
}

test('signs in with a wallet through wagmi and shows the wallet user in the header', async ({ page }) => {
  const wallet = await installWallet(page);
  const walletScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && /wallet/.test(request.url())) walletScripts.push(request.url());
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login with MetaMask' })).toBeVisible();
  expect(walletScripts).toEqual([]);

  await page.getByRole('button', { name: 'Login with MetaMask' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const expectedName = `wallet-${wallet.address.slice(2, 6)}${wallet.address.slice(-4)}`.toLowerCase();
  await expect(page.getByRole('banner').getByRole('button', { name: expectedName })).toBeVisible();
  expect(walletScripts.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: expectedName })).toBeVisible();
});

test('without window.ethereum the not-installed message shows', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with MetaMask' }).click();
  await expect(
    page.getByText('Metamask is not installed. Please install Metamask to use this login method.'),
  ).toBeVisible();
});
