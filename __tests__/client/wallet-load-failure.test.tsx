/** The wallet chunk cannot be downloaded (offline, or a deploy replaced it): the page says so. */
import { screen, waitFor } from '@testing-library/react';

import { LoginPage } from '../../src/features/auth/LoginPage';
import { renderWithProviders } from '../support/render';

import { installFakeWallet, uninstallFakeWallet } from './wallet-helpers';

jest.mock('../../src/features/wallet/WalletLoginFlow', () => {
  throw Object.assign(new Error('Loading chunk wallet failed.'), { name: 'ChunkLoadError' });
});

describe('wallet chunk load failure', () => {
  afterEach(() => uninstallFakeWallet());

  it('shows a message and lets the visitor try again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    installFakeWallet();
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Login with MetaMask' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Could not load the wallet login. Please check your connection and try again.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Login with MetaMask' })).toBeEnabled();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
