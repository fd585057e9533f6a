/** The part of an EIP-1193 provider this feature relies on. */
export interface InjectedProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/**
 * The wallet the browser injected (MetaMask and compatible extensions put it on
 * `window.ethereum`), or undefined. Read on every call: extensions may inject late.
 */
export function injectedProvider(): InjectedProvider | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate = (window as { ethereum?: unknown }).ethereum;
  return candidate && typeof (candidate as InjectedProvider).request === 'function'
    ? (candidate as InjectedProvider)
    : undefined;
}
