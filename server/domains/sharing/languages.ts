/**
 * The best of a video's caption tracks for a language a link asks for (`?captions=` on the
 * embed page), by BCP 47 tags: the same tag first, then the same language, script and region once
 * both are filled in with their likely subtags (`Intl.Locale#maximize`: `zh` → `zh-Hans-CN`,
 * `zh-TW` → `zh-Hant-TW`), then language and script, then the language alone. So `zh` and
 * `zh-CN` pick `zh-Hans` over `zh-Hant`, `zh-TW` and `zh-HK` pick `zh-Hant`, `en-GB` picks `en`.
 */

interface Subtags {
  language: string;
  script: string;
  region: string;
}

function subtagsOf(tag: string): Subtags | null {
  try {
    const locale = new Intl.Locale(tag).maximize();
    return { language: locale.language.toLowerCase(), script: (locale.script ?? '').toLowerCase(), region: (locale.region ?? '').toLowerCase() };
  } catch {
    return null;
  }
}

function score(wanted: string, wantedTags: Subtags | null, candidate: string): number {
  if (candidate.toLowerCase() === wanted.toLowerCase()) return 4;
  const tags = subtagsOf(candidate);
  if (!tags || !wantedTags || tags.language !== wantedTags.language) return 0;
  if (tags.script === wantedTags.script) return tags.region === wantedTags.region ? 3 : 2;
  return 1;
}

/** The index in `languages` of the best match for `wanted`, -1 when none shares its language. */
export function bestLanguageMatch(languages: readonly string[], wanted: string): number {
  if (!wanted) return -1;
  const wantedTags = subtagsOf(wanted);
  let best = -1;
  let bestScore = 0;
  languages.forEach((language, index) => {
    const value = score(wanted, wantedTags, language);
    if (value > bestScore) {
      best = index;
      bestScore = value;
    }
  });
  return best;
}
