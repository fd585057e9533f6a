import { getAddress } from 'viem';

import {
  findOrCreateWalletUser,
  isWellFormedSignature,
  issueChallenge,
  parseWalletAddress,
  signInWithWallet,
  siweSite,
  walletUsernameBase,
} from '../../server/domains/accounts/wallet';
import { makeTestApp } from '../support/server';
import { makeWallet, signChallenge } from '../support/wallet';

describe('wallet sign-in helpers', () => {
  it('siweSite: the domain is the host (and port) of PUBLIC_URL, the URI PUBLIC_URL itself', () => {
    expect(siweSite('http://localhost:3000')).toEqual({
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      statement: 'Sign in to Video Site with your wallet.',
    });
    expect(siweSite('https://videos.example.com/app', 'Selfie')).toEqual({
      domain: 'videos.example.com',
      uri: 'https://videos.example.com/app',
      statement: 'Sign in to Selfie with your wallet.',
    });
    expect(siweSite('https://example.com:8443').domain).toBe('example.com:8443');
  });

  it('parseWalletAddress: checksummed result; rejects malformed input and broken checksums', () => {
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(parseWalletAddress(checksummed)).toBe(checksummed);
    expect(parseWalletAddress(checksummed.toLowerCase())).toBe(checksummed);
    expect(parseWalletAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(checksummed);
    expect(parseWalletAddress(`  ${checksummed}\n`)).toBe(checksummed);
    for (const bad of ['', '0x', 'abc', checksummed.slice(2), `${checksummed}a`, checksummed.replace('5aA', '5AA'), `0X${checksummed.slice(2)}`]) {
      expect({ bad, parsed: parseWalletAddress(bad) }).toEqual({ bad, parsed: undefined });
    }
  });

  it('isWellFormedSignature: 65 bytes of hex', () => {
    expect(isWellFormedSignature(`0x${'ab'.repeat(65)}`)).toBe(true);
    expect(isWellFormedSignature(`0x${'AB'.repeat(65)}`)).toBe(true);
    for (const bad of ['', '0x', `0x${'ab'.repeat(64)}`, `0x${'ab'.repeat(66)}`, 'ab'.repeat(65), `0x${'zz'.repeat(65)}`]) {
      expect(isWellFormedSignature(bad)).toBe(false);
    }
  });

  it('walletUsernameBase: "wallet-" and the first and last four hex digits, lower case', () => {
    expect(walletUsernameBase('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('wallet-5aaeeaed');
    expect(walletUsernameBase('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatch(/^[a-z0-9-]{3,30}$/);
  });
});

describe('wallet sign-in service', () => {
  it('creates one user when first sign-ins of a wallet race', async () => {
    const t = await makeTestApp();
    try {
      const { address } = makeWallet();
      const results = await Promise.all(Array.from({ length: 5 }, () => findOrCreateWalletUser(t.app.db, address)));
      expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await t.app.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('spends a nonce once even when the same signature is checked concurrently', async () => {
    const t = await makeTestApp();
    try {
      const site = siweSite(t.config.publicUrl);
      const wallet = makeWallet();
      const address = getAddress(wallet.address);
      const { message } = await issueChallenge(t.app.db, site, address);
      const signature = await signChallenge(wallet.privateKey, message);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => signInWithWallet(t.app.db, site, { address, signature })),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(
        Array(5).fill('challengeSpent'),
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a challenge after PUBLIC_URL changed', async () => {
    const t = await makeTestApp();
    try {
      const wallet = makeWallet();
      const { message } = await issueChallenge(t.app.db, siweSite('http://localhost:3000'), wallet.address);
      const signature = await signChallenge(wallet.privateKey, message);
      const result = await signInWithWallet(t.app.db, siweSite('https://videos.example.com'), { address: wallet.address, signature });
      expect(result).toEqual({ ok: false, reason: 'messageInvalid' });
    } finally {
      await t.close();
    }
  });
});
