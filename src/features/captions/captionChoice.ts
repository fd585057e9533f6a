/**
 * Which caption track shows when a video opens: the viewer's last choice (a language, or off),
 * remembered in this browser; without one, the track in the interface language when there is one,
 * else none.
 */
export const CAPTION_CHOICE_KEY = 'captions.choice';
export const CAPTIONS_OFF = 'off';

export interface CaptionLanguage {
  lang: string;
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';

/** The best track for a language: the same tag, else the same primary language (zh → zh-Hans). */
export function trackFor<T extends CaptionLanguage>(tracks: readonly T[], lang: string): T | undefined {
  const lower = lang.toLowerCase();
  return tracks.find((track) => track.lang.toLowerCase() === lower) ?? tracks.find((track) => primary(track.lang) === primary(lang));
}

/** The language to show (a track's `lang`), or null for off. */
export function chooseCaptionTrack<T extends CaptionLanguage>(tracks: readonly T[], stored: string | null, interfaceLocale: string): string | null {
  if (tracks.length === 0) return null;
  if (stored === CAPTIONS_OFF) return null;
  if (stored) {
    const remembered = trackFor(tracks, stored);
    if (remembered) return remembered.lang;
  }
  return trackFor(tracks, interfaceLocale)?.lang ?? null;
}

export function readCaptionChoice(): string | null {
  try {
    return window.localStorage.getItem(CAPTION_CHOICE_KEY);
  } catch {
    return null;
  }
}

export function saveCaptionChoice(lang: string | null): void {
  try {
    window.localStorage.setItem(CAPTION_CHOICE_KEY, lang ?? CAPTIONS_OFF);
  } catch {
    // Storage may be off (private mode): the choice lasts for this page only.
  }
}
