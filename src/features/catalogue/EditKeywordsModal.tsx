import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { errorStatus, serverMessage } from '../../api/errors';
import { Modal } from '../../components/Modal';

import { useUploadDescriptionMutation } from './catalogueApi';

export interface EditKeywordsModalProps {
  open: boolean;
  movieId: string;
  /** The text the textarea starts from (see descriptionText). */
  initialText: string;
  onClose: () => void;
  /** After a successful upload, with the confirmation to show (already translated). */
  onUploaded: (confirmation: string) => void;
}

/**
 * "Edit Keywords": the user edits the text
 * block and uploads it for review. Stays mounted while closed so an accidental Escape or
 * backdrop click does not throw away the user's edits.
 */
export function EditKeywordsModal({ open, movieId, initialText, onClose, onUploaded }: EditKeywordsModalProps) {
  const intl = useIntl();
  const textareaId = useId();
  const hintId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initialText);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploadDescription, { isLoading: isUploading }] = useUploadDescriptionMutation();

  const close = () => {
    setFailure(null);
    onClose();
  };

  const upload = async () => {
    setFailure(null);
    try {
      const response = await uploadDescription({ movieId, newContext: text }).unwrap();
      const message = response?.message?.trim();
      onUploaded(message || intl.formatMessage({ id: 'movie.uploadSucceeded' }));
      onClose();
    } catch (error) {
      // A status means the server answered (with something other than 200); none means the
      // request never got an answer.
      setFailure(
        errorStatus(error) !== undefined
          ? (serverMessage(error) ?? intl.formatMessage({ id: 'movie.uploadFailed' }))
          : intl.formatMessage({ id: 'movie.uploadError' }),
      );
    }
  };

  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'movie.editKeywords' })}
      onClose={close}
      initialFocusRef={textareaRef}
      className="edit-keywords"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            {intl.formatMessage({ id: 'movie.cancel' })}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={isUploading || text.trim() === ''}
            onClick={() => void upload()}
          >
            {intl.formatMessage({ id: isUploading ? 'movie.uploading' : 'movie.upload' })}
          </button>
        </>
      }
    >
      <label htmlFor={textareaId} className="edit-keywords__label">
        {intl.formatMessage({ id: 'movie.descriptionLabel' })}
      </label>
      <p id={hintId} className="edit-keywords__hint">
        {intl.formatMessage({ id: 'movie.descriptionHint' })}
      </p>
      <textarea
        id={textareaId}
        ref={textareaRef}
        className="edit-keywords__text"
        aria-describedby={hintId}
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck
      />
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
    </Modal>
  );
}
