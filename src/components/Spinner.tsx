import './Spinner.css';

interface SpinnerProps {
  /** Accessible name, already translated (e.g. "Loading..."). */
  label: string;
  size?: 'small' | 'large';
}

/** An animated busy indicator announced to screen readers through role="status". */
export function Spinner({ label, size = 'large' }: SpinnerProps) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
