/*
 * The "wallet" chunk: only ever loaded by loadWalletFlow() (WalletLoginButton.tsx) after a
 * click. wagmi, viem and react-query are imported here and nowhere else.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useConfig, useConnect, useSignMessage, WagmiProvider } from 'wagmi';
import { getConnection } from 'wagmi/actions';

import { serverMessage } from '../../api/errors';

import { injectedProvider } from './injectedProvider';
import type { WalletLoginFlowProps, WalletNotice } from './types';
import { useGetWalletChallengeMutation, useWalletLoginMutation } from './walletApi';
import { WalletButton } from './WalletButton';
import { createWalletConfig } from './walletConfig';
import { walletErrorNotice } from './walletErrors';

/** A failed challenge or verification: the server's message, else "Metamask login failed." */
function serverNotice(error: unknown): WalletNotice {
  const text = serverMessage(error);
  return text ? { text } : { id: 'wallet.failed' };
}

/**
 * Sign-In with Ethereum: connect the injected wallet → its address → the server's challenge
 * (an EIP-4361 message) → the wallet signs it → the server verifies `{ address, signature }` and
 * opens a session (walletLogin logs the user in). The button spins and is disabled throughout.
 */
function WalletLogin({ onStart, onSuccess, onFailure, disabled = false, autoStart = false }: WalletLoginFlowProps) {
  const config = useConfig();
  const { mutateAsync: connect } = useConnect();
  const { mutateAsync: signMessage } = useSignMessage();
  const [getChallenge] = useGetWalletChallengeMutation();
  const [walletLogin] = useWalletLoginMutation();
  const [busy, setBusy] = useState(autoStart);
  const running = useRef(false);

  /** The connected account, connecting the injected wallet first when needed. */
  const connectedAddress = async () => {
    const connection = getConnection(config);
    if (connection.status === 'connected' && connection.address) return connection.address;
    const connector = config.connectors[0];
    if (!connector) throw new Error('No wallet connector configured.');
    const { accounts } = await connect({ connector });
    return accounts[0];
  };

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    onStart();
    // Which side a failure comes from: the wallet (connect, sign) or our server.
    let side: 'wallet' | 'server' = 'wallet';
    try {
      if (!injectedProvider()) {
        onFailure({ id: 'wallet.notInstalled' });
        return;
      }
      const address = await connectedAddress();
      side = 'server';
      const { challenge } = await getChallenge({ address }).unwrap();
      side = 'wallet';
      const signature = await signMessage({ account: address, message: challenge });
      side = 'server';
      const answer = await walletLogin({ address, signature }).unwrap();
      onSuccess(answer);
    } catch (error) {
      const notice = side === 'wallet' ? walletErrorNotice(error) : serverNotice(error);
      if (side === 'wallet' && 'text' in notice) console.warn('Wallet login failed:', error);
      onFailure(notice);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  // Mounted by the click that loaded this chunk: carry that click out once.
  const startOnMount = useEffectEvent(() => {
    if (autoStart) void run();
  });
  useEffect(() => startOnMount(), []);

  return <WalletButton busy={busy} disabled={disabled} onClick={() => void run()} />;
}

/**
 * The wallet flow with its own providers: WagmiProvider and QueryClientProvider wrap this
 * component only, not the app. Each mount (each visit of the login page) gets a fresh config.
 */
export function WalletLoginFlow(props: WalletLoginFlowProps) {
  const [config] = useState(createWalletConfig);
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <WalletLogin {...props} />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

export default WalletLoginFlow;
