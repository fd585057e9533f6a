/**
 * Wallet sign-in helpers for server tests and the e2e: local viem accounts stand in for MetaMask.
 * The first group needs nothing but viem (usable from Playwright); the second drives an app
 * with app.inject.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

import type { AppInstance } from '../../server/app';

// ---- pure viem ----

export interface TestWallet {
  privateKey: Hex;
  account: PrivateKeyAccount;
  /** EIP-55 checksummed. */
  address: Hex;
}

/** A fresh random wallet, or the one for `privateKey`. */
export function makeWallet(privateKey: Hex = generatePrivateKey()): TestWallet {
  const account = privateKeyToAccount(privateKey);
  return { privateKey, account, address: account.address };
}

/** What MetaMask's personal_sign returns for the challenge text: a 65-byte hex signature. */
export function signChallenge(privateKey: Hex, challenge: string): Promise<Hex> {
  return privateKeyToAccount(privateKey).signMessage({ message: challenge });
}

// ---- against an app ----

export interface WalletRequestOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export function requestChallenge(
  app: AppInstance,
  address: string,
  options: WalletRequestOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/v0/api/auth/metamask/challenge',
    query: { address },
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The challenge text for `address`; throws unless the server answered 200. */
export async function fetchChallenge(app: AppInstance, address: string, options: WalletRequestOptions = {}): Promise<string> {
  const res = await requestChallenge(app, address, options);
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { challenge: string }).challenge;
}

export function postWalletLogin(
  app: AppInstance,
  payload: unknown,
  options: WalletRequestOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v0/api/auth/metamask/login',
    payload: payload as object,
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The whole flow: challenge, signature, login. Returns the login response and what was signed. */
export async function walletLogin(
  app: AppInstance,
  wallet: TestWallet,
  options: WalletRequestOptions = {},
): Promise<{ res: LightMyRequestResponse; challenge: string; signature: Hex }> {
  const challenge = await fetchChallenge(app, wallet.address, options);
  const signature = await signChallenge(wallet.privateKey, challenge);
  const res = await postWalletLogin(app, { address: wallet.address, signature }, options);
  return { res, challenge, signature };
}
