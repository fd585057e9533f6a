import { useEffect, useId, useRef, useState } from 'react';


import { formatClock } from './media';
import { type Chapter, SHORTCUTS, shareUrl } from './playerLogic';
import { usePlayerT } from './playerMessages';

/** The "?" list of keyboard shortcuts, a modal dialog (Esc or Close ends it). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = usePlayerT();
  const headingId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom and old browsers lack showModal: the dialog still opens, not modal.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog ref={ref} className="player-dialog" aria-labelledby={headingId} onClose={onClose} onCancel={onClose}>
      <h2 id={headingId} className="player-dialog__title">
        {t('videos.player.shortcuts')}
      </h2>
      <table className="player-dialog__table">
        <thead>
          <tr>
            <th scope="col">{t('videos.player.shortcut.keys')}</th>
            <th scope="col">{t('videos.player.shortcut.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.message}>
              <td>
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' ' : null}
                    {key === '…' ? key : <kbd>{key === 'Space' ? t('videos.player.key.space') : key}</kbd>}
                  </span>
                ))}
              </td>
              <td>{t(shortcut.message)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn--small" onClick={onClose}>
        {t('videos.player.close')}
      </button>
    </dialog>
  );
}

/** Share: copies the page's link, with the current time when the viewer ticks "Start at 1:23". */
export function ShareControl({ currentTime }: { currentTime: () => number }) {
  const t = usePlayerT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState(0);
  const [withTime, setWithTime] = useState(false);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = shareUrl(typeof window === 'undefined' ? 'http://localhost/' : window.location.href, withTime ? at : null);

  const toggle = () => {
    if (!open) {
      setAt(Math.floor(currentTime()));
      setStatus('idle');
    }
    setOpen(!open);
  };

  const copy = () => {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard?.writeText) {
      setStatus('failed');
      return;
    }
    clipboard.writeText(link).then(
      () => setStatus('copied'),
      () => setStatus('failed'),
    );
  };

  return (
    <div className="player-share">
      <button type="button" className="btn btn--small" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        {t('videos.player.share')}
      </button>
      <div id={panelId} className="player-share__panel" hidden={!open}>
        <label className="player-share__option">
          <input type="checkbox" checked={withTime} disabled={at < 1} onChange={(event) => setWithTime(event.target.checked)} />
          {t('videos.player.startAt', { time: formatClock(at) })}
        </label>
        <button type="button" className="btn btn--small btn--primary" onClick={copy}>
          {t('videos.player.copyLink')}
        </button>
        <p className="player-share__status" role="status">
          {status === 'copied' ? t('videos.player.copied') : null}
        </p>
        {status === 'failed' ? (
          <label className="player-share__manual">
            {t('videos.player.copyManually')}
            <input type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
          </label>
        ) : null}
      </div>
    </div>
  );
}

/** The chapter list under the video: each chapter seeks there; the one playing is marked. */
export function ChapterList({ chapters, current, onSeek }: { chapters: Chapter[]; current: number; onSeek: (seconds: number) => void }) {
  const t = usePlayerT();
  const headingId = useId();
  if (chapters.length === 0) return null;
  return (
    <nav className="player-chapters" aria-labelledby={headingId}>
      <h2 id={headingId} className="player-chapters__title">
        {t('videos.player.chapters')}
      </h2>
      <ol className="player-chapters__list">
        {chapters.map((chapter, index) => (
          <li key={`${chapter.start}-${index}`}>
            <button
              type="button"
              className="player-chapters__item"
              aria-current={index === current ? 'true' : undefined}
              onClick={() => onSeek(chapter.start)}
            >
              <span className="player-chapters__time">{formatClock(chapter.start)}</span>
              <span>{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
