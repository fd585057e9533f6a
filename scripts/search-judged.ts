/**
 * The judged request set of `npm run bench:search`: requests of every kind — topic,
 * paraphrase/slang, multi-concept, constraints (length, recency, ordering), negation, typos,
 * chatty/first-person, Chinese (simplified, traditional, mixed with English) — generated from
 * fixed templates over a table of concepts, with judgements derived by rules from catalogue
 * fields only (topic slug, keyword tags, length, upload date, views, rating), never from a
 * search engine. The templates and the concept table were written before the engine was run on
 * them.
 *
 * Split: every request goes to `tune` or `holdout` by a hash of its text (deterministic). Only
 * the tune half is looked at while changing the engine; the holdout half is reported.
 */
import { CATALOGUE_END_DATE, type CatalogueVideo } from '../server/catalogue/dataset';

import type { JudgedOrder, JudgedQuery } from './search-relevance';

export const JUDGED_NOW = new Date(CATALOGUE_END_DATE);
const DAY_MS = 24 * 3600 * 1000;
const YEAR_START = Date.UTC(JUDGED_NOW.getUTCFullYear(), 0, 1);

export const KINDS = [
  'topic',
  'paraphrase',
  'multi',
  'constraint',
  'negation',
  'typo',
  'chatty',
  'zh',
  'zh-trad',
  'zh-mixed',
] as const;
export type Kind = (typeof KINDS)[number];

export interface JudgedRequest extends JudgedQuery {
  kind: Kind;
  split: 'tune' | 'holdout';
}

type Predicate = (video: CatalogueVideo) => boolean;
const topic = (slug: string): Predicate => (video) => video.topic === slug;
const tagged =
  (...tags: string[]): Predicate =>
  (video) =>
    tags.some((tag) => video.keywords.includes(tag));
const and =
  (...predicates: Predicate[]): Predicate =>
  (video) =>
    predicates.every((predicate) => predicate(video));
const not =
  (predicate: Predicate): Predicate =>
  (video) =>
    !predicate(video);

interface Concept {
  /** The plain English name. */
  en: string;
  /** Paraphrases and slang for the same subject. */
  para: string[];
  /** Chinese, simplified: one or more ways to say it. */
  zh: string[];
  /** Chinese, traditional (same order as zh). */
  tw: string[];
  relevant: Predicate;
}

const CONCEPTS: Concept[] = [
  { en: 'cats', para: ['kitties', 'kitty cats', 'felines'], zh: ['猫', '猫咪'], tw: ['貓', '貓咪'], relevant: and(topic('pets'), tagged('cat')) },
  { en: 'dogs', para: ['doggos', 'puppers', 'pooches'], zh: ['狗', '狗狗'], tw: ['狗', '狗狗'], relevant: and(topic('pets'), tagged('dog')) },
  { en: 'cooking', para: ['recipes for dinner', 'home cooking', 'making meals'], zh: ['做饭', '烹饪'], tw: ['做飯', '烹飪'], relevant: topic('cooking') },
  { en: 'baking', para: ['cakes and pastries', 'desserts to bake'], zh: ['烘焙', '做蛋糕'], tw: ['烘焙', '做蛋糕'], relevant: topic('baking') },
  { en: 'travel', para: ['vacations', 'trips abroad', 'tourism'], zh: ['旅行', '旅游'], tw: ['旅行', '旅遊'], relevant: topic('travel') },
  { en: 'hiking', para: ['camping trips', 'backpacking', 'trekking'], zh: ['徒步', '露营'], tw: ['徒步', '露營'], relevant: topic('outdoors') },
  { en: 'space', para: ['astronomy', 'the cosmos', 'outer space'], zh: ['太空', '天文'], tw: ['太空', '天文'], relevant: topic('space') },
  { en: 'cars', para: ['automobiles', 'autos', 'motors'], zh: ['汽车', '车'], tw: ['汽車', '車'], relevant: topic('cars') },
  { en: 'trains', para: ['railways', 'locomotives', 'choo choo trains'], zh: ['火车', '铁路'], tw: ['火車', '鐵路'], relevant: topic('trains') },
  { en: 'airplanes', para: ['aircraft', 'planes', 'aviation'], zh: ['飞机', '航空'], tw: ['飛機', '航空'], relevant: topic('aviation') },
  { en: 'soccer', para: ['footy', 'football matches', 'the beautiful game'], zh: ['足球'], tw: ['足球'], relevant: topic('football') },
  { en: 'basketball', para: ['hoops', 'b-ball', 'nba'], zh: ['篮球'], tw: ['籃球'], relevant: topic('basketball') },
  { en: 'tennis', para: ['racket sports', 'grand slam tennis'], zh: ['网球'], tw: ['網球'], relevant: topic('tennis') },
  { en: 'cycling', para: ['biking', 'bike rides', 'bicycles'], zh: ['骑行', '自行车'], tw: ['騎行', '自行車'], relevant: topic('cycling') },
  { en: 'skiing', para: ['hitting the slopes', 'winter sports', 'snowboarding'], zh: ['滑雪'], tw: ['滑雪'], relevant: topic('winter-sports') },
  { en: 'surfing', para: ['catching waves', 'water sports'], zh: ['冲浪'], tw: ['衝浪'], relevant: topic('surfing') },
  { en: 'running', para: ['jogging', 'athletics', 'marathons'], zh: ['跑步'], tw: ['跑步'], relevant: topic('running') },
  { en: 'workouts', para: ['exercise', 'working out', 'gym sessions'], zh: ['健身', '锻炼'], tw: ['健身', '鍛鍊'], relevant: topic('fitness') },
  { en: 'yoga', para: ['meditation', 'mindfulness', 'stretching and breathing'], zh: ['瑜伽', '冥想'], tw: ['瑜伽', '冥想'], relevant: topic('yoga') },
  { en: 'music', para: ['tunes', 'musicians playing', 'songs'], zh: ['音乐'], tw: ['音樂'], relevant: topic('music') },
  { en: 'dancing', para: ['dance moves', 'choreography', 'busting moves'], zh: ['跳舞', '舞蹈'], tw: ['跳舞', '舞蹈'], relevant: topic('dance') },
  { en: 'drawing', para: ['painting and drawing', 'sketching', 'art tutorials'], zh: ['画画', '绘画'], tw: ['畫畫', '繪畫'], relevant: topic('art') },
  { en: 'comedy', para: ['funny skits', 'sketch comedy', 'humour'], zh: ['喜剧', '搞笑'], tw: ['喜劇', '搞笑'], relevant: topic('comedy') },
  { en: 'history', para: ['historical documentaries', 'the ancient world', 'the past'], zh: ['历史'], tw: ['歷史'], relevant: topic('history') },
  { en: 'fashion', para: ['outfits', 'clothing style', 'what to wear'], zh: ['时尚', '穿搭'], tw: ['時尚', '穿搭'], relevant: topic('fashion') },
  { en: 'photography', para: ['taking photos', 'camera skills', 'photographers'], zh: ['摄影', '拍照'], tw: ['攝影', '拍照'], relevant: topic('photography') },
  { en: 'gardening', para: ['growing plants', 'green thumb', 'horticulture'], zh: ['园艺', '种花'], tw: ['園藝', '種花'], relevant: topic('gardening') },
  { en: 'weather', para: ['meteorology', 'wild weather', 'forecasts'], zh: ['天气', '气象'], tw: ['天氣', '氣象'], relevant: topic('weather') },
  { en: 'birds', para: ['birdwatching', 'birding', 'feathered friends'], zh: ['鸟', '观鸟'], tw: ['鳥', '觀鳥'], relevant: topic('birds') },
  { en: 'ocean life', para: ['sea creatures', 'marine life', 'underwater world'], zh: ['海洋', '海洋生物'], tw: ['海洋', '海洋生物'], relevant: topic('ocean') },
  { en: 'wild animals', para: ['wildlife', 'animals in the wild'], zh: ['野生动物'], tw: ['野生動物'], relevant: topic('wildlife') },
  { en: 'science', para: ['science experiments', 'stem'], zh: ['科学', '科学实验'], tw: ['科學', '科學實驗'], relevant: topic('science') },
  { en: 'gadgets', para: ['tech', 'electronics', 'technology'], zh: ['科技', '电子产品'], tw: ['科技', '電子產品'], relevant: topic('technology') },
  { en: 'video games', para: ['gaming', 'gameplay', 'gamers'], zh: ['游戏', '电子游戏'], tw: ['遊戲', '電子遊戲'], relevant: topic('gaming') },
  { en: 'magic tricks', para: ['illusions', 'sleight of hand', 'magicians'], zh: ['魔术'], tw: ['魔術'], relevant: topic('magic') },
  { en: 'board games', para: ['tabletop games', 'game night'], zh: ['桌游', '棋盘游戏'], tw: ['桌遊', '棋盤遊戲'], relevant: topic('board-games') },
  { en: 'woodworking', para: ['diy projects', 'home improvement', 'making furniture'], zh: ['木工', 'DIY'], tw: ['木工', 'DIY'], relevant: topic('diy') },
  { en: 'crafts for kids', para: ['kids activities', "children's crafts"], zh: ['儿童手工', '亲子手工'], tw: ['兒童手工', '親子手工'], relevant: topic('kids-crafts') },
  { en: 'language learning', para: ['learning a language', 'foreign languages'], zh: ['学外语', '语言学习'], tw: ['學外語', '語言學習'], relevant: topic('languages') },
  { en: 'architecture', para: ['buildings', 'famous buildings'], zh: ['建筑'], tw: ['建築'], relevant: topic('architecture') },
  { en: 'timelapse', para: ['time-lapse', 'nature timelapses'], zh: ['延时摄影'], tw: ['延時攝影'], relevant: topic('timelapse') },
];

/** Two concepts at once (a subject narrowed by a second one). */
const MULTI: Array<{ en: string[]; zh: string; tw: string; relevant: Predicate }> = [
  { en: ['funny cats', 'cats being funny'], zh: '搞笑的猫', tw: '搞笑的貓', relevant: and(topic('pets'), tagged('cat'), tagged('funny')) },
  { en: ['dog training', 'training a puppy'], zh: '训练狗', tw: '訓練狗', relevant: and(topic('pets'), tagged('dog'), tagged('training', 'dog training')) },
  { en: ['puppies swimming'], zh: '小狗游泳', tw: '小狗游泳', relevant: and(topic('pets'), tagged('dog'), tagged('swimming')) },
  { en: ['japan travel', 'travelling in japan'], zh: '日本旅行', tw: '日本旅行', relevant: and(topic('travel'), tagged('japan')) },
  { en: ['italian cooking', 'italian food recipes'], zh: '意大利菜', tw: '義大利菜', relevant: and(topic('cooking'), tagged('italian', 'italy', 'pasta')) },
  { en: ['sourdough bread', 'baking bread'], zh: '烤面包', tw: '烤麵包', relevant: and(topic('baking'), tagged('bread', 'sourdough', 'loaf')) },
  { en: ['night sky timelapse', 'stars at night timelapse'], zh: '星空延时摄影', tw: '星空延時攝影', relevant: and(topic('timelapse'), tagged('night sky', 'stars', 'star trails')) },
  { en: ['tornadoes and storms', 'storm chasing'], zh: '风暴和龙卷风', tw: '風暴和龍捲風', relevant: and(topic('weather'), tagged('storm', 'tornado', 'thunderstorm', 'twister', 'storm chasing', 'supercell')) },
  { en: ['guitar music', 'playing guitar'], zh: '吉他音乐', tw: '吉他音樂', relevant: and(topic('music'), tagged('guitar')) },
  { en: ['jazz music'], zh: '爵士乐', tw: '爵士樂', relevant: and(topic('music'), tagged('jazz')) },
  { en: ['chess games', 'chess strategy'], zh: '国际象棋', tw: '西洋棋', relevant: and(topic('board-games'), tagged('chess', 'chess openings')) },
  { en: ['mountain biking'], zh: '山地自行车', tw: '山地自行車', relevant: and(topic('cycling'), tagged('mtb', 'mountain biking')) },
  { en: ['basketball dunks'], zh: '篮球扣篮', tw: '籃球灌籃', relevant: and(topic('basketball'), tagged('dunk', 'dunking')) },
  { en: ['watercolor painting'], zh: '水彩画', tw: '水彩畫', relevant: and(topic('art'), tagged('watercolor')) },
  { en: ['growing vegetables', 'vegetable garden'], zh: '种蔬菜', tw: '種蔬菜', relevant: and(topic('gardening'), tagged('vegetables')) },
  { en: ['big cats in the wild', 'lions and cheetahs'], zh: '野生大型猫科动物', tw: '野生大型貓科動物', relevant: and(topic('wildlife'), tagged('big cat')) },
  { en: ['physics experiments'], zh: '物理实验', tw: '物理實驗', relevant: and(topic('science'), tagged('physics')) },
  { en: ['sharks in the ocean'], zh: '鲨鱼', tw: '鯊魚', relevant: and(topic('ocean'), tagged('shark')) },
  { en: ['steam trains', 'old steam locomotives'], zh: '蒸汽火车', tw: '蒸汽火車', relevant: and(topic('trains'), tagged('steam', 'steam train')) },
  { en: ['electric cars', 'EV reviews'], zh: '电动汽车', tw: '電動汽車', relevant: and(topic('cars'), tagged('ev', 'electric car')) },
  { en: ['card tricks'], zh: '纸牌魔术', tw: '紙牌魔術', relevant: and(topic('magic'), tagged('card tricks', 'cards', 'playing cards')) },
  { en: ['indoor houseplants', 'caring for houseplants'], zh: '室内植物', tw: '室內植物', relevant: and(topic('gardening'), tagged('houseplants')) },
  { en: ['coral reefs'], zh: '珊瑚礁', tw: '珊瑚礁', relevant: and(topic('ocean'), tagged('coral reef')) },
  { en: ['snow trains', 'trains in the snow'], zh: '雪中的火车', tw: '雪中的火車', relevant: and(topic('trains'), tagged('snow', 'winter')) },
];

/** A subject and something its results must not be about. */
const NEGATIONS: Array<{ en: string[]; zh: string; tw: string; relevant: Predicate }> = [
  { en: ['dogs but no puppies', 'dog videos without puppies'], zh: '狗，不要小狗', tw: '狗，不要小狗', relevant: and(topic('pets'), tagged('dog'), not(tagged('puppy'))) },
  { en: ['cats without kittens', 'cats, not kittens'], zh: '猫 不要小猫', tw: '貓 不要小貓', relevant: and(topic('pets'), tagged('cat'), not(tagged('kitten'))) },
  { en: ['pets but no dogs', 'pet videos without dogs'], zh: '宠物 不要狗', tw: '寵物 不要狗', relevant: and(topic('pets'), not(tagged('dog'))) },
  { en: ['baking without cake', 'baking but not cakes'], zh: '烘焙 不要蛋糕', tw: '烘焙 不要蛋糕', relevant: and(topic('baking'), not(tagged('cake'))) },
  { en: ['travel except japan', 'travel videos not in japan'], zh: '旅行 不要日本', tw: '旅行 不要日本', relevant: and(topic('travel'), not(tagged('japan'))) },
  { en: ['music without guitar', 'music but no guitars'], zh: '音乐 不要吉他', tw: '音樂 不要吉他', relevant: and(topic('music'), not(tagged('guitar'))) },
  { en: ['wildlife without lions'], zh: '野生动物 不要狮子', tw: '野生動物 不要獅子', relevant: and(topic('wildlife'), not(tagged('lion'))) },
  { en: ['weather but not snow', 'weather without snow'], zh: '天气 不要雪', tw: '天氣 不要雪', relevant: and(topic('weather'), not(tagged('snow'))) },
  { en: ['trains but no steam', 'trains without steam engines'], zh: '火车 不要蒸汽', tw: '火車 不要蒸汽', relevant: and(topic('trains'), not(tagged('steam', 'steam train'))) },
  { en: ['cooking without rice', 'cooking but no rice'], zh: '做饭 不要米饭', tw: '做飯 不要米飯', relevant: and(topic('cooking'), not(tagged('rice'))) },
  { en: ['ocean life without sharks'], zh: '海洋生物 不要鲨鱼', tw: '海洋生物 不要鯊魚', relevant: and(topic('ocean'), not(tagged('shark'))) },
  { en: ['hiking but no snow', 'camping without snow'], zh: '露营 不要雪', tw: '露營 不要雪', relevant: and(topic('outdoors'), not(tagged('snow', 'winter camping'))) },
];

type Constraint = {
  en: string[];
  zh: string;
  tw: string;
  relevant: Predicate;
  order?: JudgedOrder;
};
const CONSTRAINTS: Constraint[] = [
  { en: ['{c} under 5 minutes', 'short {c} videos'], zh: '五分钟以内的{z}', tw: '五分鐘以內的{z}', relevant: (video) => video.lengthSec <= 300 },
  { en: ['{c} less than 10 minutes long', '{c} under 10 min'], zh: '{z} 十分钟以内', tw: '{z} 十分鐘以內', relevant: (video) => video.lengthSec <= 600 },
  { en: ['{c} longer than 20 minutes', 'long {c} videos'], zh: '超过二十分钟的{z}', tw: '超過二十分鐘的{z}', relevant: (video) => video.lengthSec >= 1200 },
  { en: ['{c} from this year', '{c} uploaded this year'], zh: '今年的{z}', tw: '今年的{z}', relevant: (video) => video.addedAt >= YEAR_START },
  { en: ['recent {c}', '{c} from the last few months'], zh: '最近的{z}', tw: '最近的{z}', relevant: (video) => video.addedAt >= JUDGED_NOW.getTime() - 90 * DAY_MS },
  { en: ['{c} from 2025'], zh: '2025年的{z}', tw: '2025年的{z}', relevant: (video) => video.addedAt >= Date.UTC(2025, 0, 1) && video.addedAt < Date.UTC(2026, 0, 1) },
  { en: ['most viewed {c}', 'most popular {c}'], zh: '最多观看的{z}', tw: '最多觀看的{z}', relevant: () => true, order: 'views' },
  { en: ['top rated {c}', 'highest rated {c}'], zh: '评分最高的{z}', tw: '評分最高的{z}', relevant: () => true, order: 'rating' },
  { en: ['newest {c}', 'latest {c} first'], zh: '最新的{z}', tw: '最新的{z}', relevant: () => true, order: 'newest' },
  { en: ['longest {c}'], zh: '最长的{z}', tw: '最長的{z}', relevant: () => true, order: 'longest' },
  { en: ['shortest {c}'], zh: '最短的{z}', tw: '最短的{z}', relevant: () => true, order: 'shortest' },
];

const CHATTY = [
  'hey so I just got my first {x} and I have no experience at all, could you show me some videos about {c}?',
  "honestly I'm kind of bored tonight, maybe something with {c} would cheer me up",
  'my kids keep asking me about {c}, got anything good for them to watch?',
  'I was wondering if you could recommend a few videos on {c}, thanks a lot!',
  'ok so I really really love {c}, what should I watch next?',
  'can you find me something about {c}? nothing too serious, just want to relax',
  "I've never tried {c} before but my friend says it's fun, where do I even start",
  'Hi! Looking for some good {c} content for the weekend please :)',
];
const CHATTY_FILLERS = ['camera', 'bike', 'guitar', 'puppy', 'job', 'apartment', 'kitten', 'phone'];

const ZH_TOPIC = ['{z}', '{z}视频', '我想看{z}', '有没有关于{z}的视频', '推荐一些{z}的视频', '给我看看{z}吧'];
const TW_TOPIC = ['{z}影片', '我想看{z}', '有沒有關於{z}的影片', '推薦一些{z}的影片'];
const MIXED = ['{z} videos', '我想看 {c}', '{c}的视频', 'show me {z}', '有没有 {c} 的视频', '{z} tutorial for beginners'];

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** One plausible slip of the fingers in the longest word: a swap, a drop, a double or a neighbour key. */
function misspell(text: string, next: () => number): string {
  const words = text.split(' ');
  let index = 0;
  words.forEach((word, i) => {
    if (word.length > (words[index] as string).length) index = i;
  });
  const word = words[index] as string;
  if (word.length < 4) return text;
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 4);
  const neighbours: Record<string, string> = {
    a: 's', s: 'a', d: 'f', e: 'r', r: 'e', i: 'o', o: 'i', n: 'm', m: 'n', t: 'y', c: 'v', l: 'k', g: 'h', b: 'v', u: 'y', k: 'l', h: 'g', p: 'o',
  };
  let typo: string;
  if (kind === 0) typo = word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
  else if (kind === 1) typo = word.slice(0, at) + word.slice(at + 1);
  else if (kind === 2) typo = word.slice(0, at) + (word[at] ?? '') + word.slice(at);
  else typo = word.slice(0, at) + (neighbours[word[at] ?? ''] ?? 'e') + word.slice(at + 1);
  words[index] = typo === word ? word.slice(0, at) + word.slice(at + 1) : typo;
  return words.join(' ');
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** The whole set, deterministic. Requests with fewer than 3 relevant videos are left out by judgedSet(). */
function draft(): Array<Omit<JudgedRequest, 'split'>> {
  const next = random(14);
  const out: Array<Omit<JudgedRequest, 'split'>> = [];
  const add = (kind: Kind, query: string, relevant: Predicate, order?: JudgedOrder) => out.push({ kind, query, relevant, ...(order ? { order } : {}) });

  CONCEPTS.forEach((concept, i) => {
    add('topic', pick([concept.en, `${concept.en} videos`, `videos about ${concept.en}`], next), concept.relevant);
    add('paraphrase', pick(concept.para, next), concept.relevant);
    const constraint = CONSTRAINTS[i % CONSTRAINTS.length] as Constraint;
    add('constraint', pick(constraint.en, next).replace('{c}', concept.en), and(concept.relevant, constraint.relevant), constraint.order);
    const constraint2 = CONSTRAINTS[(i * 7 + 3) % CONSTRAINTS.length] as Constraint;
    add('zh', constraint2.zh.replace('{z}', pick(concept.zh, next)), and(concept.relevant, constraint2.relevant), constraint2.order);
    add('typo', misspell(pick([concept.en, `${concept.en} videos`, pick(concept.para, next)], next), next), concept.relevant);
    add(
      'chatty',
      pick(CHATTY, next).replace('{c}', pick([concept.en, pick(concept.para, next)], next)).replace('{x}', pick(CHATTY_FILLERS, next)),
      concept.relevant,
    );
    const z = Math.floor(next() * concept.zh.length);
    add('zh', pick(ZH_TOPIC, next).replace('{z}', concept.zh[z] as string), concept.relevant);
    add('zh-trad', pick(TW_TOPIC, next).replace('{z}', concept.tw[z] as string), concept.relevant);
    if (i % 3 === 0) add('zh-trad', constraint2.tw.replace('{z}', concept.tw[z] as string), and(concept.relevant, constraint2.relevant), constraint2.order);
    add('zh-mixed', pick(MIXED, next).replace('{z}', concept.zh[z] as string).replace('{c}', concept.en), concept.relevant);
  });
  for (const multi of MULTI) {
    add('multi', pick(multi.en, next), multi.relevant);
    add(next() < 0.5 ? 'zh' : 'zh-trad', Math.floor(next() * 2) === 0 ? multi.zh : multi.tw, multi.relevant);
  }
  for (const negation of NEGATIONS) {
    add('negation', pick(negation.en, next), negation.relevant);
    add(next() < 0.5 ? 'zh' : 'zh-trad', next() < 0.5 ? negation.zh : negation.tw, negation.relevant);
  }
  // A second typo per multi-concept request, and typos inside chatty requests.
  for (const multi of MULTI.slice(0, 12)) add('typo', misspell(pick(multi.en, next), next), multi.relevant);
  return out;
}

/** The judged set, split deterministically into tune and holdout by a hash of each request. */
export function judgedSet(videos: readonly CatalogueVideo[]): JudgedRequest[] {
  const seen = new Set<string>();
  const set: JudgedRequest[] = [];
  for (const request of draft()) {
    if (seen.has(request.query)) continue;
    seen.add(request.query);
    if (videos.filter(request.relevant).length < 3) continue;
    set.push({ ...request, split: fnv(request.query) % 2 === 0 ? 'tune' : 'holdout' });
  }
  return set;
}
