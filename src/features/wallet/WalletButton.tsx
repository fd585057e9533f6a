import { useT } from '../../i18n/useT';
import './wallet.css';

interface WalletButtonProps {
  /** Loading the wallet code or waiting for the wallet / the server: spinner and disabled. */
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/**
 * The "Login with MetaMask" button. Presentational and light: the login page shows it before the
 * wallet chunk is loaded, and the wallet flow renders the same button once it is.
 */
export function WalletButton({ busy, disabled = false, onClick }: WalletButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn wallet-login__button"
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={onClick}
    >
      {busy ? <span className="wallet-login__spinner" aria-hidden="true" data-testid="wallet-spinner" /> : null}
      {t('wallet.login')}
    </button>
  );
}
