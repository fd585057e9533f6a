/**
 * The wallet feature's public face. Only the light button: the wallet flow (wagmi, viem,
 * react-query) is reachable solely through the button's dynamic import, so no other module can
 * pull the wallet libraries into a page's bundle by importing this feature.
 */
export { WalletLoginButton } from './WalletLoginButton';
export type { WalletLoginProps, WalletNotice } from './types';
