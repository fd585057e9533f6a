/**
 * The embedded request parser of the AI search: turns "short funny cat videos from this year,
 * most viewed first" into what the results should be about (cat, funny), hard constraints
 * (length ≤ 5 min, added since 1 January) and an ordering (views). Rules only — no model — so it
 * is instant and predictable; the optional OpenAI-compatible parser (llm-parser.ts) produces the
 * same SearchIntent.
 *
 * Order of work: normalise the text; take out, span by span, duration phrases, date phrases,
 * ordering phrases and exclusions ("without spiders"); then drop filler ("show me", "videos",
 * "please") and function words. What is left are the subject words.
 */
import { applyChineseRules } from './intent-zh';
import { findSituations, FUTURE_VERB, withoutSpans, type SituationMatch } from './situations';
import { applySynonyms } from './synonyms';
import { CHATTER_WEIGHT, LONG_MIN_SEC, RECENT_DAYS, SHORT_MAX_SEC, type SearchIntent, type SearchOrder } from './intent-types';
import { foldPlural, STOP_WORDS, surfaceWords } from './text';
import { hasCjk, toSimplified, translateChattyText, translateText } from './zh';

export { CHATTER_WEIGHT, LONG_MIN_SEC, RECENT_DAYS, SEARCH_ORDERS, SHORT_MAX_SEC } from './intent-types';
export type { SearchIntent, SearchOrder } from './intent-types';

const DAY_MS = 24 * 3600 * 1000;
/** How much a soft situation's words count (situations.ts, Situation.soft). */
const SOFT_SITUATION_WEIGHT = 0.5;

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, fifty: 50, sixty: 60,
  ninety: 90, half: 0.5, 'half an': 0.5, 'half a': 0.5, couple: 2, 'a couple of': 2, few: 3, 'a few': 3,
};
const NUMBER = `(\\d+(?:\\.\\d+)?|a couple of|a few|half an?|forty-five|${Object.keys(NUMBER_WORDS)
  .filter((word) => !word.includes(' ') && word !== 'forty-five')
  .join('|')})`;
const UNIT = '(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)';

function numberOf(text: string): number {
  const word = text.trim();
  return NUMBER_WORDS[word] ?? Number(word);
}

function seconds(amount: number, unit: string): number {
  if (unit.startsWith('h')) return Math.round(amount * 3600);
  if (unit.startsWith('m')) return Math.round(amount * 60);
  return Math.round(amount);
}

/** Phrase rules: each removes what it matched from the text and records what it means. */
interface Rule {
  pattern: RegExp;
  apply: (intent: SearchIntent, match: RegExpExecArray, now: Date) => void;
}

const startOfYear = (year: number) => Date.UTC(year, 0, 1);

const DURATION_RULES: Rule[] = [
  {
    // between 5 and 10 minutes / from 2 to 5 min
    pattern: new RegExp(`\\b(?:between|from)\\s+${NUMBER}\\s*(?:${UNIT}\\s*)?(?:and|to|-)\\s*${NUMBER}\\s*${UNIT}\\b(?:\\s+long)?`, 'g'),
    apply: (intent, m) => {
      const unit = m[4] ?? 'm';
      intent.minLengthSec = seconds(numberOf(m[1] ?? '0'), m[2] ?? unit);
      intent.maxLengthSec = seconds(numberOf(m[3] ?? '0'), unit);
    },
  },
  {
    pattern: new RegExp(
      `(?:\\b(?:under|less than|shorter than|below|at most|up to|no more than|no longer than|not more than|max(?:imum)?(?: of)?|within|fewer than)\\s+|<\\s*)${NUMBER}[\\s-]*${UNIT}\\b(?:\\s+long)?`,
      'g',
    ),
    apply: (intent, m) => {
      intent.maxLengthSec = seconds(numberOf(m[1] ?? '0'), m[2] ?? 'm');
    },
  },
  {
    pattern: new RegExp(
      `(?:\\b(?:over|more than|longer than|above|at least|min(?:imum)?(?: of)?|upwards of)\\s+|>\\s*)${NUMBER}[\\s-]*${UNIT}\\b(?:\\s+long)?`,
      'g',
    ),
    apply: (intent, m) => {
      intent.minLengthSec = seconds(numberOf(m[1] ?? '0'), m[2] ?? 'm');
    },
  },
  {
    // "hour-long", "an hour long"
    pattern: /\b(?:an?\s+)?hour[\s-]long\b/g,
    apply: (intent) => {
      intent.minLengthSec = 40 * 60;
      intent.maxLengthSec = 90 * 60;
    },
  },
  {
    // "5 minute videos", "10-minute workout", "30 min yoga": about that long.
    pattern: new RegExp(`\\b${NUMBER}[\\s-]*(minutes?|mins?|hours?|hrs?)\\b(?:\\s+long|\\s+or so)?`, 'g'),
    apply: (intent, m) => {
      const target = seconds(numberOf(m[1] ?? '0'), m[2] ?? 'm');
      if (target <= 0) return;
      intent.minLengthSec = Math.round(target * 0.5);
      intent.maxLengthSec = Math.round(target * 1.5);
    },
  },
];

/** Orderings come before the duration words, so "shortest" is not read as "short". */
const ORDER_RULES: Array<{ pattern: RegExp; order: SearchOrder }> = [
  { pattern: /\b(?:(?:sorted|ordered|sort|order)\s+)?by\s+(?:views|popularity|view count)\b/g, order: 'views' },
  { pattern: /\b(?:(?:sorted|ordered|sort|order)\s+)?by\s+(?:rating|ratings|score)\b/g, order: 'rating' },
  { pattern: /\b(?:(?:sorted|ordered|sort|order)\s+)?by\s+(?:date|upload date)\b/g, order: 'newest' },
  { pattern: /\b(?:(?:sorted|ordered|sort|order)\s+)?by\s+(?:length|duration)\b/g, order: 'longest' },
  {
    pattern: /\b(?:most[\s-](?:viewed|watched|popular|seen|views)|top[\s-]viewed|highest views|popular|trending|viral|biggest hits?)\b(?:\s+first)?/g,
    order: 'views',
  },
  {
    pattern: /\b(?:top[\s-]rated|highest[\s-]rated|best[\s-]rated|highly[\s-]rated|well[\s-]rated|best[\s-]reviewed|best(?! of\b)(?![\s-]+(?:friend|mate|buddy|pal|way|part|bit)s?\b)|top(?![\s-]*\d)|greatest|acclaimed)\b(?:\s+first)?/g,
    order: 'rating',
  },
  { pattern: /\b(?:newest|latest|most recent|recent first|brand[\s-]new)\b(?:\s+first|\s+ones)?/g, order: 'newest' },
  { pattern: /\b(?:oldest|earliest)\b(?:\s+first|\s+ones)?/g, order: 'oldest' },
  { pattern: /\blongest\b(?:\s+first|\s+ones)?/g, order: 'longest' },
  { pattern: /\bshortest\b(?:\s+first|\s+ones)?/g, order: 'shortest' },
];

const LENGTH_WORD_RULES: Rule[] = [
  {
    pattern: /\b(?:short|shorter|quick|quickie|brief|bite[\s-]?sized|snappy|tiny clips?)\b/g,
    apply: (intent) => {
      intent.maxLengthSec ??= SHORT_MAX_SEC;
    },
  },
  {
    // Not "long weekend", "long distance", "long exposure" (subjects, not durations).
    pattern: /\b(?:long(?![\s-](?:weekend|distance|exposure|jump|haul|island|term)\b)|longer|lengthy|in[\s-]depth|full[\s-]length|feature[\s-]length)\b/g,
    apply: (intent) => {
      intent.minLengthSec ??= LONG_MIN_SEC;
    },
  },
];

const DATE_RULES: Rule[] = [
  {
    pattern: /\b(?:uploaded |posted |added |from )?today\b/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = now.getTime() - DAY_MS;
    },
  },
  {
    pattern: /\b(?:in |from |during )?(?:the )?(?:past|last|previous)\s+(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|few|couple of)\s+(day|week|month|year)s?\b/g,
    apply: (intent, m, now) => {
      const count = numberOf(m[1] ?? '1');
      const days = { day: 1, week: 7, month: 31, year: 365 }[m[2] as 'day' | 'week' | 'month' | 'year'];
      intent.addedAfter = now.getTime() - count * days * DAY_MS;
    },
  },
  {
    pattern: /\b(?:(?:from|in|during) )?(?:this|the past|past|last|previous) (week|month|year)\b/g,
    apply: (intent, m, now) => {
      const which = m[0].includes('this') ? 'this' : m[0].includes('past') ? 'past' : 'last';
      const unit = m[1] as 'week' | 'month' | 'year';
      const year = now.getUTCFullYear();
      if (unit === 'week') {
        intent.addedAfter = now.getTime() - (which === 'last' ? 14 : 7) * DAY_MS;
      } else if (unit === 'month') {
        if (which === 'last') {
          // The previous calendar month.
          intent.addedAfter = Date.UTC(year, now.getUTCMonth() - 1, 1);
          intent.addedBefore = Date.UTC(year, now.getUTCMonth(), 1);
        } else {
          intent.addedAfter = now.getTime() - 31 * DAY_MS;
        }
      } else if (which === 'this') {
        intent.addedAfter = startOfYear(year);
      } else if (which === 'past') {
        intent.addedAfter = now.getTime() - 365 * DAY_MS;
      } else {
        intent.addedAfter = startOfYear(year - 1);
        intent.addedBefore = startOfYear(year);
      }
    },
  },
  {
    pattern: /\b(?:(since|after|before|from|in|during|of|uploaded in|posted in)\s+)?((?:19|20)\d{2})\b(?:\s+(?:onwards|or later|and later))?/g,
    apply: (intent, m) => {
      const year = Number(m[2]);
      const word = m[1] ?? '';
      if (word === 'since' || word === 'after' || /onwards|later/.test(m[0])) {
        intent.addedAfter = startOfYear(word === 'after' ? year + 1 : year);
      } else if (word === 'before') {
        intent.addedBefore = startOfYear(year);
      } else {
        intent.addedAfter = startOfYear(year);
        intent.addedBefore = startOfYear(year + 1);
      }
    },
  },
  {
    // "new" but not "New York", "new images"-style subjects are rare enough; "new" as in recent.
    pattern: /\b(?:recent|recently|fresh|just (?:uploaded|posted|added)|newly (?:uploaded|posted|added)|new(?![\s-](?:york|zealand|jersey|mexico|delhi|orleans|england|year|tricks?|images?)\b))\b/g,
    apply: (intent, _m, now) => {
      intent.addedAfter ??= now.getTime() - RECENT_DAYS * DAY_MS;
    },
  },
];

/**
 * Exclusion cues. "no"/"not" alone only count where a clause starts ("cats, not kittens",
 * "no spiders please"): inside chatter they are negated verbs ("does not take forever"), and
 * before a quantity or degree they say how much, not what to leave out ("not much money saved").
 */
const EXCLUDE_CUE =
  "\\b(?:without|except(?: for)?|excluding|exclude|but not|but no|but nothing with|minus|avoid(?:ing)?|skip(?:ping)?(?: the| any)?|other than|apart from|instead of|anything but|" +
  "anything except|nothing (?:with|about|involving)|no more|please no|not interested in|leave out|(?:i )?(?:don'?t|do not|dont) (?:want|like|need)(?: to see| any| anything with)?|" +
  "not (?:in|about|from|with|involving))|(?:^|[,;.!?]|\\band|\\bplease|\\bbut)\\s*(?:no|not)(?!\\s+(?:much|many|enough|a lot|lots|too|very|so|that|quite|really|sure|yet|long|far|even|only|just)\\b)";
const EXCLUDE_PATTERN = new RegExp(
  `(${EXCLUDE_CUE})\\s+(?:any\\s+|the\\s+|a\\s+|an\\s+|more\\s+)?(?:(?:videos?|clips?|stuff|content|films?)\\s+(?:with|of|about|featuring|on)\\s+(?:any\\s+|the\\s+)?)?([a-z0-9]+)(?:\\s+([a-z0-9]+))?`,
  'g',
);
/** Words after an excluded word that are not part of it ("no spicy food", "without cats videos"). */
const GENERIC_AFTER = new Set('food foods videos video clips clip stuff things ones content please thanks pics films though tho either anymore'.split(' '));

/** Request wording that says nothing about the subject. */
const FILLER_PHRASES = [
  /\b(?:can|could|would|will) you\b/g,
  /\b(?:show|give|find|get|fetch|bring|recommend|suggest) me\b/g,
  /\b(?:i(?:'d| would)? (?:like|love|want|need|wanna)|i am looking for|i'm looking for|looking for|searching for|search for|in the mood for)\b(?: to (?:watch|see|find))?/g,
  /\b(?:related to|on the topic of|having to do with|that (?:are|is|were)|which (?:are|is)|ones?)\b/g,
  /\b(?:uploaded|posted|published|added)\b/g,
  /\bfirst\b(?=\s*$)/g,
];
const FILLER_WORDS = new Set(
  (
    'show find search look looking watch watching see seeing view viewing recommend recommendation recommendations suggest ' +
    'please pls plz thanks thank video videos vid vids clip clips film films movie movies footage content stuff something ' +
    'anything some any about regarding me want wanna like love need get give lots lot bunch few several kind kinds sort type ' +
    'types good nice great cool awesome really also maybe perhaps hey hi hello okay ok yes online youtube ' +
    // first-person chatter, hedges and politeness
    'so honestly actually basically literally bit wondering wonder wondered thanks cheers super pretty quite just gonna got ' +
    'getting even whats should might tonight bored boring nothing serious anything someone anyone experience first ever ' +
    'never tried try trying says said say tell told friend friends buddy mate idea ideas suggestion suggestions next where ' +
    'start starting keep keeps asking asked ask cheer up wants wanted hoping hope guess think thought guys folks lately ' +
    'currently everyone somebody stuff things thing totally definitely absolutely im ive id ill youre dont cant whats thats lets ' +
    'could would no not weve theyve youve shes hes theres theyre wont didnt doesnt isnt arent wasnt werent havent hasnt ' +
    'couldnt wouldnt shouldnt'
  ).split(' '),
);

/** Words that may be the subject but are more often chatter: they count CHATTER_WEIGHT. */
const SOFT_WORDS = new Set(
  (
    'love fun kids kid family weekend relax evening lunch break together son daughter wife husband mom dad ' +
    // formats: they narrow a subject, they are not one ("yoga for beginners", "汽车 tutorial")
    'tutorial tutorials beginner beginners guide guides tips tricks lesson lessons explained learn learning how basics intro introduction'
  ).split(' '),
);

/**
 * Words that tell the story around a conversational request rather than its subject: people,
 * time, and the verbs and hedges of a story ("my girlfriend's family", "next week", "thinking
 * about", "has no clue"). In a conversational request that no situation explains they count
 * CHATTER_WEIGHT; the engine down-weights the rest by how scattered the videos using them are.
 */
const NARRATIVE_WORDS = new Set(
  (
    // people
    'my our your his her their me we us he she they i mum mom mummy mother dad daddy father parents parent wife husband partner ' +
    'grandma grandmother grandmothers granny gran nan nana grandad granddad grandpa grandfather grandfathers grandparents ' +
    'girlfriend girlfriends boyfriend boyfriends fiance fiancee son sons daughter daughters kid kids child children teenage teenager ' +
    'teenagers toddler baby brother brothers sister sisters sibling uncle uncles aunt aunts auntie nephew nephews niece nieces cousin ' +
    'cousins grandson granddaughter neighbour neighbours neighbor neighbors flatmate flatmates roommate roommates housemate colleague ' +
    'colleagues coworker coworkers boss friend friends mate mates inlaws in-laws law laws family families guy guys people someone ' +
    'everybody everyone nobody myself yourself himself herself ourselves themselves ' +
    // time
    'today tomorrow yesterday tonight week weeks weekend month months year years day days morning evening afternoon ago soon ' +
    'lately recently later next last every always sometimes often usually once twice again finally already still yet ever ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september ' +
    'october november december ' +
    // story verbs, hedges and reactions
    'thinking think thought wondering wonder know knows knew understand understood figure clue idea ideas able unable ' +
    'doing done did does make makes made making take takes took taking go goes going went gone come comes coming came get gets ' +
    'getting got put keep keeps kept let lets seem seems seemed feel feels felt told tell tells say says said ask asks asked ' +
    'asking help helps helping bought buy found find inherited gave given give sent booked planning plan plans trying tried try ' +
    'spend spends spent stuck lost miss missed wish hoping hope worried nervous excited scared afraid sick tired bored ' +
    'visit visits visited visiting staying stay stays moved moving ' +
    // the grammar of a story: quantities, numbers, and verbs that only carry it along
    'all am is are was were be been gets out along see sees saw seen turns within possibly here there almost wants needs ' +
    'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred ' +
    'happy sad annoying annoyed honestly really actually totally completely literally basically absolutely whole single ' +
    'lot lots bit little much many loads tons stuff thing things something anything everything nothing way time times ' +
    'work job home house place ' +
    'around until apparently happen happens happened start starts started end ends ended pick picks picked reach due read'
  ).split(' '),
);

/** A story word, or one with a possessive or plural s ("my dad's old camera" → dads). */
function isNarrative(word: string): boolean {
  return NARRATIVE_WORDS.has(word) || NARRATIVE_WORDS.has(foldPlural(word));
}

/** "… videos about X", "something with X", "asking me about X": what follows is the subject. */
const FOCUS = /\b(?:about|regarding|featuring|(?:videos?|clips?|something|stuff|content|anything|films?|footage)\s+(?:on|of|with|for))\b/g;

/** Where a trip goes: the word after "going to", "leave for", "trip to"… ("the" skipped), not a verb ("going to block"). */
const DESTINATION = new RegExp(
  `\\b(?:going|heading|flying|travell?ing|moving|off|leave|leaving|trip|holiday|holidays|visit(?:ing)?)\\s+(?:to|for|in)?\\s*(?:the\\s+)?(?!${FUTURE_VERB}\\b)([a-z]{3,})\\b`,
);

const FIRST_PERSON = /\b(?:i|i'm|im|i've|ive|i'd|i'll|my|me|mine|myself|we|we're|we've|we'd|our|ours|us)\b/;

/** The request talks about what is watched (videos, clips…), in English or Chinese. */
const WATCHED = /\b(?:videos?|vids?|clips?|films?|footage|uploads?|uploaded|posted|vlogs?)\b|视频|影片|片子|短片|节目|上传/;

/** Length and recency words with no watched thing after them (see parseIntent). */
const STORY_LENGTH_WORDS =
  /\b(?:long|longer|short|shorter|quick|brief|new|fresh|recent|recently)\b(?!\s+(?:[\w'-]+\s+){0,3}(?:videos?|clips?|films?|ones|workouts?|sessions?|routines?|tutorials?|lessons?|uploads?|classes|class|practices?|recipes?)\b)/g;

/** "my son's under 12s", "the over 50s": in a story, age groups, not lengths in seconds. */
const STORY_AGE_GROUPS = /\b(under|over)\s+(\d{1,2})s\b/g;

/**
 * Situations are read in requests that talk (at least 7 words, or 9 Chinese characters): a
 * short request names its subject ("星空延时摄影" is a timelapse, not an astronomy question).
 */
function isConversational(text: string, chinese: boolean): boolean {
  if (chinese) return (text.match(/[\u3400-\u9fff]/g) ?? []).length >= 9 || surfaceWords(text).length >= 7;
  return surfaceWords(text).length >= 7;
}

export function emptyIntent(parser: SearchIntent['parser'] = 'embedded'): SearchIntent {
  return { terms: [], exclude: [], order: 'relevance', parser };
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

function applyRules(text: string, rules: Rule[], intent: SearchIntent, now: Date): string {
  let rest = text;
  for (const rule of rules) {
    rest = rest.replace(rule.pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      rule.apply(intent, match, now);
      return ' ';
    });
  }
  return rest;
}

/** Parses a natural-language request (English, Chinese or both). `now` anchors "this year", "recent"… */
export function parseIntent(request: string, now: Date = new Date()): SearchIntent {
  const intent = emptyIntent();
  let text = ` ${normalise(request)} `;
  let situations: SituationMatch[];
  let destination: string | undefined;
  let conversationalEn = false;
  if (hasCjk(text)) {
    intent.language = /[a-z]{2,}/.test(text.replace(/[\u3400-\u9fff]/g, ' ')) ? 'mixed' : 'zh';
    // Exclusions first (不要马拉松 is not a marathon request), then situations in what is left.
    text = applyChineseRules(toSimplified(text), intent, now);
    const conversational = isConversational(text, true);
    if (conversational && ((text.match(/[\u3400-\u9fff]/g) ?? []).length >= 9 || /我|咱/.test(text))) intent.conversational = true;
    const found = conversational ? findSituations(text, true) : { spans: [], found: [] };
    situations = found.found;
    text = withoutSpans(text, found.spans);
    // In a conversational request dictionary words give one gloss each, and beside a situation
    // only the curated domain words count (the rest is chatter).
    const specific = situations.some((situation) => !situation.fallback && !situation.soft);
    text = ` ${conversational ? translateChattyText(text, specific) : translateText(text)} `;
  } else {
    intent.language = 'en';
    // Situations are read where no exclusion is ("running, no marathons" is not marathon training).
    const conversational = isConversational(text, false);
    conversationalEn = conversational;
    // A story: a conversational request in the first person ("my flatmate only eats plants").
    if (conversational && FIRST_PERSON.test(text)) intent.conversational = true;
    const found = conversational ? findSituations(text.replace(EXCLUDE_PATTERN, ' '), false) : { spans: [], found: [] };
    if (conversational) destination = DESTINATION.exec(text)?.[1];
    situations = found.found;
    text = withoutSpans(text, found.spans);
  }

  if (conversationalEn) {
    // In a story, "a long drive", "something new to play", "a quick question" are not length or
    // date constraints: those count only next to what is watched ("a short workout video").
    text = text.replace(STORY_LENGTH_WORDS, ' ');
    text = text.replace(STORY_AGE_GROUPS, '$1-$2s');
  }
  for (const { pattern, order } of ORDER_RULES) {
    text = text.replace(pattern, () => {
      if (intent.order === 'relevance') intent.order = order;
      return ' ';
    });
  }
  text = applyRules(text, DURATION_RULES, intent, now);
  text = applyRules(text, DATE_RULES, intent, now);
  text = applyRules(text, LENGTH_WORD_RULES, intent, now);
  const excluded: Array<{ word: string; synonym: string | undefined }> = [];
  text = text.replace(EXCLUDE_PATTERN, (whole: string, cue: string, word: string, second: string | undefined) => {
    // The cue's leading punctuation stays (it separates clauses).
    const lead = /^[,;.!?]/.test(cue) ? cue[0] : ' ';
    if (STOP_WORDS.has(word) || FILLER_WORDS.has(word)) return `${lead} ${second ?? ''} `;
    // A second word belongs to the excluded thing unless it is a request word ("mountain bikes",
    // not "spicy food", "cats please" or "bears in africa").
    const keepSecond = second !== undefined && !STOP_WORDS.has(second) && !FILLER_WORDS.has(second) && !GENERIC_AFTER.has(second);
    const phrase = keepSecond ? `${word} ${second}` : word;
    const mapped = surfaceWords(applySynonyms(` ${phrase} `));
    excluded.push({ word: phrase, synonym: mapped.length === 1 && mapped[0] !== phrase ? mapped[0] : undefined });
    return keepSecond || second === undefined ? `${lead} ` : `${lead} ${second} `;
  });
  text = applySynonyms(text);
  // The last focus phrase splits chatter (before) from the subject (after), when a subject follows.
  let focusAt = -1;
  for (const match of text.matchAll(FOCUS)) focusAt = (match.index ?? 0) + match[0].length;
  for (const filler of FILLER_PHRASES) text = text.replace(filler, (whole) => ' '.repeat(whole.length));

  const subjectWords = (part: string) =>
    surfaceWords(part).filter((word) => !STOP_WORDS.has(word) && !FILLER_WORDS.has(word));
  const after = focusAt >= 0 ? subjectWords(text.slice(focusAt)) : [];
  const before = focusAt >= 0 && after.length > 0 ? subjectWords(text.slice(0, focusAt)) : subjectWords(text);
  const weights: number[] = [];
  const seen = new Set<string>();
  const add = (word: string, weight: number) => {
    if (seen.has(word)) return;
    seen.add(word);
    intent.terms.push(word);
    weights.push(SOFT_WORDS.has(word) ? Math.min(weight, CHATTER_WEIGHT) : weight);
  };
  // A situation ("tiny kitchen, no time") says what the request is about: its catalogue words
  // lead, and the rest of the request is chatter around it — unless the request names its
  // subject itself ("… videos about X"), which then wins.
  const situationWeight = after.length > 0 ? CHATTER_WEIGHT : 1;
  // Readings (the curated table) stand for the request; hints (the everyday table) add beside it.
  const readings = situations.filter((situation) => !situation.soft);
  const hints = situations.filter((situation) => situation.soft);
  const restWeight = readings.some((situation) => !situation.fallback) && after.length === 0 ? CHATTER_WEIGHT : 1;
  for (const situation of readings) for (const word of situation.terms) add(word, situationWeight);
  // A destination ("going to japan", "leave for spain") is part of the need, not chatter.
  if (destination && !STOP_WORDS.has(destination) && !FILLER_WORDS.has(destination)) add(destination, 1);
  for (const word of after) add(word, 1);
  // A conversational request that no situation explains: its story words are chatter.
  const storyWeight = (word: string, weight: number) =>
    intent.conversational && readings.length === 0 && isNarrative(word) ? Math.min(weight, CHATTER_WEIGHT) : weight;
  for (const word of before) add(word, storyWeight(word, after.length > 0 ? CHATTER_WEIGHT : restWeight));
  // A hint's words come after the request's own, and count less than them.
  for (const hint of hints) for (const word of hint.terms) add(word, Math.min(situationWeight, SOFT_SITUATION_WEIGHT));
  if (situations.length > 0) intent.situations = situations;
  // Exclusions: the word as written, or its curated synonym ("no doggos" → dog) unless that is
  // what the request is about ("architecture, no skyscrapers" must not exclude architecture).
  for (const { word, synonym } of excluded) {
    const target = synonym !== undefined && !seen.has(synonym) ? synonym : word;
    if (!intent.exclude.includes(target)) intent.exclude.push(target);
  }
  if (weights.some((weight) => weight !== 1)) {
    // Written order, as before (the engine pairs consecutive words).
    const order = intent.terms.map((term, i) => ({ term, weight: weights[i] as number, at: text.indexOf(term) }));
    order.sort((a, b) => a.at - b.at);
    intent.terms = order.map((entry) => entry.term);
    intent.weights = order.map((entry) => entry.weight);
  }
  if (intent.conversational && !WATCHED.test(normalise(request))) {
    // A story's "this year", "last week", 今年 say when things happen to the asker, not when
    // the videos were added: a date counts only when the request talks about videos.
    delete intent.addedAfter;
    delete intent.addedBefore;
  }
  if (intent.minLengthSec !== undefined && intent.maxLengthSec !== undefined && intent.minLengthSec > intent.maxLengthSec) {
    // "long … under 10 minutes": the explicit bound wins over the word.
    delete intent.minLengthSec;
  }
  return intent;
}

/** A one-line summary for logs and the response ("cat funny | ≤300s | since 2026-01-01 | views"). */
export function describeIntent(intent: SearchIntent): Record<string, unknown> {
  const day = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().slice(0, 10));
  return {
    terms: intent.terms,
    ...(intent.exclude.length > 0 ? { exclude: intent.exclude } : {}),
    ...(intent.minLengthSec !== undefined ? { min_length_sec: intent.minLengthSec } : {}),
    ...(intent.maxLengthSec !== undefined ? { max_length_sec: intent.maxLengthSec } : {}),
    ...(intent.addedAfter !== undefined ? { added_after: day(intent.addedAfter) } : {}),
    ...(intent.addedBefore !== undefined ? { added_before: day(intent.addedBefore) } : {}),
    order: intent.order,
    parser: intent.parser,
    ...(intent.language ? { language: intent.language } : {}),
    ...(intent.corrections && intent.corrections.length > 0 ? { corrections: intent.corrections } : {}),
    ...(intent.situations && intent.situations.length > 0 ? { situations: intent.situations } : {}),
  };
}

/**
 * Parts of an understood request a visitor can take out (the SPA's chips): `term:WORD`,
 * `exclude:WORD`, `length`, `date`, `order`.
 */
export const REMOVABLE_PATTERN = '^(?:term:.+|exclude:.+|length|date|order)$';

/** The intent without the removed parts. */
export function removeFromIntent(intent: SearchIntent, remove: readonly string[]): SearchIntent {
  if (remove.length === 0) return intent;
  const drop = new Set(remove);
  const result: SearchIntent = { ...intent, exclude: intent.exclude.filter((word) => !drop.has(`exclude:${word}`)) };
  const kept = intent.terms.map((term, i) => ({ term, weight: intent.weights?.[i] ?? 1 })).filter(({ term }) => !drop.has(`term:${term}`));
  result.terms = kept.map((entry) => entry.term);
  if (intent.weights) result.weights = kept.map((entry) => entry.weight);
  if (drop.has('length')) {
    delete result.minLengthSec;
    delete result.maxLengthSec;
  }
  if (drop.has('date')) {
    delete result.addedAfter;
    delete result.addedBefore;
  }
  if (drop.has('order')) result.order = 'relevance';
  return result;
}
