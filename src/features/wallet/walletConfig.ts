import { createConfig, custom, injected } from 'wagmi';
import { mainnet } from 'wagmi/chains';

import { injectedProvider } from './injectedProvider';

/**
 * The wagmi config of the wallet sign-in: the injected wallet (window.ethereum) on mainnet.
 * Signing in only asks the wallet for accounts and a signature, so the transport is the wallet
 * itself (`custom`), never a public RPC endpoint. No storage: the connection lives as long as
 * the login page, nothing about the wallet is persisted, and nothing reconnects on its own.
 * EIP-6963 discovery is off: one connector, the one the button names.
 */
export function createWalletConfig() {
  return createConfig({
    chains: [mainnet],
    connectors: [injected()],
    transports: {
      [mainnet.id]: custom({
        request: (args: { method: string; params?: unknown }) => {
          const provider = injectedProvider();
          if (!provider) return Promise.reject(new Error('No injected wallet (window.ethereum).'));
          return provider.request(args);
        },
      }),
    },
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
}

export type WalletConfig = ReturnType<typeof createWalletConfig>;
