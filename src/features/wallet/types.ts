import type { AuthResponse } from '../../api/types';
import type { MessageKey } from '../../i18n/messages';

/**
 * A text for the page's message areas: the server's or the wallet's own words, or one of our
 * messages kept as an id so it follows a language switch. Same shape as auth's Notice.
 */
export type WalletNotice = { text: string } | { id: MessageKey };

/**
 * What the page hosting the wallet button hears from it. The page owns the message areas and
 * the redirect, so a wallet login reads exactly like a password login.
 */
export interface WalletLoginProps {
  /** The visitor clicked the button: earlier messages are stale. */
  onStart: () => void;
  /** The server verified the signature and opened a session (the user is already logged in). */
  onSuccess: (answer: AuthResponse) => void;
  /** Not installed, cancelled in the wallet, a wallet error or a refusal by the server. */
  onFailure: (notice: WalletNotice) => void;
  /** Another action of the page runs or the page is redirecting. */
  disabled?: boolean;
}

/** The lazily loaded flow component takes the same props, plus whether to start at once. */
export interface WalletLoginFlowProps extends WalletLoginProps {
  /** The click that loaded the wallet chunk: run the flow as soon as it mounts. */
  autoStart?: boolean;
}
