import type { IntlShape } from 'react-intl';

import type { Translate } from '../../i18n/useT';

/** "12.3 MB", "980 KB" in the reader's language (Intl units). */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const units = [
    ['gigabyte', 1024 ** 3, 2],
    ['megabyte', 1024 ** 2, 1],
    ['kilobyte', 1024, 0],
  ] as const;
  for (const [unit, size, digits] of units) {
    if (bytes >= size) return intl.formatNumber(bytes / size, { style: 'unit', unit, maximumFractionDigits: digits });
  }
  return intl.formatNumber(Math.max(0, Math.round(bytes)), { style: 'unit', unit: 'byte' });
}

/** "less than a minute", "about 3 min", "about 1 h 20 min". */
export function formatDurationLeft(t: Translate, seconds: number): string {
  if (seconds < 60) return t('videos.duration.lessThanMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('videos.duration.minutes', { minutes });
  return t('videos.duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
