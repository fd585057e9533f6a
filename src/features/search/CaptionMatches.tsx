import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

import type { CaptionMatch } from '../../api/types';
import { paths } from '../../config/routes';
import { formatCueTime } from '../captions';

import './search.css';

/** A time as the transcript writes it: m:ss, or h:mm:ss from an hour on. */
export const matchTime = formatCueTime;

/** The video page at that moment: `/selfieVideos/{id}?t=<whole seconds>`. */
export function matchHref(videoId: string, start: number): string {
  return `${paths.selfieVideo(videoId)}?t=${Math.max(0, Math.floor(start))}`;
}

export interface CaptionMatchesProps {
  videoId: string;
  /** The video's title: names the list for screen readers. */
  title: string;
  matches: readonly CaptionMatch[];
}

/**
 * Under a search result found through what is said: each matching caption line with its time,
 * a link that opens the video at that moment. The link reads "Watch from 1:05: …" (the words
 * before and after the time are there for screen readers only); the text is shown as text.
 */
export function CaptionMatches({ videoId, title, matches }: CaptionMatchesProps) {
  const intl = useIntl();
  if (matches.length === 0) return null;
  const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;
  return (
    <ul className="caption-matches" aria-label={intl.formatMessage({ id: 'search.matches.label' }, { title })}>
      {matches.map((match) => (
        <li key={`${match.start}-${match.text}`} className="caption-matches__item">
          <Link className="caption-matches__link" to={matchHref(videoId, match.start)}>
            <FormattedMessage
              id="search.matches.line"
              values={{
                hidden,
                time: (chunks: ReactNode[]) => <span className="caption-matches__time">{chunks}</span>,
                clock: matchTime(match.start),
                text: match.text,
              }}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
