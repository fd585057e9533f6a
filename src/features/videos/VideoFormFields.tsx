import { useId } from 'react';

import type { Visibility } from '../../api/types';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';

/** The error text (or nothing) a field shows. */
export function FieldError({ id, messageId }: { id: string; messageId?: MessageKey | null }) {
  const t = useT();
  if (!messageId) return null;
  return (
    <p id={id} className="video-form__error">
      {t(messageId)}
    </p>
  );
}

export interface VideoFormValues {
  title: string;
  description: string;
  visibility: Visibility;
}

interface VideoTextFieldsProps {
  values: VideoFormValues;
  onChange: (values: Partial<VideoFormValues>) => void;
  /** The title field was left (shows "Title is required." when it is blank). */
  onTitleBlur?: () => void;
  titleError?: MessageKey | null;
  disabled?: boolean;
}

/** A visibility from a form value: anything unknown is public (the form offers only the three). */
export function visibilityOf(value: string | undefined): Visibility {
  return value === 'private' || value === 'unlisted' ? value : 'public';
}

/** Title (required), description and visibility (Public/Unlisted/Private): shared by Upload and Edit video. */
export function VideoTextFields({ values, onChange, onTitleBlur, titleError, disabled }: VideoTextFieldsProps) {
  const t = useT();
  const id = useId();
  const titleErrorId = `${id}-title-error`;
  return (
    <>
      <div className="video-form__field">
        <label htmlFor={`${id}-title`}>{t('videos.field.title')}</label>
        <input
          id={`${id}-title`}
          name="title"
          type="text"
          required
          autoComplete="off"
          value={values.title}
          disabled={disabled}
          onChange={(event) => onChange({ title: event.target.value })}
          onBlur={onTitleBlur}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? titleErrorId : undefined}
        />
        <FieldError id={titleErrorId} messageId={titleError} />
      </div>

      <div className="video-form__field">
        <label htmlFor={`${id}-description`}>{t('videos.field.description')}</label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={5}
          value={values.description}
          disabled={disabled}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>

      <div className="video-form__field">
        <label htmlFor={`${id}-visibility`}>{t('videos.field.visibility')}</label>
        <select
          id={`${id}-visibility`}
          name="visibility"
          value={values.visibility}
          disabled={disabled}
          onChange={(event) => onChange({ visibility: visibilityOf(event.target.value) })}
          aria-describedby={`${id}-visibility-help`}
        >
          <option value="public">{t('videos.visibility.public')}</option>
          <option value="unlisted">{t('videos.visibility.unlisted')}</option>
          <option value="private">{t('videos.visibility.private')}</option>
        </select>
        <p id={`${id}-visibility-help`} className="video-form__help">
          {t(`videos.visibility.help.${values.visibility}`)}
        </p>
      </div>
    </>
  );
}
