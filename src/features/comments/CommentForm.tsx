import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

interface CommentFormProps {
  /** Accessible name of the text box (already translated). */
  label: string;
  placeholder: string;
  submitLabel: string;
  cancelLabel?: string;
  /** Sends the trimmed text; rejects with an Error whose message is the text to show. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
  /** Moves focus into the text box when the form appears (an inline reply form). */
  focusOnMount?: boolean;
  className?: string;
}

/**
 * A comment or reply box. Blank text (after trimming) is never sent. The box clears
 * as soon as the comment is sent (it shows in the list at once); if the post fails, the text
 * comes back so nothing typed is lost, with the error under the box.
 */
export function CommentForm({
  label,
  placeholder,
  submitLabel,
  cancelLabel,
  onSubmit,
  onCancel,
  focusOnMount = false,
  className,
}: CommentFormProps) {
  const textareaId = useId();
  const errorId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const blank = draft.trim() === '';

  useEffect(() => {
    if (focusOnMount) textareaRef.current?.focus();
  }, [focusOnMount]);

  const submit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content) return;
    setDraft('');
    setError(null);
    try {
      await onSubmit(content);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      // Give the text back unless the user has already started a new one.
      setDraft((current) => (current.trim() ? current : draft));
    }
  };

  // Ctrl/⌘+Enter sends, as in most comment boxes; plain Enter is a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={['comment-form', className].filter(Boolean).join(' ')} onSubmit={(event) => void submit(event)}>
      <label htmlFor={textareaId} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={textareaRef}
        id={textareaId}
        className="comment-form__input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="comment-form__error alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="comment-form__actions">
        {onCancel && cancelLabel ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : null}
        <button type="submit" className="btn btn--primary btn--small" disabled={blank}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
