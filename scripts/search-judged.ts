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
import { CATALOGUE_END_DATE, type CatalogueVideo } from '../server/domains/catalogue/dataset';

import { CONVERSATIONAL_BLIND_DEV } from './search-judged-blind-dev';
import { and, not, tagged, topic, topics, type Predicate } from './search-predicates';
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
  'conversational',
  'conversational-zh',
  'exclusion',
  'exclusion-zh',
  'two-part',
  'two-part-zh',
  'conv-unseen',
  'conv-new',
  'conv-dev',
  'conv-fresh',
  // Written blind: by an author who saw neither the search engine's tables nor its results.
  'conv-blind',
  // Written blind like conv-blind, by another author, to tune on (scripts/search-judged-blind-dev.ts).
  'conv-blind-dev',
] as const;
export type Kind = (typeof KINDS)[number];

export interface JudgedRequest extends JudgedQuery {
  kind: Kind;
  split: 'tune' | 'holdout';
}

/** The video's title says one of these words (whole words), or one of its tags is one of them. */
const about = (...words: string[]): Predicate => {
  const pattern = new RegExp(`\\b(?:${words.join('|')})\\b`, 'i');
  return (video) => pattern.test(video.title) || video.keywords.some((tag) => words.includes(tag));
};

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

/*
 * Requests the way people type them (written from the catalogue's topics and tags before the
 * engine was run on them): conversational situations whose words are not the subject's words,
 * exclusions in many phrasings, and two-part requests where both parts must count.
 */

const dogs = and(topic('pets'), tagged('dog'));
const cats = and(topic('pets'), tagged('cat'));
const quickCooking = and(topic('cooking'), tagged('quick', 'easy', 'fast'));
const dogTraining = and(dogs, tagged('training', 'dog training', 'obedience', 'commands'));
const backCare = and(topics('yoga', 'fitness'), tagged('back pain', 'back', 'posture', 'spine'));
const sleepYoga = and(topic('yoga'), tagged('sleep', 'bedtime', 'insomnia'));
const calmYoga = and(topic('yoga'), tagged('stress', 'anxiety', 'calm'));
const rainyCrafts = and(topic('kids-crafts'), tagged('rainy day', 'indoor'));
const japanTravel = and(topic('travel'), tagged('japan'));
const gentleExercise = and(topics('fitness', 'yoga'), tagged('seniors', 'older people', 'gentle'));
const smallGarden = and(topic('gardening'), tagged('balcony', 'small space', 'urban gardening', 'windowsill', 'indoor', 'containers'));
const budgetTravel = and(topic('travel'), tagged('budget travel', 'cheap'));
const endurance = and(topic('running'), tagged('42k', '21k', 'endurance'));
const studyMusic = and(topic('music'), tagged('lofi', 'chill beats', 'study music'));
const birthdayBake = and(topic('baking'), tagged('birthday', 'celebration', 'birthday cake'));
const evs = and(topic('cars'), tagged('ev', 'electric car'));
const gardenBirds = and(topic('birds'), tagged('garden', 'bird feeder', 'garden feeder'));
const beginnerCooking = and(topic('cooking'), tagged('beginner', 'easy'));

/** A situation (what people say), and the videos that meet the need behind it. */
const CONVERSATIONAL: Array<[string, Predicate]> = [
  ['we just moved into a flat with a tiny kitchen, any ideas for dinner that does not take forever?', quickCooking],
  ['I get home from work exhausted and need something I can get on the table fast', quickCooking],
  ['we got a new puppy and he chews everything in the house, help!', dogTraining],
  ['our rescue dog ignores me completely when I call him, how do I get him to listen', dogTraining],
  ['my back is killing me after sitting at a desk all day', backCare],
  ['I work from home hunched over a laptop and my posture is terrible', backCare],
  ["I lie awake for hours every night and can't switch off", sleepYoga],
  ["work has been so stressful lately, I need to calm down before I lose it", calmYoga],
  ["it's raining again and the kids are bouncing off the walls, what can we make together?", rainyCrafts],
  ["we're going to japan next spring and I want to get a feel for the place", japanTravel],
  ['my grandma wants to stay active but her knees are not what they used to be', gentleExercise],
  ["I live in an apartment with no yard but I'd love to grow some of my own food", smallGarden],
  ['my son is completely obsessed with rockets and planets at the moment', topic('space')],
  ["money is tight this year but we still want to get away somewhere", budgetTravel],
  ["friends are coming round on saturday night and we're sick of playing the same old games", topic('board-games')],
  ['just bought my first proper camera and all my shots come out blurry', topic('photography')],
  ["signed up for my first marathon in the spring and I've no idea how to prepare", endurance],
  ['need something to put on in the background while I revise for exams', studyMusic],
  ['my cat keeps knocking everything off the shelves, is that normal?', cats],
  ["it's my best friend's birthday and I promised to bring something homemade and sweet", birthdayBake],
  ["thinking of getting rid of my petrol car for something that doesn't need fuel", evs],
  ['loads of little birds keep visiting the feeder outside my kitchen window and I have no idea what they are', gardenBirds],
  ["I've just left home and honestly I can barely boil an egg", beginnerCooking],
  ['just moved to the coast and I really want to learn to ride the waves', topic('surfing')],
  ['my wrists ache from typing all day, is there something better to type on?', and(topic('technology'), tagged('keyboard', 'typing'))],
  ['the kids want to build a castle out of the delivery boxes piling up in the hall', and(topic('kids-crafts'), tagged('cardboard'))],
  ['there is a stack of old pallets in my garage, what could I make out of them?', and(topic('diy'), tagged('pallets', 'reclaimed'))],
  ['we leave for spain in june and I do not speak a single word of the language', and(topic('languages'), tagged('espanol', 'spain'))],
  ['my little brother only ever wants to play on the console with me', and(topic('gaming'), tagged('siblings', 'family'))],
  ['heading to the mountains for my first time on skis and I am a bit nervous', and(topic('winter-sports'), tagged('ski', 'skier', 'skiing'))],
  ["my phone's pictures after dark always look awful", and(topic('photography'), tagged('night', 'long exposure', 'night sky'))],
  ['the sky went green before the storm yesterday and I want to understand how twisters form', and(topic('weather'), tagged('tornado', 'twister'))],
  ['every plant I bring indoors dies within a month, what am I doing wrong', and(topic('gardening'), tagged('houseplants'))],
  ['staying in for our anniversary and I want to cook something special for the two of us', and(topic('cooking'), tagged('date night', 'dinner for two'))],
  ['my grandad spent his whole life on the railways and still talks about the old steam engines', and(topic('trains'), tagged('steam', 'steam train'))],
  ["I'll be on my own over christmas and fancy baking something festive", and(topic('baking'), tagged('christmas', 'holiday', 'festive'))],
  ['our toddler cannot sit still for a minute, we need easy crafts for tiny hands', and(topic('kids-crafts'), tagged('toddlers', 'preschool'))],
  ['my daughter asked me why the sky has rainbows after rain and I had no answer', and(topic('science'), tagged('optics', 'light'))],
  ["my partner and I have our first dance at the wedding in a month and we both have two left feet", and(topic('dance'), tagged('wedding', 'first dance'))],
  ['going to tanzania next year and dreaming of seeing lions and elephants up close', and(topic('wildlife'), tagged('safari'))],
  ["I've got a new job in an office and none of my clothes look smart enough", and(topic('fashion'), tagged('work wear', 'office', 'suit', 'formal'))],
  ["the gym is too expensive so I'm trying to get fit in my living room with no kit", and(topic('fitness'), tagged('bodyweight', 'no equipment', 'home workout'))],
  ["I want to surprise my nephew with a trick that will make his jaw drop", topic('magic')],
  ["I keep seeing the milky way in photos and want to know what's actually out there", topic('space')],
  ['our family is going vegan and I need dinners everyone will actually eat', and(topic('cooking'), tagged('vegan', 'vegetarian'))],
];

const CONVERSATIONAL_ZH: Array<[string, Predicate]> = [
  ['刚搬进一个小公寓，厨房特别小，有没有不用花很久的晚饭做法？', quickCooking],
  ['下班回家累死了，想快点弄点吃的', quickCooking],
  ['家里新来了一只小狗，什么都咬，怎么办', dogTraining],
  ['每天坐在电脑前，腰酸背痛的', backCare],
  ['晚上总是睡不着，翻来覆去的', sleepYoga],
  ['最近工作压力好大，想让自己静下来', calmYoga],
  ['下雨天孩子在家里闹翻天了，能一起做点什么', rainyCrafts],
  ['明年春天要去日本玩，想先感受一下', japanTravel],
  ['我奶奶想多动一动，可是膝盖不太好', gentleExercise],
  ['住在公寓里没有院子，但是很想自己种菜', smallGarden],
  ['我儿子最近特别迷火箭和行星', topic('space')],
  ['今年手头比较紧，但还是想出去走走', budgetTravel],
  ['周末朋友要来家里，老玩那几个游戏都玩腻了', topic('board-games')],
  ['刚买了第一台相机，拍出来的照片都是糊的', topic('photography')],
  ['报名了人生第一个马拉松，完全不知道怎么准备', endurance],
  ['复习考试的时候想放点背景音乐', studyMusic],
  ['我家的猫老是把架子上的东西推下去，正常吗', cats],
  ['好朋友过生日，我答应自己做点甜的带过去', birthdayBake],
  ['想把油车换掉，换一辆不用加油的', evs],
  ['窗外喂食器总有很多小鸟来，不知道都是什么鸟', gardenBirds],
  ['刚离开家自己住，连煮鸡蛋都不太会', beginnerCooking],
  ['健身房太贵了，想在客厅里不用器械练一练', and(topic('fitness'), tagged('bodyweight', 'no equipment', 'home workout'))],
];

/**
 * Conversational requests written AFTER the engine's situation table (situations.ts), and never
 * used to change it: how far the table reaches beyond the situations its author had in mind.
 */
const CONVERSATIONAL_UNSEEN: Array<[string, Predicate]> = [
  ["my in-laws are visiting next week and I've been told to make something italian, help", and(topic('cooking'), tagged('italian', 'pasta', 'pizza'))],
  ["our neighbour's kid keeps asking me questions about volcanoes and I'm out of my depth", and(topic('science'), tagged('geology'))],
  ["I've been stuck on the same level of my farming game for a week", and(topic('gaming'), tagged('farming'))],
  ['I just inherited my dad\'s old film camera and have no clue how to use it', and(topic('photography'), tagged('film camera', 'analog', '35mm film'))],
  ["we're thinking about renting a campervan this summer and sleeping in it", and(topics('outdoors', 'cars'), tagged('campervan', 'van life', 'van'))],
  ["my girlfriend's family is from seoul and I want to be able to say hello to them", and(topic('languages'), tagged('korea', 'hangul'))],
  ['we have a week off in february and the kids have never seen snow', and(topic('winter-sports'), tagged('family', 'kids', 'family fun'))],
  ["I'm a nervous flyer and want to understand what is going on in the cockpit", and(topic('aviation'), about('cockpit', 'pilot'))],
  ["my daughter's class is doing a project on the ancient egyptians", and(topic('history'), tagged('ancient egypt', 'egypt', 'pyramids'))],
  ['I keep walking past a beautiful old cathedral on my commute and wonder how they built it', and(topic('architecture'), tagged('cathedral', 'gothic', 'church'))],
  ['my flatmate only eats plants and I want to cook her something nice', and(topic('cooking'), tagged('vegan', 'vegetarian'))],
  ['long haul flight tomorrow and I can never relax on planes, need something calming', topic('yoga')],
  ['just got a hand-me-down road bike from my uncle and want to start riding to work', and(topic('cycling'), tagged('commuting', 'road cycling'))],
  ['公公婆婆下周来家里，想做几道意大利菜', and(topic('cooking'), tagged('italian', 'pasta', 'pizza'))],
  ['老爸留下一台胶片相机，完全不会用', and(topic('photography'), tagged('film camera', 'analog', '35mm film'))],
  ['女朋友家里是首尔的，想学几句打招呼', and(topic('languages'), tagged('korea', 'hangul'))],
  ['坐飞机总是很紧张，想知道驾驶舱里在干什么', and(topic('aviation'), about('cockpit', 'pilot'))],
  ['女儿班上在做古埃及的作业', and(topic('history'), tagged('ancient egypt', 'egypt', 'pyramids'))],
  ['室友只吃素，想给她做顿好吃的', and(topic('cooking'), tagged('vegan', 'vegetarian'))],
  ['收到一辆二手公路车，想骑车上班', and(topic('cycling'), tagged('commuting', 'road cycling'))],
  ['今年二月放假一周，孩子从没见过雪', and(topic('winter-sports'), tagged('family', 'kids', 'family fun'))],
];

/**
 * A second set of conversational requests (English and Chinese), written after conv-unseen and
 * BEFORE the engine's generalisation work (chatter dropped by rules, recall on content words),
 * then never used to change the engine: always in the holdout half, so `--split tune` never
 * shows them. Judged from catalogue fields only, like the rest.
 */
const CONVERSATIONAL_NEW: Array<[string, Predicate]> = [
  ['my nephew turns six next month and all he wants is to make slime at his party', and(topic('kids-crafts'), tagged('slime', 'homemade slime'))],
  ['my wife and I finally booked that trip to iceland, what should we not miss?', and(topic('travel'), tagged('iceland'))],
  ["my son wants to try out for the school basketball team but he can't dribble yet", and(topic('basketball'), tagged('dribbling', 'crossover', 'handles'))],
  ['my knees hurt every time I go for a run, am I doing something wrong with my stride?', and(topic('running'), tagged('technique', 'form'))],
  ['I keep losing at chess against my uncle, he beats me within the first ten moves', and(topic('board-games'), tagged('chess', 'chess openings'))],
  ['there was a massive thunderstorm last night and I want to know where all that lightning comes from', and(topic('weather'), tagged('lightning', 'thunderstorm', 'lightning storm'))],
  ['I got a raspberry pi for my birthday and it is still sitting in the box', and(topic('technology'), tagged('raspberry pi'))],
  ['planning a long drive along the coast this summer and need some inspiration for the route', and(topic('cars'), tagged('road trip', 'scenic drive'))],
  ["I'd love to see the northern lights one day but I've no idea what to expect", about('northern lights', 'aurora', 'aurora borealis')],
  ['my daughter is vegan and her birthday is coming up, what cake can I make her', and(topic('baking'), tagged('vegan', 'egg free', 'plant based'))],
  ['my friend is coeliac and I want to bake something she can actually eat', and(topic('baking'), tagged('gluten-free', 'gluten free', 'coeliac'))],
  ["I'm sick of sad desk lunches and want to prepare food for the whole week on sunday", and(topic('cooking'), tagged('meal prep'))],
  ['my flat gets almost no sun, which plants could possibly survive in here', and(topic('gardening'), tagged('shade', 'shady corner', 'shady garden', 'houseplants', 'indoor'))],
  ['I want to get fit but I only have fifteen minutes before the kids wake up', and(topic('fitness'), tagged('15-minute', '10-minute', 'busy mornings', 'quick'))],
  ['my old laptop takes ages to boot and I am thinking of building my own computer', and(topic('technology'), tagged('mini pc', 'computer', 'desktop', 'build'))],
  ["we're going to the great barrier reef on our honeymoon and I've never snorkelled", and(topic('ocean'), tagged('great barrier reef', 'snorkeling', 'coral reef'))],
  ["my son saw a shark at the aquarium and now he won't stop talking about them", and(topic('ocean'), tagged('shark', 'hammerhead shark'))],
  ['starting university in september and I need to learn to cook on almost no money', and(topic('cooking'), tagged('budget'))],
  ["my partner snores and I'm awake half the night, I need something to help me drift off", and(topic('yoga'), tagged('sleep', 'better sleep', 'insomnia', 'bedtime'))],
  ['found an old sewing machine in the attic and want to fix my torn jeans', and(topic('fashion'), tagged('sewing', 'mending', 'visible mending', 'repair'))],
  ["there's an owl hooting outside my window every single night", and(topic('birds'), tagged('owl', 'barn owl'))],
  ['my grandparents go dancing every friday and asked me to come along', and(topic('dance'), tagged('grandparents', 'seniors', 'partner dance'))],
  ['our class is studying the vikings next term and I need something the kids can watch', and(topic('history'), tagged('vikings', 'norse'))],
  ['we have a long train journey through the alps next month and I hope the views are good', and(topic('trains'), tagged('alps', 'switzerland', 'glacier express', 'scenic railway', 'mountain railway'))],
  ["I want to impress my niece at her party with a trick using stuff from the kitchen drawer", and(topic('magic'), tagged('everyday objects', 'party tricks', 'rubber band', 'matchbox', 'pencil'))],
  ['going to a k-pop concert next month and I want to learn some of the moves first', and(topic('dance'), tagged('k-pop', 'kpop'))],
  ['everyone gets bored on our family game night, we need something new to play', and(topic('board-games'), tagged('family game night', 'family', 'party game'))],
  ['finally got a week off and I want to walk somewhere remote and sleep under the stars', and(topic('outdoors'), tagged('wild camping', 'stars', 'solo camping', 'thru hike'))],
  ['my teenage son spends all day playing video games and I want to understand what he sees in them', topic('gaming')],
  ["we adopted an older cat from the shelter and she's still hiding under the bed", and(topic('pets'), tagged('rescue', 'adoption', 'shelter'))],
  ['侄子下个月六岁生日，就想在派对上做史莱姆', and(topic('kids-crafts'), tagged('slime', 'homemade slime'))],
  ['儿子想进学校篮球队，可是还不会运球', and(topic('basketball'), tagged('dribbling', 'crossover', 'handles'))],
  ['每次跑步膝盖都疼，是不是我的姿势不对', and(topic('running'), tagged('technique', 'form'))],
  ['下棋老是输给我叔叔，开局没几步就输了', and(topic('board-games'), tagged('chess', 'chess openings'))],
  ['生日收到一个树莓派，到现在还没拆开', and(topic('technology'), tagged('raspberry pi'))],
  ['朋友不能吃麸质，想给她烤点她能吃的', and(topic('baking'), tagged('gluten-free', 'gluten free', 'coeliac'))],
  ['想在周日把一周的午饭都准备好', and(topic('cooking'), tagged('meal prep'))],
  ['家里几乎晒不到太阳，什么植物能养活', and(topic('gardening'), tagged('shade', 'shady corner', 'shady garden', 'houseplants', 'indoor'))],
  ['孩子起床前我只有十五分钟，想锻炼一下', and(topic('fitness'), tagged('15-minute', '10-minute', 'busy mornings', 'quick'))],
  ['蜜月要去大堡礁，我从来没浮潜过', and(topic('ocean'), tagged('great barrier reef', 'snorkeling', 'coral reef'))],
  ['下学期班上要讲维京人，想找点给学生看的', and(topic('history'), tagged('vikings', 'norse'))],
  ['下个月坐火车穿过阿尔卑斯山，希望沿途风景好', and(topic('trains'), tagged('alps', 'switzerland', 'glacier express', 'scenic railway', 'mountain railway'))],
  ['一直想去看一次极光，不知道是什么样子', about('northern lights', 'aurora', 'aurora borealis')],
  ['窗外每天晚上都有猫头鹰在叫', and(topic('birds'), tagged('owl', 'barn owl'))],
];

/**
 * Conversational requests written to tune the reach rules on (always in the tune half), after
 * conv-new and without looking at how the engine reads conv-new.
 */
const CONVERSATIONAL_DEV: Array<[string, Predicate]> = [
  ['my mum has been on her feet all day at the hospital and her legs are so stiff', and(topics('yoga', 'fitness'), tagged('stretching', 'flexibility', 'mobility', 'deep stretch'))],
  ['our school is putting on a talent show and my son wants to do something with a deck of cards', and(topic('magic'), tagged('card', 'cards', 'card tricks', 'playing cards'))],
  ['my husband keeps talking about getting one of those flying cameras for our holidays', and(topic('technology'), tagged('drone', 'quadcopter', 'camera drone'))],
  ["we've just moved next to a lake and the neighbours all go out on paddle boards", and(topic('surfing'), tagged('paddleboarding', 'sup', 'stand up paddle'))],
  ['my brother-in-law restores old cars and promised to show me how an engine works', and(topic('cars'), tagged('engine rebuild', 'engine', 'mechanic'))],
  ['I spend my lunch breaks in the park and keep seeing herons by the pond', and(topic('birds'), tagged('grey heron', 'heron', 'wading bird'))],
  ['my grandad used to tell me stories about the knights and castles of the middle ages', and(topic('history'), tagged('medieval castles', 'castles', 'middle ages'))],
  ['our book club wants to try something different and someone suggested a mystery game', and(topic('board-games'), tagged('mystery game', 'mystery', 'deduction', 'detective'))],
  ['my sister just got engaged and wants to learn to make macarons for the wedding', and(topic('baking'), tagged('macarons'))],
  ['me and my mates want to learn to play football on the sand this summer', and(topic('football'), tagged('beach soccer', 'beach soccer team', 'sand'))],
  ['我奶奶想学跳广场舞，可是她膝盖不太好', and(topic('dance'), tagged('seniors', 'grandma', 'grandparents'))],
  ['老公一直说想买一架无人机去旅行的时候拍', and(topic('technology'), tagged('drone', 'quadcopter', 'camera drone'))],
  ['儿子学校要办才艺表演，他想用一副扑克牌变点什么', and(topic('magic'), tagged('card', 'cards', 'card tricks', 'playing cards'))],
  ['我们搬到湖边了，邻居们都在玩桨板', and(topic('surfing'), tagged('paddleboarding', 'sup', 'stand up paddle'))],
  ['妹妹订婚了，想学做马卡龙', and(topic('baking'), tagged('macarons'))],
];

/**
 * A third conversational set, written on 2026-11-27 before conv-new's per-request lines were
 * read for tuning, and never used to change the engine: the holdout for the work that tuned on
 * conv-new. Always in the holdout half. Judged from catalogue fields only.
 */
const CONVERSATIONAL_FRESH: Array<[string, Predicate]> = [
  ["we're off to lisbon for a long weekend and I don't want to spend it stuck in tourist traps", and(topic('travel'), tagged('lisbon', 'portugal'))],
  ["my dad just retired and says he's always wanted to build a rocking chair", and(topic('diy'), tagged('rocking chair', 'chair'))],
  ["the kids start summer break next week and I'm dreading the boredom", and(topic('kids-crafts'), tagged('summer break', 'summer', 'independent play'))],
  ['I only have my phone but I would like my holiday pictures to look less flat', and(topic('photography'), tagged('phone camera', 'smartphone', 'phone photography'))],
  ["my flatmate and I want to start doing the park run on saturdays but I've never run 5k", and(topic('running'), tagged('5k', 'parkrun'))],
  ['my little sister is learning the ukulele for the school concert and wants to practise with someone', and(topic('music'), tagged('ukulele', 'uke'))],
  ['we just bought a house with a messy garage and my husband wants to hang all his tools on the wall', and(topic('diy'), tagged('tool wall', 'pegboard', 'organisation', 'workshop'))],
  ['my neighbour has a telescope and invited me over to look at saturn this weekend', and(topic('space'), tagged('saturn', "saturn's rings"))],
  ["he booked us a hot air balloon ride for my birthday and I'm a bit scared of heights", and(topic('aviation'), tagged('hot air balloon', 'balloon', 'ballooning'))],
  ['my grandson plays in an under 12s team and I want to understand what the coach keeps shouting about', and(topic('football'), tagged('under-12s', 'youth football'))],
  ["my back garden has turned into a jungle of weeds since I moved in and I'd love to grow my own veg", and(topic('gardening'), tagged('vegetables', 'kitchen garden', 'raised beds', 'raised bed'))],
  ['we spotted whales from the ferry to the islands and my son wants to know everything about them', and(topic('ocean'), tagged('whale', 'humpback whale', 'blue whale'))],
  ['my new office has no dress code and I never know what to wear on monday mornings', and(topic('fashion'), tagged('office outfits', 'work wear', 'office'))],
  ['my partner wants to drive through the scottish highlands but I get car sick on bendy roads', and(topic('cars'), tagged('scottish highlands', 'scenic drive', 'road trip'))],
  ["my son's science fair is next month and he wants to do something that glows in the dark", and(topic('science'), tagged('bioluminescence', 'glow'))],
  ["we have friends coming round tonight and nobody wants to learn anything that takes three hours", and(topic('board-games'), tagged('party game', 'party', 'big groups', 'laughter'))],
  ['my wife and I want to take up a dance we can do together at weddings', and(topic('dance'), tagged('partner dance', 'swing', 'lindy hop', 'swing dance', 'salsa', 'tango', 'first dance'))],
  ["I work nights and it's really hard to switch my brain off when I get home in the morning", and(topic('yoga'), tagged('sleep', 'better sleep', 'insomnia', 'bedtime'))],
  ["our village team plays the next town on sunday and we haven't won a game all year", and(topic('football'), tagged('village team', 'local football', 'sunday league', 'amateur', 'grassroots'))],
  ['my nan still has her old singer machine and offered to teach me to make my own clothes', and(topic('fashion'), tagged('sewing', 'handmade'))],
  ["I'm flying to japan for work and will have one free day to look around", and(topic('travel'), tagged('japan', 'kyoto'))],
  ['my son got a drum kit for christmas and the neighbours are already complaining', and(topic('music'), tagged('drums', 'drum kit'))],
  ["we're staying in a cabin with no electricity next month and I'm in charge of the food", and(topics('outdoors', 'cooking'), tagged('camp cooking', 'campfire', 'outdoor cooking'))],
  ["I keep hearing a woodpecker in the woods behind our house and I'd love to actually see one", and(topic('birds'), tagged('woodpecker'))],
  ['my grandpa keeps telling me how he watched the moon landing on a tiny black and white tv', and(topics('history', 'space'), tagged('moon landing', 'apollo', 'space race'))],
  ['it hailed golf balls on our car yesterday, how does hail even get that big', and(topic('weather'), tagged('hail', 'hailstorm'))],
  ['my teenage daughter wants to learn to code so she can make her own game', and(topics('gaming', 'technology'), tagged('game development', 'game design', 'coding'))],
  ["I've just moved to amsterdam for work and I can't even order a coffee", and(topic('languages'), tagged('dutch', 'netherlands'))],
  ["we're going on a cruise to alaska and I'm really hoping to see bears", and(topic('wildlife'), tagged('brown bear', 'bear', 'grizzly'))],
  ["my son wants a pet but we live in a small flat, something that doesn't need walking", and(topic('pets'), tagged('small pets', 'rodent'))],
  ["it's pouring outside and the kids are bouncing off the walls", and(topic('kids-crafts'), tagged('rainy day', 'indoor'))],
  ['for our anniversary my partner wants to go somewhere with fjords', and(topics('travel', 'timelapse', 'trains'), tagged('fjords', 'fjord', 'norway', 'norwegian fjord'))],
  ['下周末去里斯本玩两天，不想只去游客多的地方', and(topic('travel'), tagged('lisbon', 'portugal'))],
  ['我爸退休了，一直说想自己做一把摇椅', and(topic('diy'), tagged('rocking chair', 'chair'))],
  ['邻居有个望远镜，约我周末去看土星', and(topic('space'), tagged('saturn', "saturn's rings"))],
  ['男朋友生日给我订了热气球，可是我有点恐高', and(topic('aviation'), tagged('hot air balloon', 'balloon', 'ballooning'))],
  ['孙子在少年足球队踢球，我想看懂教练在喊什么', and(topic('football'), tagged('under-12s', 'youth football'))],
  ['儿子下个月有科学展，想做个在黑暗里会发光的东西', and(topic('science'), tagged('bioluminescence', 'glow'))],
  ['我和老婆想学一种婚礼上能一起跳的舞', and(topic('dance'), tagged('partner dance', 'swing', 'lindy hop', 'swing dance', 'salsa', 'tango', 'first dance'))],
  ['上夜班，早上回到家脑子怎么也停不下来', and(topic('yoga'), tagged('sleep', 'better sleep', 'insomnia', 'bedtime'))],
  ['奶奶有台老缝纫机，说要教我自己做衣服', and(topic('fashion'), tagged('sewing', 'handmade'))],
  ['儿子圣诞节收到一套架子鼓，邻居已经有意见了', and(topic('music'), tagged('drums', 'drum kit'))],
  ['刚搬到阿姆斯特丹工作，连咖啡都不会点', and(topic('languages'), tagged('dutch', 'netherlands'))],
  ['昨天下冰雹把车都砸了，冰雹怎么会那么大', and(topic('weather'), tagged('hail', 'hailstorm'))],
];

/**
 * conv-blind: conversational requests written blind, by an author who saw neither the search
 * engine's tables (situations, phrases, dictionaries) nor its results on any request, only the
 * catalogue's topic files. The need is mostly implied by a situation, not named. Always in the
 * holdout half. Judged from catalogue fields only, like the rest.
 */
const CONVERSATIONAL_BLIND: Array<[string, Predicate]> = [
  ["my doubles partner moved away and now I've got nobody to hit with on weekday evenings", and(topic('tennis'), tagged('against a wall', 'wall practice', 'solo', 'ball machine'))],
  ["once the kids have left home we'd like to sell this big old house and live in something much, much smaller, maybe even on wheels", and(topic('architecture'), tagged('tiny house', 'small living', 'minimalism'))],
  ["we're moving to arizona in july and everyone keeps warning me about what the summers are like there", and(topic('weather'), tagged('heatwave', 'heat', 'arizona desert', 'arizona', 'dust storm', 'sandstorm'))],
  ["I'd like something slow and beautiful playing on the big screen while our dinner guests arrive", and(topic('timelapse'), tagged('relaxing', 'calm', 'ambient', 'peaceful'))],
  ["my husband and I never ride at the same pace, he's always miles ahead waiting for me", and(topic('cycling'), tagged('tandem', 'two riders', 'e-bike', 'electric bike'))],
  ["my dad just turned seventy and announced he's taking up jogging, should I be worried?", and(topic('running'), tagged('70 years old', 'older runners', 'beginners', 'beginner'))],
  ['my cousin has used a wheelchair since his accident and misses being on a team with his mates', and(topic('basketball'), tagged('wheelchair basketball', 'adaptive sports'))],
  ['my mum is sixty-eight and misses kicking a ball about with her friends, but her running days are over', and(topic('football'), tagged('walking football', 'walking football club'))],
  ["the office team-building day is at an ice rink and I've never had blades on my feet", and(topic('winter-sports'), tagged('ice skating', 'skating', 'figure skating'))],
  ["the cottage we rented by the lake comes with two canoes and I've never paddled anything in my life", and(topic('surfing'), tagged('kayaking', 'kayak', 'paddling'))],
  ['there is an octopus at our local aquarium that I swear recognises me every time I visit', and(topic('ocean'), tagged('octopus', 'cephalopod', 'giant squid', 'squid'))],
  ['a pair of little birds has been carrying twigs into the hedge by our front door all week', and(topic('birds'), tagged('nest', 'chicks', 'nest box', 'baby birds'))],
  ['my son sleeps with a stuffed kangaroo and keeps asking me where the real ones live', and(topic('wildlife'), tagged('kangaroo', 'marsupial', 'australia'))],
  ["our sheepdog can't see through his fringe anymore", and(topic('pets'), tagged('grooming', 'haircut', 'makeover'))],
  ["the house we bought has an old apple tree that nobody has touched in years, it's a tangled mess", and(topic('gardening'), tagged('apple trees', 'fruit trees', 'orchard', 'pruning'))],
  ['by friday my fridge is always full of odds and ends and I hate throwing food away', and(topic('cooking'), tagged('leftovers', 'zero waste', 'fried rice'))],
  ['four brown bananas on the counter, nobody will eat them', and(topic('baking'), tagged('banana bread', 'banana'))],
  ['my friend can guess what anyone is thinking and it freaks everyone out at parties, how does she do it', and(topic('magic'), tagged('mind reading', 'mentalism'))],
  ['worst week at work ever, I just need to laugh until I cry', and(topic('comedy'), tagged('office', 'work', 'job interview', 'online meeting', 'work from home'))],
  ['my grandmother painted all her life and left me her brushes and a little tin of paint pans', and(topic('art'), tagged('watercolour', 'watercolor'))],
  ["got my parents tickets to the symphony for their anniversary and none of us has ever been", and(topic('music'), tagged('orchestra', 'classical music', 'classical'))],
  ["my cousin's wedding is in galway and apparently everybody ends up dancing at the reception", and(topic('dance'), tagged('irish dance', 'irish', 'step dance'))],
  ['there is a huge charity shop next to my office and I always walk out with things I never wear', and(topic('fashion'), tagged('thrift', 'thrifting', 'second hand', 'thrift flip'))],
  ["we're spending easter week in rome and my kids have already decided old ruins are boring", and(topics('history', 'architecture'), tagged('roman empire', 'rome', 'romans', 'roman amphitheatre', 'roman'))],
  ['every time my daughter bounces on the trampoline her hair stands straight up and she wants to know why', and(topic('science'), tagged('static electricity', 'electricity'))],
  ['apparently the sky will go dark at noon next spring', and(topic('space'), tagged('solar eclipse', 'eclipse'))],
  ["I get through three books a week and there's simply no room left on my shelves", and(topic('technology'), tagged('e-reader', 'ebook'))],
  ["I'm turning thirty in may, all my friends are busy with their kids, and I want to go somewhere on my own for the first time", and(topic('travel'), tagged('solo travel', 'solo'))],
  ['女朋友从来没摸过游戏手柄，想找个我们俩能一起玩的', and(topic('gaming'), tagged('co-op', 'cozy', 'cozy life sim'))],
  ['家里就我们两个人，可大部分桌游都要四个人才好玩', and(topic('board-games'), tagged('two players', 'two player', 'couples', 'backgammon', 'chess', 'go'))],
  ['下个月要坐夜车去外地出差，从来没在火车上睡过觉', and(topic('trains'), tagged('sleeper train', 'night train', 'overnight'))],
  ['儿子长大想当飞行员，天天问我开飞机要怎么学', and(topic('aviation'), tagged('flight school', 'student pilot', 'flight training', 'first solo flight'))],
  ['夏天想在野外过夜，可是一躺在地上就被虫子咬', and(topic('outdoors'), tagged('hammock', 'hammock camping'))],
  ['儿子新交的好朋友听不见，他很想能和朋友聊天', and(topic('languages'), tagged('sign language', 'asl', 'deaf', 'sign'))],
  ['母亲节快到了，孩子们想给妈妈准备礼物，可是手里没有零花钱', and(topic('kids-crafts'), tagged("mother's day", 'mothers day', 'gift'))],
  ['刚搬进第一套房子，书堆得到处都是，一点收纳的地方都没有', and(topic('diy'), tagged('shelves', 'floating shelves', 'bookshelf'))],
  ['这个月花园里全是蜜蜂和蝴蝶，想凑得很近把它们拍下来', and(topic('photography'), tagged('macro photography', 'macro', 'insects', 'close up'))],
  ['最近开始每周跑三次步，髋部特别紧', and(topic('yoga'), tagged('yoga for runners', 'runners', 'tight hips', 'hips'))],
  ['三个月后就要结婚了，想让手臂穿婚纱的时候好看一点', and(topic('fitness'), tagged('upper body', 'arms', 'shoulders'))],
  ['儿子刚拿到驾照，第一件事就是想买辆旧车自己修', and(topic('cars'), tagged('project car', 'barn find', 'rebuild', 'restoration', 'restore'))],
];

/** A subject and what its results must leave out (the judgement names both by catalogue fields). */
const EXCLUSIONS: Array<{ x: string; y: string; zx: string; zy: string; relevant: Predicate }> = [
  { x: 'space videos', y: 'mars', zx: '太空', zy: '火星', relevant: and(topic('space'), not(about('mars', 'red planet'))) },
  { x: 'baking', y: 'chocolate', zx: '烘焙', zy: '巧克力', relevant: and(topic('baking'), not(about('chocolate'))) },
  { x: 'wildlife', y: 'bears', zx: '野生动物', zy: '熊', relevant: and(topic('wildlife'), not(about('bear', 'bears', 'grizzly'))) },
  { x: 'birds', y: 'owls', zx: '鸟类', zy: '猫头鹰', relevant: and(topic('birds'), not(about('owl', 'owls'))) },
  { x: 'pet videos', y: 'cats', zx: '宠物视频', zy: '猫', relevant: and(topic('pets'), not(tagged('cat'))) },
  { x: 'dance', y: 'ballet', zx: '跳舞', zy: '芭蕾', relevant: and(topic('dance'), not(about('ballet'))) },
  { x: 'music', y: 'jazz', zx: '音乐', zy: '爵士', relevant: and(topic('music'), not(about('jazz'))) },
  { x: 'fitness', y: 'kettlebells', zx: '健身', zy: '壶铃', relevant: and(topic('fitness'), not(about('kettlebell', 'kettlebells'))) },
  { x: 'ocean life', y: 'whales', zx: '海洋生物', zy: '鲸鱼', relevant: and(topic('ocean'), not(about('whale', 'whales', 'killer whale', 'whale shark'))) },
  { x: 'art', y: 'watercolour', zx: '画画', zy: '水彩', relevant: and(topic('art'), not(about('watercolour', 'watercolor'))) },
  { x: 'science experiments', y: 'physics', zx: '科学实验', zy: '物理', relevant: and(topic('science'), not(about('physics'))) },
  { x: 'running', y: 'marathons', zx: '跑步', zy: '马拉松', relevant: and(topic('running'), not(about('marathon', '42k'))) },
  { x: 'magic tricks', y: 'cards', zx: '魔术', zy: '纸牌', relevant: and(topic('magic'), not(about('card', 'cards', 'card tricks'))) },
  { x: 'weather', y: 'tornadoes', zx: '天气', zy: '龙卷风', relevant: and(topic('weather'), not(about('tornado', 'twister'))) },
  { x: 'history', y: 'the romans', zx: '历史', zy: '罗马', relevant: and(topic('history'), not(about('rome', 'romans', 'roman'))) },
  { x: 'cycling', y: 'mountain bikes', zx: '骑行', zy: '山地车', relevant: and(topic('cycling'), not(about('mtb', 'mountain biking', 'mountain bike'))) },
  { x: 'architecture', y: 'skyscrapers', zx: '建筑', zy: '摩天大楼', relevant: and(topic('architecture'), not(about('skyscraper', 'skyscrapers'))) },
  { x: 'cooking', y: 'spicy food', zx: '做饭', zy: '辣的', relevant: and(topic('cooking'), not(about('spicy'))) },
];
const EXCLUSION_EN = [
  '{x} but not {y}',
  '{x} without {y}',
  '{x} except {y}',
  '{x}, no {y}',
  '{x} other than {y}',
  '{x}, anything but {y}',
  'I want {x} but please no {y}',
  "{x}, I don't want {y}",
  '{x} excluding {y}',
  'show me {x} and skip the {y}',
];
const EXCLUSION_ZH = ['{x}，不要{y}', '除了{y}以外的{x}', '{x} 不含{y}', '{x}，别给我看{y}', '不想看{y}，推荐点{x}', '{x}但是别要{y}', '{x} 不要{y}的'];

/** Two parts, both of which must weigh: X in/at/on Y (a place or setting), X with Y, X and Y. */
const TWO_PART: Array<{ en: string[]; zh: string; relevant: Predicate }> = [
  { en: ['dogs at the beach', 'dogs playing on the beach'], zh: '海滩上的狗', relevant: and(dogs, about('beach')) },
  { en: ['cats in the snow'], zh: '雪地里的猫', relevant: and(cats, about('snow', 'snowy garden')) },
  { en: ['cooking with an air fryer', 'dinner in an air fryer'], zh: '用空气炸锅做饭', relevant: and(topic('cooking'), about('air fryer')) },
  { en: ['hiking in scotland', 'camping in the scottish highlands'], zh: '苏格兰徒步', relevant: and(topic('outdoors'), about('scotland')) },
  { en: ['cycling in the rain'], zh: '雨中骑行', relevant: and(topic('cycling'), about('rain')) },
  { en: ['surfing in portugal'], zh: '葡萄牙冲浪', relevant: and(topic('surfing'), about('portugal')) },
  { en: ['running in the snow'], zh: '雪地里跑步', relevant: and(topic('running'), about('snow')) },
  { en: ['street photography in tokyo', 'photography in tokyo'], zh: '在东京拍照', relevant: and(topic('photography'), about('tokyo')) },
  { en: ['wildlife in the amazon'], zh: '亚马逊的野生动物', relevant: and(topic('wildlife'), about('amazon')) },
  { en: ['skiing in japan'], zh: '在日本滑雪', relevant: and(topic('winter-sports'), about('japan')) },
  { en: ['architecture in barcelona', 'buildings in barcelona'], zh: '巴塞罗那的建筑', relevant: and(topic('architecture'), about('barcelona')) },
  { en: ['gardening on a balcony', 'growing food on a balcony'], zh: '在阳台上种菜', relevant: and(topic('gardening'), about('balcony')) },
  { en: ['baking with kids', 'baking with the children'], zh: '和孩子一起烘焙', relevant: and(topic('baking'), about('kids')) },
  { en: ['fitness with kettlebells', 'a workout with a kettlebell'], zh: '用壶铃健身', relevant: and(topic('fitness'), about('kettlebell', 'kettlebells')) },
  { en: ['music with a violin', 'violin and music'], zh: '小提琴音乐', relevant: and(topic('music'), about('violin')) },
  { en: ['cars in the snow', 'driving a car in the snow'], zh: '雪地里开车', relevant: and(topic('cars'), about('snow')) },
  { en: ['tennis with a ball machine'], zh: '用发球机练网球', relevant: and(topic('tennis'), about('ball machine')) },
  { en: ['italian cooking and pizza', 'pizza and italian food'], zh: '意大利菜和披萨', relevant: and(topic('cooking'), about('pizza')) },
  { en: ['ancient egypt and the pyramids'], zh: '古埃及和金字塔', relevant: and(topic('history'), about('pyramids', 'egypt')) },
  { en: ['science experiments with magnets', 'magnets and science'], zh: '用磁铁做科学实验', relevant: and(topic('science'), about('magnets', 'magnetism', 'magnet')) },
  { en: ['yoga with a chair', 'chair yoga at the office'], zh: '坐在椅子上做瑜伽', relevant: and(topic('yoga'), about('chair', 'chair yoga')) },
  { en: ['kayaking on a mountain lake'], zh: '在山间湖泊划皮划艇', relevant: and(topic('surfing'), about('kayaking', 'kayak'), about('mountain lake', 'lake')) },
  { en: ['birds in the garden', 'birds at the garden feeder'], zh: '花园里的鸟', relevant: and(topic('birds'), about('garden', 'garden feeder', 'bird feeder')) },
  { en: ['travel in iceland', 'a trip to iceland with volcanoes'], zh: '冰岛旅行', relevant: and(topic('travel'), about('iceland')) },
];

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
  // Requests the way people type them (their own random stream: the older kinds stay as they were).
  const more = random(22);
  for (const [query, relevant] of CONVERSATIONAL) add('conversational', query, relevant);
  for (const [query, relevant] of CONVERSATIONAL_ZH) add('conversational-zh', query, relevant);
  for (const [query, relevant] of CONVERSATIONAL_UNSEEN) add('conv-unseen', query, relevant);
  EXCLUSIONS.forEach((item, i) => {
    const fill = (template: string, x: string, y: string) => template.replace('{x}', x).replace('{y}', y);
    add('exclusion', fill(EXCLUSION_EN[i % EXCLUSION_EN.length] as string, item.x, item.y), item.relevant);
    add('exclusion', fill(EXCLUSION_EN[(i * 3 + 5) % EXCLUSION_EN.length] as string, item.x, item.y), item.relevant);
    add('exclusion-zh', fill(pick(EXCLUSION_ZH, more), item.zx, item.zy), item.relevant);
  });
  for (const item of TWO_PART) {
    for (const query of item.en) add('two-part', query, item.relevant);
    add('two-part-zh', item.zh, item.relevant);
  }
  for (const [query, relevant] of CONVERSATIONAL_NEW) add('conv-new', query, relevant);
  for (const [query, relevant] of CONVERSATIONAL_DEV) add('conv-dev', query, relevant);
  for (const [query, relevant] of CONVERSATIONAL_FRESH) add('conv-fresh', query, relevant);
  for (const [query, relevant] of CONVERSATIONAL_BLIND) add('conv-blind', query, relevant);
  for (const [query, relevant] of CONVERSATIONAL_BLIND_DEV) add('conv-blind-dev', query, relevant);
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
    const split = request.kind === 'conv-new' || request.kind === 'conv-fresh' || request.kind === 'conv-blind' ? 'holdout' : request.kind === 'conv-dev' || request.kind === 'conv-blind-dev' ? 'tune' : fnv(request.query) % 2 === 0 ? 'tune' : 'holdout';
    set.push({ ...request, split });
  }
  return set;
}
