/**
 * The embed player's own decision as a pure function (docs/sharing.md): which caption track the
 * `c` key turns on. Which engine plays the video (and after a failure) is the shared engine's
 * (src/features/player/engineLogic.ts). No DOM here, so jest tests it directly.
 */

const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';

/**
 * The track `c` turns on when none shows: the one the page asked for (`?captions=`, already
 * matched by the server to a track's own tag), else the page language's, else the first.
 * Returns an index into `languages`, -1 when there is no track.
 */
export function captionsToToggle(languages: readonly string[], wanted: string, pageLanguage: string): number {
  if (languages.length === 0) return -1;
  const exact = wanted ? languages.findIndex((lang) => lang.toLowerCase() === wanted.toLowerCase()) : -1;
  if (exact >= 0) return exact;
  const page = languages.findIndex((lang) => primary(lang) === primary(pageLanguage));
  return page >= 0 ? page : 0;
}
