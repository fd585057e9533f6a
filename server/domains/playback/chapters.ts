/**
 * Chapters from a video's description, the way YouTube and PeerTube read them: lines that start
 * with a time stamp (`0:00 Intro`, `01:23 - Verse`, `1:23:45 Finale`, `[2:05] Outro`) become
 * chapters when
 * - there are at least two of them,
 * - the first one is at 0:00,
 * - every one starts after the one before: a line that does not means the stamps are not a
 *   table of contents (a list of moments, say), and the description has no chapters — as on
 *   YouTube, rather than guessing which of two out-of-order lines was meant,
 * - and, when the video's duration is known, each starts before the end (later ones are dropped).
 *
 * Malformed stamps (`1:75`, `1:2`, `99:99:99`) make a line ordinary text. Titles are trimmed of a
 * leading separator (`-`, `–`, `—`, `:`, `|`, `.`, `)`), cut to TITLE_MAX characters; a stamp with
 * no title is ordinary text. At most MAX_CHAPTERS are kept. Pure: no I/O, never throws.
 */

export interface Chapter {
  /** Seconds from the start. */
  start: number;
  title: string;
}

export const MAX_CHAPTERS = 100;
export const TITLE_MAX = 100;
/** Descriptions are capped far below this; a guard so a huge string costs nothing. */
const MAX_SCANNED_CHARS = 20_000;

// [h:]mm:ss or m:ss at the start of a line, optionally in brackets or parentheses.
const LINE = /^\s*[[(]?\s*(?:(\d{1,3}):([0-5]\d):([0-5]\d)|(\d{1,3}):([0-5]\d))\s*[\])]?(?=\s|$|[-–—:|.)])(.*)$/u;
const LEADING_SEPARATOR = /^[\s\-–—:|.)]+/u;

/** The time stamp and title of one line, or undefined when it is not a chapter line. */
export function parseChapterLine(line: string): Chapter | undefined {
  const match = LINE.exec(line);
  if (!match) return undefined;
  const [, hours, minutesOfHour, secondsOfHour, minutes, seconds, rest = ''] = match;
  const start =
    hours !== undefined
      ? Number(hours) * 3600 + Number(minutesOfHour) * 60 + Number(secondsOfHour)
      : Number(minutes) * 60 + Number(seconds);
  const title = [...rest.replace(LEADING_SEPARATOR, '').trim()].slice(0, TITLE_MAX).join('').trim();
  if (title === '' || !Number.isFinite(start)) return undefined;
  return { start, title };
}

/**
 * The chapters of a description; [] when it has none. `duration` in seconds (0 or less: unknown,
 * nothing is dropped for lying beyond it).
 */
export function parseChapters(description: string | null | undefined, duration = 0): Chapter[] {
  if (typeof description !== 'string' || description === '') return [];
  const found: Chapter[] = [];
  for (const line of description.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/)) {
    const chapter = parseChapterLine(line);
    if (!chapter) continue;
    if (found.length === 0) {
      // The first stamp decides whether the description has chapters at all.
      if (chapter.start !== 0) return [];
      found.push(chapter);
      continue;
    }
    const previous = found[found.length - 1] as Chapter;
    if (chapter.start <= previous.start) return [];
    if (Number.isFinite(duration) && duration > 0 && chapter.start >= duration) continue;
    found.push(chapter);
    if (found.length === MAX_CHAPTERS) break;
  }
  return found.length >= 2 ? found : [];
}
