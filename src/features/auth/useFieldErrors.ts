import { useCallback, useState } from 'react';

import type { MessageKey } from '../../i18n/messages';

/** Our message for each way the browser's constraint validation can fail a field. */
export interface FieldRule {
  /** `required` and empty. */
  valueMissing?: MessageKey;
  /** `type="email"` and not an email address. */
  typeMismatch?: MessageKey;
}

export type FieldErrors<Name extends string> = Partial<Record<Name, MessageKey>>;

/**
 * Form validation with the browser's own checks and our translated texts. The inputs carry
 * `required` / `type="email"`, so the browser decides validity (ValidityState); the form is
 * `noValidate`, so instead of the browser's bubble (in the browser's language, not the app's)
 * each invalid field shows our message below it, is marked aria-invalid, and the first one
 * gets the focus.
 *
 * `rules` must be stable (a module constant): its keys are the fields' `name`s, in form order.
 */
export function useFieldErrors<Name extends string>(rules: Record<Name, FieldRule>) {
  const [errors, setErrors] = useState<FieldErrors<Name>>({});

  /**
   * Checks the form's fields; `extra` adds errors the browser cannot know (e.g. two passwords
   * that differ) for fields that pass its checks. Returns true when every field is valid.
   */
  const validate = useCallback(
    (form: HTMLFormElement, extra: FieldErrors<Name> = {}): boolean => {
      const found: FieldErrors<Name> = {};
      let firstInvalid: HTMLElement | undefined;
      for (const name of Object.keys(rules) as Name[]) {
        const field = form.elements.namedItem(name);
        if (!(field instanceof HTMLInputElement)) continue;
        const rule = rules[name];
        const { validity } = field;
        const error =
          (validity.valueMissing && rule.valueMissing) ||
          (validity.typeMismatch && rule.typeMismatch) ||
          extra[name];
        if (error) {
          found[name] = error;
          firstInvalid ??= field;
        }
      }
      setErrors(found);
      firstInvalid?.focus();
      return firstInvalid === undefined;
    },
    [rules],
  );

  /** Drops a field's error once the user edits it. */
  const clearError = useCallback((name: Name) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const clearAll = useCallback(() => setErrors({}), []);

  return { errors, validate, clearError, clearAll };
}
