import { useIntl, type IntlShape } from 'react-intl';

import type { MessageKey } from '../../i18n/messages/en';

import type { SearchUnderstanding } from './searchApi';

export interface SearchUnderstoodProps {
  /** What the AI search understood (chips); none for the keyword search. */
  understanding?: SearchUnderstanding;
  /** The corrected request the results are for, when the server corrected typos. */
  correctedQuery?: string;
  /** The request as typed ("Search instead for …"). */
  query: string;
  /** A chip's ✕: search again without that part (`term:WORD`, `exclude:WORD`, `length`, `date`, `order`). */
  onRemove?: (key: string) => void;
  /** "Search instead for …": the words as written. */
  onLiteral: () => void;
}

interface Chip {
  key: string;
  label: string;
}

const ORDER_MESSAGES: Record<string, MessageKey | undefined> = {
  views: 'search.chip.order.views',
  rating: 'search.chip.order.rating',
  newest: 'search.chip.order.newest',
  oldest: 'search.chip.order.oldest',
  longest: 'search.chip.order.longest',
  shortest: 'search.chip.order.shortest',
};

const minutes = (intl: IntlShape, seconds: number) => intl.formatNumber(seconds / 60, { maximumFractionDigits: 1 });

/** The chips of an understood request: subject words, exclusions, length, dates, order. */
export function understoodChips(intl: IntlShape, understanding: SearchUnderstanding): Chip[] {
  const chips: Chip[] = understanding.terms.map((term) => ({ key: `term:${term}`, label: term }));
  for (const word of understanding.exclude) {
    chips.push({ key: `exclude:${word}`, label: intl.formatMessage({ id: 'search.chip.exclude' }, { word }) });
  }
  const { minLengthSec: min, maxLengthSec: max } = understanding;
  if (min !== undefined && max !== undefined) {
    chips.push({ key: 'length', label: intl.formatMessage({ id: 'search.chip.between' }, { min: minutes(intl, min), max: minutes(intl, max) }) });
  } else if (max !== undefined) {
    chips.push({ key: 'length', label: intl.formatMessage({ id: 'search.chip.under' }, { minutes: minutes(intl, max) }) });
  } else if (min !== undefined) {
    chips.push({ key: 'length', label: intl.formatMessage({ id: 'search.chip.over' }, { minutes: minutes(intl, min) }) });
  }
  const { addedAfter: after, addedBefore: before } = understanding;
  if (after && before) chips.push({ key: 'date', label: intl.formatMessage({ id: 'search.chip.dates' }, { from: after, to: before }) });
  else if (after) chips.push({ key: 'date', label: intl.formatMessage({ id: 'search.chip.since' }, { date: after }) });
  else if (before) chips.push({ key: 'date', label: intl.formatMessage({ id: 'search.chip.before' }, { date: before }) });
  const order = ORDER_MESSAGES[understanding.order];
  if (order) chips.push({ key: 'order', label: intl.formatMessage({ id: order }) });
  return chips;
}

/**
 * Above the results: "Showing results for …" with the way back to the request as typed, and
 * the understood request as removable chips ("dogs · under 5 min · most viewed", each with ✕).
 */
export function SearchUnderstood({ understanding, correctedQuery, query, onRemove, onLiteral }: SearchUnderstoodProps) {
  const intl = useIntl();
  const chips = understanding ? understoodChips(intl, understanding) : [];
  if (!correctedQuery && chips.length === 0) return null;
  return (
    <div className="search-understood">
      {correctedQuery ? (
        <p className="search-understood__corrected" role="status">
          {intl.formatMessage({ id: 'search.corrected' }, { corrected: <strong key="corrected">{correctedQuery}</strong> })}
          <button type="button" className="search-understood__literal" onClick={onLiteral}>
            {intl.formatMessage({ id: 'search.literal' }, { query })}
          </button>
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul className="search-understood__chips" aria-label={intl.formatMessage({ id: 'search.understood' })}>
          {chips.map((chip) => (
            <li key={chip.key} className="search-chip">
              <span className="search-chip__label">{chip.label}</span>
              {onRemove ? (
                <button
                  type="button"
                  className="search-chip__remove"
                  aria-label={intl.formatMessage({ id: 'search.chip.remove' }, { chip: chip.label })}
                  onClick={() => onRemove(chip.key)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
