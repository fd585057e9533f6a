import { InternalRpcError, UserRejectedRequestError } from 'viem';

import { isUserRejection, walletErrorNotice } from '../../src/features/wallet/walletErrors';

describe('walletErrorNotice (what a wallet failure tells the visitor)', () => {
  it('reads a rejection (code 4001) as a cancellation, however it is wrapped', () => {
    const raw = { code: 4001, message: 'User rejected the request.' };
    expect(walletErrorNotice(raw)).toEqual({ id: 'wallet.rejected' });
    expect(walletErrorNotice(new UserRejectedRequestError(new Error('denied')))).toEqual({ id: 'wallet.rejected' });
    expect(walletErrorNotice(new Error('outer', { cause: new Error('middle', { cause: raw }) }))).toEqual({
      id: 'wallet.rejected',
    });
    expect(isUserRejection({ name: 'UserRejectedRequestError' })).toBe(true);
    expect(isUserRejection(new Error('nope'))).toBe(false);
  });

  it('reads a missing provider as "not installed" and a pending prompt (-32002) as such', () => {
    const notFound = Object.assign(new Error('Provider not found.'), { name: 'ProviderNotFoundError' });
    expect(walletErrorNotice(notFound)).toEqual({ id: 'wallet.notInstalled' });
    expect(walletErrorNotice({ code: -32002, message: 'Already processing eth_requestAccounts.' })).toEqual({
      id: 'wallet.requestPending',
    });
  });

  it("shows another wallet error's short message", () => {
    expect(walletErrorNotice(new InternalRpcError(new Error('boom')))).toEqual({ text: 'An internal error was received.' });
    expect(walletErrorNotice({ code: -32603, message: 'Internal JSON-RPC error.\nmore details' })).toEqual({
      text: 'Internal JSON-RPC error.',
    });
  });

  it('falls back to "Metamask login failed." for anything else, never showing a programming error', () => {
    expect(walletErrorNotice(new TypeError("Cannot read properties of undefined (reading 'x')"))).toEqual({
      id: 'wallet.failed',
    });
    expect(walletErrorNotice({ code: -32603 })).toEqual({ id: 'wallet.failed' });
    expect(walletErrorNotice({ code: -32603, message: 'x'.repeat(500) })).toEqual({ id: 'wallet.failed' });
    expect(walletErrorNotice({ shortMessage: '  ' })).toEqual({ id: 'wallet.failed' });
    expect(walletErrorNotice(undefined)).toEqual({ id: 'wallet.failed' });
    expect(walletErrorNotice('oops')).toEqual({ id: 'wallet.failed' });
  });

  it('survives a cause cycle', () => {
    const a: { cause?: unknown } = {};
    const b = { cause: a };
    a.cause = b;
    expect(walletErrorNotice(a)).toEqual({ id: 'wallet.failed' });
  });
});
