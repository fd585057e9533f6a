/**
 * The wallet libraries stay out of the Login page's module graph: wagmi, viem, react-query and
 * the wallet flow module are evaluated only after a click on the wallet button with a wallet
 * installed. (The production guarantee is the bundle report's "wallet libraries in "/": none"
 * and the separate lazy `wallet` chunk; this checks the same thing at the module level.)
 */
import { screen, waitFor } from '@testing-library/react';

import { LoginPage } from '../../src/features/auth/LoginPage';
import { renderWithProviders } from '../support/render';

import { installFakeWallet, uninstallFakeWallet } from './wallet-helpers';

type Loaded = Record<'flow' | 'wagmi' | 'reactQuery', boolean>;
const noneLoaded: Loaded = { flow: false, wagmi: false, reactQuery: false };
const loaded = (): Loaded => ({
  ...noneLoaded,
  ...(globalThis as { __walletLoaded?: Partial<Loaded> }).__walletLoaded,
});

// Each factory runs when its module is first required — also if that happened while the
// imports above were evaluated — records it on globalThis, then hands over the real module.
jest.mock('../../src/features/wallet/WalletLoginFlow', () => {
  const global = globalThis as { __walletLoaded?: Record<string, boolean> };
  global.__walletLoaded = { ...global.__walletLoaded, flow: true };
  return jest.requireActual('../../src/features/wallet/WalletLoginFlow');
});
jest.mock('wagmi', () => {
  const global = globalThis as { __walletLoaded?: Record<string, boolean> };
  global.__walletLoaded = { ...global.__walletLoaded, wagmi: true };
  return jest.requireActual('wagmi');
});
jest.mock('@tanstack/react-query', () => {
  const global = globalThis as { __walletLoaded?: Record<string, boolean> };
  global.__walletLoaded = { ...global.__walletLoaded, reactQuery: true };
  return jest.requireActual('@tanstack/react-query');
});

describe('the wallet chunk is loaded lazily', () => {
  afterAll(() => uninstallFakeWallet());

  it('loads neither with the Login page nor on a click without a wallet, only on a click with one', async () => {
    // LoginPage, and with it features/wallet/index.ts, was imported above.
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('button', { name: 'Login with MetaMask' })).toBeInTheDocument();
    expect(loaded()).toEqual(noneLoaded);

    await user.click(screen.getByRole('button', { name: 'Login with MetaMask' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Metamask is not installed.'));
    expect(loaded()).toEqual(noneLoaded);

    // With a wallet (which refuses, so no server call is needed), the click loads the chunk.
    installFakeWallet({ fail: { wallet_requestPermissions: { code: 4001 } } });
    await user.click(screen.getByRole('button', { name: 'Login with MetaMask' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You cancelled the request in your wallet.'),
    );
    expect(loaded()).toEqual({ flow: true, wagmi: true, reactQuery: true });
  });
});
