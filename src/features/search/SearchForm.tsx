import { type FormEvent, type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';

import './search.css';

export interface SearchFormProps {
  /** The draft in the box. */
  value: string;
  onChange: (value: string) => void;
  /** Search (also Enter in the box). */
  onSearch: () => void;
  /** AI Search. */
  onAiSearch: () => void;
  /** AI mode is the active one: the AI Search button is highlighted (aria-pressed). */
  aiActive: boolean;
  /** A search is running: both buttons are disabled. */
  busy: boolean;
  /** An AI search is running: "AI search might take a bit longer..." shows. */
  aiSearching: boolean;
  /** Accessible name of the box, already translated. */
  label: string;
  placeholder: string;
  /** Text of the Search button; "Search" by default. */
  submitLabel?: string;
  /** Class of the wrapper around the form and the AI hint; the page places its own search bar. */
  className?: string;
  inputClassName?: string;
  /** More controls after the buttons (e.g. a clear-search button). */
  children?: ReactNode;
}

/**
 * A search box with Search and AI Search. The page owns
 * the draft and the committed search (in its URL); this only reports which button was pressed.
 */
export function SearchForm({
  value,
  onChange,
  onSearch,
  onAiSearch,
  aiActive,
  busy,
  aiSearching,
  label,
  placeholder,
  submitLabel,
  className,
  inputClassName,
  children,
}: SearchFormProps) {
  const intl = useIntl();
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSearch();
  };

  return (
    <div className={['search-box', className].filter(Boolean).join(' ')}>
      <form className="search-form" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          className={['search-form__input', inputClassName].filter(Boolean).join(' ')}
          type="search"
          name="q"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submitLabel ?? intl.formatMessage({ id: 'search.submit' })}
        </button>
        <button
          type="button"
          className={`btn btn--ai${aiActive ? ' btn--active' : ''}`}
          aria-pressed={aiActive}
          disabled={busy}
          onClick={onAiSearch}
        >
          {intl.formatMessage({ id: 'search.ai' })}
        </button>
        {children}
      </form>
      {/* Always present, so screen readers announce the hint when it appears. */}
      <div className="search-box__live" aria-live="polite">
        {aiSearching ? <p className="search-box__ai-hint">{intl.formatMessage({ id: 'search.aiHint' })}</p> : null}
      </div>
    </div>
  );
}
