import { lazy, Suspense, useId, useState } from 'react';

import type { SelfieVideo } from '../../api/types';
import { useT } from '../../i18n/useT';

import type { PlaybackClock } from './playbackClock';

/** Loaded when first opened: the video page's first screen does not carry it. */
const TranscriptPanel = lazy(() => import(/* webpackChunkName: "transcript" */ './TranscriptPanel'));

/** The video page's "Show transcript" button and, once opened, the panel. */
export function Transcript({ captions, clock }: { captions: SelfieVideo['captions']; clock: PlaybackClock }) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  if (!captions || captions.length === 0) return null;
  return (
    <div className="transcript-box">
      <button type="button" className="btn btn--small" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
        {t(open ? 'captions.transcript.hide' : 'captions.transcript.show')}
      </button>
      {open ? (
        <Suspense fallback={<p className="transcript__status">{t('captions.transcript.loading')}</p>}>
          <TranscriptPanel id={panelId} captions={captions} clock={clock} />
        </Suspense>
      ) : null}
    </div>
  );
}
