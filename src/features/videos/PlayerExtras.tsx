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

/** The embed iframe's size: 640 wide (or narrower), the height from the video's aspect ratio (16:9 when unknown). */
export function embedFrameSize(width?: number, height?: number, maxWidth = 640): { width: number; height: number } {
  const ratio = width && height && width > 0 && height > 0 ? width / height : 16 / 9;
  return { width: maxWidth, height: Math.max(1, Math.round(maxWidth / ratio)) };
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<iframe>` code that embeds a video (the same as the site's oEmbed answer). */
export function embedCode(origin: string, videoId: string, title: string, size: { width: number; height: number }, seconds: number | null): string {
  const src = `${origin}/embed/selfieVideos/${encodeURIComponent(videoId)}${seconds !== null && seconds >= 1 ? `?t=${Math.floor(seconds)}` : ''}`;
  return (
    `<iframe src="${escapeHtml(src)}" width="${size.width}" height="${size.height}" title="${escapeHtml(title)}" ` +
    'frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>'
  );
}

interface ShareControlProps {
  currentTime: () => number;
  /** With the video's id, the panel also offers the embed code (sized from width/height). */
  videoId?: string;
  title?: string;
  width?: number;
  height?: number;
}

/**
 * Share: the page's link and the embed code, each with a copy button, with the current time when
 * the viewer ticks "Start at 1:23".
 */
export function ShareControl({ currentTime, videoId, title = '', width, height }: ShareControlProps) {
  const t = usePlayerT();
  const panelId = useId();
  const linkId = useId();
  const embedId = useId();
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState(0);
  const [withTime, setWithTime] = useState(false);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed' | 'embedCopied' | 'embedFailed'>('idle');
  const href = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  const link = shareUrl(href, withTime ? at : null);
  const embed = videoId ? embedCode(new URL(href).origin, videoId, title, embedFrameSize(width, height), withTime ? at : null) : null;

  const toggle = () => {
    if (!open) {
      setAt(Math.floor(currentTime()));
      setStatus('idle');
    }
    setOpen(!open);
  };

  const copyText = (text: string, done: 'copied' | 'embedCopied', failed: 'failed' | 'embedFailed') => {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard?.writeText) {
      setStatus(failed);
      return;
    }
    clipboard.writeText(text).then(
      () => setStatus(done),
      () => setStatus(failed),
    );
  };
  const copy = () => copyText(link, 'copied', 'failed');

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
          {status === 'copied' ? t('videos.player.copied') : status === 'embedCopied' ? t('videos.player.embedCopied') : null}
        </p>
        {status === 'failed' ? (
          <label className="player-share__manual">
            {t('videos.player.copyManually')}
            <input type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
          </label>
        ) : null}
        {embed ? (
          <>
            <label className="player-share__field" htmlFor={linkId}>
              {t('videos.player.shareLink')}
            </label>
            <input id={linkId} className="player-share__code" type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
            <label className="player-share__field" htmlFor={embedId}>
              {t('videos.player.embedCode')}
            </label>
            <textarea
              id={embedId}
              className="player-share__code"
              readOnly
              rows={3}
              value={embed}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="btn btn--small" onClick={() => copyText(embed, 'embedCopied', 'embedFailed')}>
              {t('videos.player.copyEmbed')}
            </button>
          </>
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
