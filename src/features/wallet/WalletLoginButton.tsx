import { type ComponentType, useState } from 'react';

import { injectedProvider } from './injectedProvider';
import type { WalletLoginFlowProps, WalletLoginProps } from './types';
import { WalletButton } from './WalletButton';

type WalletLoginFlowComponent = ComponentType<WalletLoginFlowProps>;

/**
 * Loads the wallet chunk: wagmi, viem, react-query, the wagmi config and the wallet endpoints.
 * The only way into it: nothing imports WalletLoginFlow statically.
 */
export function loadWalletFlow(): Promise<WalletLoginFlowComponent> {
  return import(/* webpackChunkName: "wallet" */ './WalletLoginFlow').then((module) => module.WalletLoginFlow);
}

/**
 * The wallet login button of the login page. Light: until it is clicked it is
 * a plain button, and visitors who never click it never download the wallet libraries. A click
 * without an injected wallet only says so; with one it loads the wallet chunk, whose
 * flow component takes the button's place and carries the click out.
 */
export function WalletLoginButton(props: WalletLoginProps) {
  const { onStart, onFailure, disabled = false } = props;
  const [Flow, setFlow] = useState<WalletLoginFlowComponent | null>(null);
  const [loading, setLoading] = useState(false);

  if (Flow) return <Flow {...props} autoStart />;

  const start = async () => {
    if (loading || disabled) return;
    onStart();
    if (!injectedProvider()) {
      onFailure({ id: 'wallet.notInstalled' });
      return;
    }
    setLoading(true);
    try {
      const component = await loadWalletFlow();
      setFlow(() => component);
    } catch (error) {
      console.error('Loading the wallet login failed:', error);
      onFailure({ id: 'wallet.loadFailed' });
      setLoading(false);
    }
  };

  return <WalletButton busy={loading} disabled={disabled} onClick={() => void start()} />;
}
