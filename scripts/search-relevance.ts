/**
 * The relevance set of `npm run bench:search`: natural-language requests with judgements taken
 * from the catalogue generator's ground truth — the topic a video was written from, the
 * vocabulary tags it drew (e.g. the "cat" tag of "ginger kitten|cat,kitten,feline"), its length,
 * upload date and views — never from a search engine. The requests are worded by meaning
 * ("kitten videos" must find every cat video, including the "Tabby cat …" ones that never say
 * kitten; "automobiles" must find the cars topic).
 *
 * Grades: 1 = relevant; 2 = relevant and, for a request with an ordering ("most viewed …"),
 * among the 18 relevant videos that come first in that ordering. recall@18 is measured against
 * min(18, number of relevant videos), so every request can score 1.
 */
import { CATALOGUE_END_DATE, type CatalogueVideo } from '../server/domains/catalogue/dataset';

import { and, not, tagged, topics, type Predicate } from './search-predicates';

/** "Now" for the judgements and the engine: the newest catalogue upload date (deterministic). */
export const BENCH_NOW = new Date(CATALOGUE_END_DATE);

const DAY_MS = 24 * 3600 * 1000;
const YEAR_START = Date.UTC(BENCH_NOW.getUTCFullYear(), 0, 1);

export type JudgedOrder = 'views' | 'rating' | 'newest' | 'longest' | 'shortest';

export interface JudgedQuery {
  query: string;
  relevant: (video: CatalogueVideo) => boolean;
  order?: JudgedOrder;
}

// The judgements below read best with these names: topic(...slugs), all(...predicates).
const topic = topics;
const all = and;

const shorterThan = (seconds: number): Predicate => (video) => video.lengthSec < seconds;
const atMost = (seconds: number): Predicate => (video) => video.lengthSec <= seconds;
const atLeast = (seconds: number): Predicate => (video) => video.lengthSec >= seconds;
const addedWithinDays = (days: number): Predicate => (video) => video.addedAt >= BENCH_NOW.getTime() - days * DAY_MS;
const thisYear: Predicate = (video) => video.addedAt >= YEAR_START;
const inYear =
  (year: number): Predicate =>
  (video) =>
    video.addedAt >= Date.UTC(year, 0, 1) && video.addedAt < Date.UTC(year + 1, 0, 1);

const cats = all(topic('pets'), tagged('cat'));
const dogs = all(topic('pets'), tagged('dog'));

export const RELEVANCE_SET: JudgedQuery[] = [
  // Synonyms and paraphrases: the words of the request are not the words of the titles.
  { query: 'kitten videos', relevant: cats },
  { query: 'show me puppies please', relevant: dogs },
  { query: 'automobile videos', relevant: topic('cars') },
  { query: 'meals to cook at home', relevant: topic('cooking') },
  { query: 'learning to bake bread', relevant: all(topic('baking'), tagged('bread', 'sourdough', 'loaf')) },
  { query: 'soccer goals', relevant: topic('football') },
  { query: 'airplanes landing', relevant: topic('aviation') },
  { query: 'railway journeys', relevant: topic('trains') },
  { query: 'sea creatures', relevant: topic('ocean') },
  { query: 'underwater documentaries', relevant: topic('ocean') },
  { query: 'astronomy for beginners', relevant: topic('space') },
  { query: 'calming meditation', relevant: topic('yoga') },
  { query: 'funny sketches', relevant: topic('comedy') },
  { query: 'ancient civilisations', relevant: topic('history') },
  { query: 'learn a foreign language', relevant: topic('languages') },
  { query: 'handmade furniture', relevant: all(topic('diy'), tagged('furniture')) },
  { query: 'crafts for toddlers', relevant: topic('kids-crafts') },
  { query: 'tabletop games with friends', relevant: topic('board-games') },
  { query: 'chess strategy', relevant: all(topic('board-games'), tagged('chess', 'chess openings')) },
  { query: 'watching wild birds', relevant: topic('birds') },
  { query: 'birds of prey', relevant: all(topic('birds'), tagged('bird of prey', 'raptor', 'eagle', 'owl', 'falcon')) },
  { query: 'african safari animals', relevant: all(topic('wildlife'), tagged('safari', 'africa')) },
  { query: 'big cats in the wild', relevant: all(topic('wildlife'), tagged('big cat')) },
  { query: 'storms and tornadoes', relevant: all(topic('weather'), tagged('storm', 'thunderstorm', 'twister', 'tornado', 'supercell')) },
  { query: 'growing vegetables', relevant: all(topic('gardening'), tagged('vegetables')) },
  { query: 'looking after indoor plants', relevant: all(topic('gardening'), tagged('houseplants')) },
  { query: 'night sky timelapse', relevant: all(topic('timelapse'), tagged('night sky', 'stars', 'star trails', 'aurora')) },
  { query: 'photography tips for beginners', relevant: topic('photography') },
  { query: 'street style outfits', relevant: topic('fashion') },
  { query: 'skiing holidays', relevant: topic('winter-sports') },
  { query: 'learning to surf', relevant: topic('surfing') },
  { query: 'marathon running', relevant: topic('running') },
  { query: 'basketball dunks', relevant: all(topic('basketball'), tagged('dunk', 'dunking')) },
  { query: 'tennis lessons', relevant: topic('tennis') },
  { query: 'mountain biking', relevant: all(topic('cycling'), tagged('mtb', 'mountain biking')) },
  { query: 'video game walkthroughs', relevant: topic('gaming') },
  { query: 'watercolour painting', relevant: all(topic('art'), tagged('watercolor')) },
  { query: 'dancing tutorials', relevant: topic('dance') },
  { query: 'science experiments for kids', relevant: topic('science') },
  { query: 'physics explained simply', relevant: all(topic('science'), tagged('physics')) },
  { query: 'gothic cathedrals', relevant: all(topic('architecture'), tagged('cathedral', 'gothic', 'church')) },
  { query: 'a trip to japan', relevant: all(topic('travel'), tagged('japan')) },
  { query: 'cheap holidays', relevant: all(topic('travel'), tagged('budget travel', 'cheap')) },
  { query: 'camping in bad weather', relevant: all(topic('outdoors'), tagged('rain', 'storm', 'snow')) },
  { query: 'guitar music', relevant: all(topic('music'), tagged('guitar')) },
  { query: 'smooth jazz', relevant: all(topic('music'), tagged('jazz')) },
  { query: 'automobile restoration', relevant: all(topic('cars'), tagged('restore', 'rebuild')) },
  { query: 'trains in the snow', relevant: all(topic('trains'), tagged('snow', 'winter')) },
  { query: 'tech gadgets', relevant: topic('technology') },
  { query: 'kitten videos without dogs', relevant: all(cats, not(tagged('dog'))) },

  // Duration words.
  { query: 'short clips about automobiles', relevant: all(topic('cars'), shorterThan(5 * 60)) },
  { query: 'long yoga classes', relevant: all(topic('yoga'), atLeast(20 * 60)) },
  { query: 'quick workouts under 10 minutes', relevant: all(topic('fitness'), atMost(10 * 60)) },
  { query: 'in-depth history documentaries', relevant: all(topic('history'), atLeast(20 * 60)) },
  { query: 'hour-long relaxing music', relevant: all(topic('music'), atLeast(40 * 60)) },

  // Recency.
  { query: 'comedy from this month', relevant: all(topic('comedy'), addedWithinDays(31)) },
  { query: 'recent cat videos', relevant: all(cats, addedWithinDays(90)) },
  { query: 'new gadgets and electronics', relevant: all(topic('technology'), addedWithinDays(90)) },

  // Orderings (graded: the first 18 of the ordering count double).
  { query: 'most viewed dog videos from this year', relevant: all(dogs, thisYear), order: 'views' },
  { query: 'latest space videos', relevant: topic('space'), order: 'newest' },
  { query: 'top rated cooking videos', relevant: topic('cooking'), order: 'rating' },
  { query: 'most popular magic tricks', relevant: topic('magic'), order: 'views' },
  { query: 'longest hiking videos', relevant: topic('outdoors'), order: 'longest' },
  { query: 'shortest dance clips', relevant: topic('dance'), order: 'shortest' },
  { query: 'best wildlife documentaries', relevant: topic('wildlife'), order: 'rating' },
  { query: 'popular science videos from 2025', relevant: all(topic('science'), inYear(2025)), order: 'views' },
  {
    query: 'short funny cat videos from this year, most viewed first',
    relevant: all(cats, shorterThan(5 * 60), thisYear),
    order: 'views',
  },
];

const ORDER_KEYS: Record<JudgedOrder, (video: CatalogueVideo) => number> = {
  views: (video) => video.views,
  rating: (video) => video.rating * 1e9 + video.views,
  newest: (video) => video.addedAt,
  longest: (video) => video.lengthSec,
  shortest: (video) => -video.lengthSec,
};

export interface Judgement {
  query: string;
  /** Video id → grade (1 or 2). */
  grades: Map<string, number>;
  relevantCount: number;
}

export function judge(videos: readonly CatalogueVideo[], set: JudgedQuery[] = RELEVANCE_SET): Judgement[] {
  return set.map(({ query, relevant, order }) => {
    const matching = videos.filter(relevant);
    const grades = new Map(matching.map((video) => [video.id, 1]));
    if (order) {
      const key = ORDER_KEYS[order];
      [...matching]
        .sort((a, b) => key(b) - key(a))
        .slice(0, 18)
        .forEach((video) => grades.set(video.id, 2));
    }
    return { query, grades, relevantCount: matching.length };
  });
}

/** |relevant ∩ first k| / min(k, |relevant|). */
export function recallAt(k: number, ranked: readonly string[], judgement: Judgement): number {
  if (judgement.relevantCount === 0) return 1;
  const found = ranked.slice(0, k).filter((id) => judgement.grades.has(id)).length;
  return found / Math.min(k, judgement.relevantCount);
}

/** |relevant ∩ first k| / min(k, |relevant|): the share of the page that could be relevant and is. */
export function precisionAt(k: number, ranked: readonly string[], judgement: Judgement): number {
  const shown = ranked.slice(0, k);
  if (shown.length === 0) return judgement.relevantCount === 0 ? 1 : 0;
  return shown.filter((id) => judgement.grades.has(id)).length / Math.min(k, Math.max(1, judgement.relevantCount));
}

/** nDCG@k with gains 2^grade − 1 and log2 discounts. */
export function ndcgAt(k: number, ranked: readonly string[], judgement: Judgement): number {
  const gain = (grade: number) => 2 ** grade - 1;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, index) => {
    dcg += gain(judgement.grades.get(id) ?? 0) / Math.log2(index + 2);
  });
  const ideal = [...judgement.grades.values()].sort((a, b) => b - a).slice(0, k);
  let idcg = 0;
  ideal.forEach((grade, index) => {
    idcg += gain(grade) / Math.log2(index + 2);
  });
  return idcg === 0 ? 1 : dcg / idcg;
}
