/**
 * Chinese request phrases for the embedded parser: lengths (五分钟以内, 超过二十分钟, 短视频),
 * dates (今年, 去年, 最近, 本月, 2025年), orderings (最多观看, 评分最高, 最新, 最长, 最短) and
 * exclusions (不要蜘蛛, 除了狗). Each rule takes its span out of the (simplified) text and sets
 * the same SearchIntent fields as the English rules; what is left is translated word by word.
 */
import { LONG_MIN_SEC, RECENT_DAYS, SHORT_MAX_SEC, type SearchIntent, type SearchOrder } from './intent-types';
import { chineseWords, translate } from './zh';

const DAY_MS = 24 * 3600 * 1000;
const DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const NUM = '(\\d+(?:\\.\\d+)?|[零〇一二两三四五六七八九十百半]+|几)';
const UNIT = '(分钟|分|小时|个小时|个钟头|钟头|秒钟|秒)';

/** 五 → 5, 十五 → 15, 二十 → 20, 三十五 → 35, 半 → 0.5, 几 → 3. */
export function chineseNumber(text: string): number {
  if (/^\d/.test(text)) return Number(text);
  if (text === '半') return 0.5;
  if (text === '几') return 3;
  let total = 0;
  let current = 0;
  for (const c of text) {
    if (c === '百') {
      total += (current || 1) * 100;
      current = 0;
    } else if (c === '十') {
      total += (current || 1) * 10;
      current = 0;
    } else if (c === '半') {
      current += 0.5;
    } else {
      current = current * 10 + (DIGITS[c] ?? 0);
    }
  }
  return total + current;
}

function seconds(amount: number, unit: string): number {
  if (unit.includes('小时') || unit.includes('钟头')) return Math.round(amount * 3600);
  if (unit.startsWith('秒')) return Math.round(amount);
  return Math.round(amount * 60);
}

type Apply = (intent: SearchIntent, match: RegExpExecArray, now: Date) => void;
interface Rule {
  pattern: RegExp;
  apply: Apply;
}

const order =
  (value: SearchOrder): Apply =>
  (intent) => {
    if (intent.order === 'relevance') intent.order = value;
  };

const ORDER_RULES: Rule[] = [
  { pattern: /(?:按|按照)?(?:观看|播放|浏览)(?:量|次数|数)?(?:排序|最多|最高|从高到低)|最多(?:人)?(?:观看|播放|浏览|看)的?|最(?:受欢迎|热门|火|流行)的?|人气最高的?|热门的?|爆款/g, apply: order('views') },
  // 最好 before a verb is "preferably" (最好是…, 最好能…), not "the best".
  { pattern: /(?:按|按照)?(?:评分|评价|好评)(?:排序|最高|从高到低)|(?:评分|评价|口碑)最(?:高|好)的?|最高评分的?|最好评的?|高分的?|好评(?:如潮)?的?|最好(?![是能要别不有可先还也就在让给找带选用])的?|最佳的?|经典的?/g, apply: order('rating') },
  { pattern: /(?:按|按照)(?:时间|日期|上传时间)排序|最新(?:上传|发布)?的?|新上传的?|最近上传的?|最近发布的?/g, apply: order('newest') },
  { pattern: /最早的?|最老的?|最旧的?/g, apply: order('oldest') },
  { pattern: /最长的?|时长最长的?/g, apply: order('longest') },
  { pattern: /最短的?|时长最短的?/g, apply: order('shortest') },
];

const LENGTH_RULES: Rule[] = [
  {
    // 五到十分钟, 5-10分钟
    pattern: new RegExp(`${NUM}\\s*(?:${UNIT})?\\s*(?:到|至|-|~)\\s*${NUM}\\s*${UNIT}(?:之间|左右)?的?`, 'g'),
    apply: (intent, m) => {
      const unit = m[4] ?? '分钟';
      intent.minLengthSec = seconds(chineseNumber(m[1] ?? '0'), m[2] ?? unit);
      intent.maxLengthSec = seconds(chineseNumber(m[3] ?? '0'), unit);
    },
  },
  {
    // 不超过五分钟, 少于10分钟, 短于半小时
    pattern: new RegExp(`(?:不超过|不到|少于|小于|短于|低于|最多|不长于|不大于|控制在)\\s*${NUM}\\s*${UNIT}(?:以内|之内|以下|内)?的?`, 'g'),
    apply: (intent, m) => {
      intent.maxLengthSec = seconds(chineseNumber(m[1] ?? '0'), m[2] ?? '分钟');
    },
  },
  {
    // 五分钟以内, 10分钟内, 半小时以下
    pattern: new RegExp(`${NUM}\\s*${UNIT}(?:以内|之内|以下|内|以里|之下)的?`, 'g'),
    apply: (intent, m) => {
      intent.maxLengthSec = seconds(chineseNumber(m[1] ?? '0'), m[2] ?? '分钟');
    },
  },
  {
    // 超过二十分钟, 至少一小时, 长于十分钟
    pattern: new RegExp(`(?:超过|多于|大于|长于|至少|起码|不少于|不短于|高于)\\s*${NUM}\\s*${UNIT}(?:以上)?的?`, 'g'),
    apply: (intent, m) => {
      intent.minLengthSec = seconds(chineseNumber(m[1] ?? '0'), m[2] ?? '分钟');
    },
  },
  {
    pattern: new RegExp(`${NUM}\\s*${UNIT}(?:以上|之上|多)的?`, 'g'),
    apply: (intent, m) => {
      intent.minLengthSec = seconds(chineseNumber(m[1] ?? '0'), m[2] ?? '分钟');
    },
  },
  {
    // 十分钟左右, 半小时的
    pattern: new RegExp(`${NUM}\\s*${UNIT}(?:左右|上下)?(?:长)?的?`, 'g'),
    apply: (intent, m) => {
      const target = seconds(chineseNumber(m[1] ?? '0'), m[2] ?? '分钟');
      if (target <= 0) return;
      intent.minLengthSec = Math.round(target * 0.5);
      intent.maxLengthSec = Math.round(target * 1.5);
    },
  },
  {
    pattern: /短视频|短片|很短的?|简短的?|较短的?|短一点的?|短的|快速的?/g,
    apply: (intent) => {
      intent.maxLengthSec ??= SHORT_MAX_SEC;
    },
  },
  {
    pattern: /长视频|很长的?|较长的?|长一点的?|长的|完整版的?|深度的?/g,
    apply: (intent) => {
      intent.minLengthSec ??= LONG_MIN_SEC;
    },
  },
];

const startOfYear = (year: number) => Date.UTC(year, 0, 1);

const DATE_RULES: Rule[] = [
  {
    pattern: /((?:19|20)\d{2})\s*年(?:以后|之后|以来|后)的?/g,
    apply: (intent, m) => {
      intent.addedAfter = startOfYear(Number(m[1]));
    },
  },
  {
    pattern: /((?:19|20)\d{2})\s*年(?:以前|之前|前)的?/g,
    apply: (intent, m) => {
      intent.addedBefore = startOfYear(Number(m[1]));
    },
  },
  {
    pattern: /((?:19|20)\d{2})\s*年?的?/g,
    apply: (intent, m) => {
      intent.addedAfter = startOfYear(Number(m[1]));
      intent.addedBefore = startOfYear(Number(m[1]) + 1);
    },
  },
  {
    pattern: /今年(?:以来)?的?|本年度?的?/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = startOfYear(now.getUTCFullYear());
    },
  },
  {
    pattern: /去年的?/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = startOfYear(now.getUTCFullYear() - 1);
      intent.addedBefore = startOfYear(now.getUTCFullYear());
    },
  },
  {
    pattern: /今天的?|今日的?/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = now.getTime() - DAY_MS;
    },
  },
  {
    pattern: /(?:本周|这周|这个星期|这星期|本星期|最近一周|过去一周)的?/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = now.getTime() - 7 * DAY_MS;
    },
  },
  {
    pattern: /(?:本月|这个月|最近一个月|过去一个月|近一个月)的?/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = now.getTime() - 31 * DAY_MS;
    },
  },
  {
    pattern: /上个月的?/g,
    apply: (intent, _m, now) => {
      intent.addedAfter = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
      intent.addedBefore = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    },
  },
  {
    pattern: /最近(?:几个月)?的?|近期的?|近来的?|新出的?|刚出的?|新的/g,
    apply: (intent, _m, now) => {
      intent.addedAfter ??= now.getTime() - RECENT_DAYS * DAY_MS;
    },
  },
];

/** 不要蜘蛛, 除了狗以外, 没有猫的, 不包括日本, 别给我看猫, 不喜欢爵士. */
const EXCLUDE = /(?:不要|不想要|不想看|不喜欢|讨厌|别给我看|别给我|别推荐|别要|别看|(?<![特区分告类个识派性级差辨离鉴判])别|不看|不含|不包括|不包含|排除|去掉|除了|除去|没有|无(?!人机|线|聊|法|论|限|数|关|处|所|奈|疑))\s*([\u3400-\u9fffA-Za-z]+?)(?=以外|之外|的|[\s，,。、；;!！?？]|$)(?:以外|之外)?(?:的)?/g;

function applyRules(text: string, rules: Rule[], intent: SearchIntent, now: Date): string {
  let rest = text;
  for (const rule of rules) {
    rest = rest.replace(rule.pattern, (...args: unknown[]) => {
      rule.apply(intent, args.slice(0, -2) as unknown as RegExpExecArray, now);
      return ' ';
    });
  }
  return rest;
}

/**
 * Takes the Chinese request phrases out of `text` (already simplified) into `intent`; returns
 * what is left. Exclusions are translated (不要狗 → exclude dog, and 狗 itself).
 */
export function applyChineseRules(text: string, intent: SearchIntent, now: Date): string {
  // "有没有…" (is there any …) is a question, not an exclusion.
  let rest = text.replace(/有没有|有木有|有无/g, ' ');
  rest = applyRules(rest, ORDER_RULES, intent, now);
  rest = applyRules(rest, LENGTH_RULES, intent, now);
  rest = applyRules(rest, DATE_RULES, intent, now);
  rest = rest.replace(EXCLUDE, (_whole, target: string) => {
    for (const word of chineseWords(target)) {
      // The first translation is the most specific (小狗 → puppy, not dog).
      const term = translate(word)[0] ?? word;
      if (!intent.exclude.includes(term)) intent.exclude.push(term);
    }
    if (/^[A-Za-z]+$/.test(target)) intent.exclude.push(target.toLowerCase());
    return ' ';
  });
  return rest;
}
