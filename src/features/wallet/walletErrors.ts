import type { WalletNotice } from './types';

/** EIP-1193 "User Rejected Request" (viem's UserRejectedRequestError.code). */
export const USER_REJECTED_CODE = 4001;
/** MetaMask's "Resource unavailable": a request of this site is already waiting in the wallet. */
export const REQUEST_PENDING_CODE = -32002;

/** The error and its causes (viem wraps the wallet's error in `cause`), outermost first. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The visitor said no in the wallet: to connecting or to signing. */
export function isUserRejection(error: unknown): boolean {
  return causeChain(error).some(
    (e) => field(e, 'code') === USER_REJECTED_CODE || field(e, 'name') === 'UserRejectedRequestError',
  );
}

/**
 * What to tell the visitor after the wallet (connecting or signing) failed: a readable text for
 * a cancellation, a missing wallet or a prompt already open; else the error's short message
 * (viem's `shortMessage`, or the wallet's own `message` for a bare EIP-1193 error object that
 * carries a numeric code), else "Metamask login failed.". Programming errors (no code, no short
 * message) are never shown as they are.
 */
export function walletErrorNotice(error: unknown): WalletNotice {
  const chain = causeChain(error);
  if (isUserRejection(error)) return { id: 'wallet.rejected' };
  if (chain.some((e) => field(e, 'name') === 'ProviderNotFoundError')) return { id: 'wallet.notInstalled' };
  if (chain.some((e) => field(e, 'code') === REQUEST_PENDING_CODE)) return { id: 'wallet.requestPending' };

  const short = nonEmpty(field(error, 'shortMessage'));
  if (short) return { text: short };
  if (typeof field(error, 'code') === 'number') {
    const message = nonEmpty(field(error, 'message'));
    if (message && message.length <= 200) return { text: message.split('\n')[0]! };
  }
  return { id: 'wallet.failed' };
}
