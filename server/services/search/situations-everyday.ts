/**
 * Everyday situations: how people describe their life, a plan, a problem, a memory or a wish
 * that implies one of the catalogue's 40 topics without naming it ("my kids have never seen
 * snow" → a family ski trip). Same shape as SITUATIONS (situations.ts): every cue of the list
 * must match the lower-cased request (or the simplified Chinese one), at places of its own. They
 * are read as hints (situations.ts marks them soft): `terms` (catalogue words of that topic, most
 * important first) join the request's own words at half weight, nothing is taken out, and a
 * curated situation wins over them.
 *
 * Written from the topic vocabulary (server/catalogue/topics) and general knowledge of how people
 * talk — not from any list of benchmark requests. The cues were first written for a reading that
 * took them out of the request, so they stay off words the search itself needs (an instrument,
 * an animal, a language): a country or language name is only looked at with a lookahead; the
 * same trick keeps board-game situations off video-game requests (NOT_VIDEO_GAMES).
 *
 * Each topic has a first batch and, after it, a second batch ("<topic>, second batch"): other
 * people, life events, places and feelings than the first, so that more ways of describing a life
 * reach the topic. A new situation must be a different life situation, not a rephrasing.
 */
import type { Situation } from './situations';

// Shared cues (English, lower-case).
const KIDS =
  /\b(?:kids?|children|child|toddlers?|little ones|(?:my|our) (?:son|daughter|boy|girl|sons|daughters)|nephew|niece|grandkids|grandchildren)\b/;
const ELDER =
  /\b(?:(?:my|our|his|her) (?:mum|mom|dad|mother|father|parents|nan|nana|gran|granny|grandma|grandmother|grandpa|grandad|grandfather)|grandparents|elderly|seniors?|pensioners?|in (?:his|her|their) (?:70s|80s|seventies|eighties))\b/;
const PHOTO = /\b(?:photos?|pictures?|pics|snaps|photograph\w*|camera)\b/;
/** Cooking at home (not "eat" or "food", which travellers say too). */
const COOK_AT_HOME =
  /\b(?:dinners?|suppers?|meals?|cook(?:ing)?|recipes?|groceries|food shop|feed (?:the family|us|everyone|the kids|them))\b/;
const BIKE = /\b(?:bikes?|bicycles?|cycl(?:e|es|ing)|pedal\w*|e-?bikes?)\b/;
const GAME_DEVICE =
  /\b(?:video ?games?|gaming|consoles?|nintendo|(?:the|my|a) switch|controllers?|ps[45]|playstation|xbox|steam deck|pc games?)\b/;
/** Empty match when the request is not about video games (board games for two, for the family). */
const NOT_VIDEO_GAMES = /^(?![\s\S]*\b(?:video ?games?|gaming|consoles?|playstation|xbox|nintendo|split[- ]screen)\b)/;
const BOUGHT = /\b(?:got|bought|gift(?:ed)?|present|new|sitting|unused|never used|gathering dust|dusty)\b/;

// Shared cues (Chinese, simplified).
const KIDS_ZH = /孩子|小孩|儿子|女儿|娃|小朋友|宝宝/;
const ELDER_ZH = /爸妈|父母|我妈|我爸|老人|老年|爷爷|奶奶|外婆|外公|姥姥|姥爷|长辈/;
const PHOTO_ZH = /拍照|照片|拍的|拍出来|摄影|拍摄|(?<!球)拍(?!手)/;
const COOK_ZH = /做饭|做菜|吃饭|饭菜|三餐|伙食|买菜|下厨/;
const TRIP_ZH = /旅行|旅游|出去玩|出国|度假|出门玩/;
const BIKE_ZH = /自行车|单车|骑车|骑行|电助力/;

export const EVERYDAY_SITUATIONS: Situation[] = [
  // pets: a new animal at home, its care and what it gets up to
  {
    name: 'adopting a pet',
    en: [/\b(?:adopt(?:ed|ing)?|rescue[ds]?|rehom\w*|(?:from|at) (?:a|the) shelter)\b/, /\b(?:dogs?|pupp(?:y|ies)|cats?|kittens?|pets?|greyhounds?)\b/],
    zh: [/领养|收养|救助站|流浪/, /狗|猫|宠物/],
    terms: 'rescue adoption shelter pets',
  },
  {
    name: 'first pet for a child',
    en: [KIDS, /\b(?:first pet|(?:a|small) pet|hamsters?|guinea pigs?|rabbits?(?! out)|bunn(?:y|ies)|goldfish)\b/],
    zh: [KIDS_ZH, /养宠物|养只|仓鼠|兔子|豚鼠|第一只宠物|小宠物/],
    terms: 'small pets hamster guinea pig',
  },
  {
    name: 'pet grooming',
    en: [/\b(?:dogs?|pupp(?:y|ies)|cats?|poodles?|doodles?|husk(?:y|ies))\b/, /\b(?:shed(?:s|ding)|matted|fur everywhere|groom\w*|needs? a (?:bath|haircut|trim)|nails? (?:are )?(?:too )?long)\b/],
    zh: [/狗|猫/, /掉毛|剃毛|洗澡|美容|打结|毛太长|剪指甲/],
    terms: 'grooming haircut dog',
  },
  {
    name: 'pet alone at home',
    en: [/\b(?:dogs?|pupp(?:y|ies)|cats?|kittens?)\b/, /\b(?:home alone|left alone|leave (?:him|her|them|it) alone|while (?:i'?m|we'?re|i am|we are) (?:at work|out|away)|separation anxiety|bored (?:all day|at home)|when (?:i|we) (?:leave|go out))\b/],
    zh: [/狗|猫/, /独自在家|一个人在家|上班的时候|出门(?:就|以后)|分离焦虑|在家无聊/],
    terms: 'pets toys training',
  },
  {
    name: 'new puppy or kitten',
    en: [/\b(?:(?:new|got a|getting a|bringing home (?:a|our)|adopted a|picking up (?:a|our|my)) (?:kitten|puppy)|(?:kitten|puppy) (?:arrives|is coming|comes home))\b/],
    zh: [/新养了|刚领|刚接|要接|刚到家|带回家|刚养了/, /小猫|小狗|幼犬|幼猫|奶猫|狗崽/],
    terms: 'puppy kitten care beginners',
  },
  {
    name: 'pet for a small flat',
    en: [/\b(?:flat|apartment|small place|studio|no garden|no yard)\b/, /\b(?:pets?|animal to keep|hamsters?|guinea pigs?|fish tank|aquarium|get a (?:dog|cat))\b/],
    zh: [/公寓|小房子|出租屋|没有院子|房子小/, /宠物|养只|仓鼠|鱼缸|养狗|养猫/],
    terms: 'small pets hamster fish aquarium',
  },
  {
    name: 'cute animals to cheer up',
    en: [/\b(?:cheer (?:me|us|her|him) up|rough (?:day|week)|bad (?:day|week)|feeling (?:down|low|blue|sad)|need a smile)\b/, /\b(?:cute|adorable|animals?|fluffy|puppies|kittens)\b/],
    zh: [/心情不好|难过|不开心|糟糕的一天|累了一周/, /可爱|萌|毛茸茸|小动物/],
    terms: 'cute funny pets animals',
  },

  // pets, second batch: moves, a new baby, old age, minding a friend's animal, mischief, tricks, unusual pets, a second pet
  {
    name: 'moving house with a pet',
    en: [/\b(?:moving (?:house|home|flats?|abroad|countries)|move house|(?:new|the new) (?:house|flat|home|apartment)|relocat\w*|moving (?:to|into) a new)\b/, /\b(?:dogs?|cats?|kittens?|pupp(?:y|ies)|pets?|rabbits?|hamsters?)\b/],
    zh: [/搬家|搬新家|新家|搬到/, /狗|猫|宠物|兔子|仓鼠/],
    terms: 'pet care home dog cat',
  },
  {
    name: 'a baby on the way and the pets',
    en: [/\b(?:new ?born|(?:a|the|our|new) baby|baby (?:is )?(?:due|coming|arrives)|(?:i'?m|we'?re|i am|we are|wife is|she is|she'?s) (?:pregnant|expecting))\b/, /\b(?:dogs?|cats?|pets?|pupp(?:y|ies)|kittens?)\b/],
    zh: [/(?<!狗|猫)宝宝|婴儿|新生儿|怀孕|生孩子|生娃/, /狗|猫|宠物/],
    terms: 'pets training friendship',
  },
  {
    name: 'an old pet slowing down',
    en: [/\b(?:(?:my|our|the) (?:old|elderly|senior|ageing|aging) (?:dog|cat|lab|labrador)|(?:dog|cat) is (?:getting )?(?:old|older|on a bit)|(?:1[0-9]|ten|eleven|twelve|thirteen|fourteen|fifteen)[- ]years?[- ]old (?:dog|cat|lab|labrador))\b/],
    zh: [/老狗|老猫|狗老了|猫老了|(?:狗|猫).{0,4}(?:年纪大了|上了年纪)|十几岁的(?:狗|猫)/],
    terms: 'pet care sleeping dog cat',
  },
  {
    name: "minding a friend's pet",
    en: [/\b(?:(?:dog|cat|pet)[- ]?sitt\w*|(?:looking|look|looked) after (?:my |a |our |the )?(?:friend|neighbou?r|sister|brother|mum|mom|parent|colleague|boss)s?'?s? (?:dog|cat|pets?|pupp(?:y|ies)|kitten|hamster|rabbit|guinea pig))\b/],
    zh: [/帮(?:朋友|邻居|同事|姐姐|哥哥|妹妹|弟弟|爸妈)(?:照顾|看|养)(?:一下|几天)?(?:狗|猫|宠物|仓鼠|兔子)|寄养/],
    terms: 'pet care guide beginners',
  },
  {
    name: 'a pet that steals',
    en: [/\b(?:dogs?|cats?|kittens?|pupp(?:y|ies))\b/, /\b(?:stole|steals?|stealing|nick(?:s|ed)|ran off with|runs? off with|pinch(?:es|ed)|hides? (?:my|our) (?:socks|shoes|keys))\b/],
    zh: [/狗|猫/, /偷吃|偷走|叼走|偷袜子|抢吃的|藏(?:袜子|鞋)/],
    terms: 'mischief funny cat dog',
  },
  {
    name: 'teaching a pet tricks',
    en: [/\b(?:teach(?:ing)? (?:him|her|it|them|my dog|my cat|our dog|our cat|the dog|the puppy|my puppy) (?:a |some )?(?:new )?tricks?|tricks? to teach|(?:learn|do) (?:a )?high five|play dead|roll over|shake (?:a )?paw)\b/],
    zh: [/教(?:狗|猫|它|狗狗|猫咪).{0,4}(?:新)?(?:技能|把戏|握手|击掌|转圈)|学会(?:握手|击掌|转圈)/],
    terms: 'commands training clever dog cat',
  },
  {
    name: 'an unusual pet',
    en: [/\b(?:reptiles?|lizards?|bearded dragons?|tortoises?|geckos?|parrots?|cockatiels?|budgies?|chinchillas?|ferrets?|hedgehogs?)\b/, /\b(?:(?:want|wants|wanted|getting|get|got|buy|bought|keep|keeping|adopt\w*) (?:a|one|an)|look(?:ing)? after|care for|first|beginners?|tank|cage|vivarium|as a pet)\b/],
    zh: [/爬宠|蜥蜴|陆龟|鹦鹉|玄凤|龙猫|雪貂|守宫|刺猬/, /养|照顾|想要|新手|饲养|笼子/],
    terms: 'reptile bird pet care',
  },
  {
    name: 'a second pet',
    en: [/\b(?:second (?:dog|cat|kitten|puppy|pet)|another (?:dog|cat|kitten|puppy|pet)|(?:get|gets|getting) (?:on|along) with (?:each other|the (?:new )?(?:dog|cat|kitten|puppy))|introduc\w* (?:a|the|our) (?:new )?(?:dog|cat|kitten|puppy))\b/],
    zh: [/第二只(?:狗|猫)|再养一只|(?:狗|猫).{0,6}(?:合不来|处不来|打架)|新来的(?:狗|猫)/],
    terms: 'friendship pets cat dog',
  },

  // wildlife: wild animals at home and away, and caring about them
  {
    name: 'national park visit',
    en: [/\b(?:yellowstone|national parks?|alaska|borneo|amazon rainforest|the rockies)\b/, /\b(?:spot(?:ting)?|animals|wildlife|bears?|wolves|wolf|moose|elk|bison)\b/],
    zh: [/国家公园|黄石|阿拉斯加|婆罗洲|亚马逊/, /动物|看到|熊|狼|野生/],
    terms: 'wildlife national park bear wolf',
  },
  {
    name: 'bear country',
    en: [/\b(?:(?:a|the|black|brown) bears?|bears\b|grizzl(?:y|ies)|wolves|moose|cougars?)\b/, /\b(?:camping|hiking|cabin|trip|woods|forest|canada|alaska|encounter|run into|meet)\b/],
    zh: [/熊|狼/, /露营|徒步|森林|山里|遇到|碰到/],
    terms: 'bear wolf wildlife encounter',
  },
  {
    name: 'endangered animals',
    en: [/\b(?:endangered|go(?:ing)? extinct|extinction|poach\w*|deforestation|habitat loss|save the (?:animals|rainforest))\b/],
    zh: [/濒危|灭绝|偷猎|保护动物|栖息地|砍伐森林/],
    terms: 'conservation endangered wildlife',
  },
  {
    name: 'animals in winter',
    en: [/\b(?:animals?|wildlife|creatures)\b/, /\b(?:survive (?:the )?(?:winter|cold)|hibernat\w*|in (?:the )?winter|freezing)\b/],
    zh: [/动物/, /过冬|冬眠|冬天怎么活|怎么熬过冬天/],
    terms: 'wildlife winter survival',
  },
  {
    name: 'nature programmes',
    en: [/\b(?:attenborough|nature (?:programmes?|programs?|shows?|docs?|documentar(?:y|ies))|planet earth|animal documentar(?:y|ies))\b/],
    zh: [/自然纪录片|动物纪录片|动物世界|地球脉动|人与自然/],
    terms: 'wildlife documentary nature',
  },
  {
    name: 'night visitors in the garden',
    en: [
      /\b(?:garden|yard|backyard|lawn|bins?)\b/,
      /\b(?:at night|overnight|in the night|nocturnal|camera trap|trail cam(?:era)?|night vision)\b/,
      /\b(?:animals?|creatures?|foxes|fox|badgers?|hedgehogs?|deer|raccoons?|critters?|visitors?|who(?:'s| is) (?:visiting|coming))\b/,
    ],
    zh: [/院子|花园|后院|垃圾桶/, /晚上|夜里|半夜|红外相机/, /动物|狐狸|刺猬|獾|浣熊|什么东西/],
    terms: 'camera trap wildlife fox',
  },
  {
    name: 'volunteering with wildlife',
    en: [/\b(?:volunteer\w*|sanctuary|ranger|conservation (?:project|job|work))\b/, /\b(?:wildlife|africa|borneo|rainforest|jungle|orangutans?|elephants?|rhinos?)\b/],
    zh: [/志愿者|做义工|保护区|护林员|救助中心/, /野生动物|非洲|雨林|红毛猩猩|大象|犀牛/],
    terms: 'ranger rescue conservation wildlife',
  },

  // wildlife, second batch: baby animals, predators, Australia and Scotland, a hurt animal found, migration, a career with animals, animal minds
  {
    name: 'baby animals in spring',
    en: [/\b(?:baby animals|newborn animals|animal babies|(?:bear|lion|fox|wolf|tiger|panda|cheetah) cubs?|young animals)\b/],
    zh: [/动物宝宝|动物幼崽|幼崽|刚出生的小(?:动物|熊|狮子|象)/],
    terms: 'baby animals newborn wildlife',
  },
  {
    name: 'the food chain',
    en: [/\b(?:predators?|food chain|(?:hunt|hunts|hunting) (?:and kill|other animals|its prey)|(?:eat|eats|ate|kill|kills|killed) (?:other |the baby |baby |smaller )?animals|prey)\b/],
    zh: [/食物链|捕猎|猎食|捕食|吃掉(?:别的|其他)动物|猎物/],
    terms: 'predator hunting wildlife documentary',
  },
  {
    name: 'Australian animals',
    en: [/\b(?=(?:australia|the outback|tasmania|queensland)\b)/, /\b(?:wildlife|animals|kangaroos?|koalas?|wombats?|creatures|marsupials?)\b/],
    zh: [/(?=澳大利亚|澳洲|塔斯马尼亚)/, /动物|袋鼠|考拉|树袋熊|袋熊|野生/],
    terms: 'kangaroo koala australia marsupial',
  },
  {
    name: 'Highland wildlife',
    en: [/\b(?=(?:scotland|the highlands|the scottish highlands|skye|the cairngorms)\b)/, /\b(?:wildlife|animals|otters?|red deer|stags?|red squirrels?|golden eagles?|pine martens?|wildcats?)\b/],
    zh: [/苏格兰|高地/, /野生动物|动物|水獭|马鹿|红松鼠|金雕/],
    terms: 'scottish highlands scotland wildlife otter',
  },
  {
    name: 'a hurt wild animal found',
    en: [/\b(?:found|find|came across|there(?:'s| is) an?)\b/, /\b(?:injured|orphan\w*|abandoned|alone|hurt|limping|stranded)\b/, /\b(?:hedgehogs?|fox(?:es)?|deer|fawns?|badgers?|squirrels?|bats?|wild animals?|seal pup)\b/],
    zh: [/捡到|发现|遇到|看到/, /受伤|被遗弃|孤零零|落单|走不动/, /刺猬|狐狸|小鹿|松鼠|蝙蝠|野生动物/],
    terms: 'rescue orphaned ranger wildlife',
  },
  {
    name: 'the great migration',
    en: [/\b(?:wildebeest|great migration|(?:animals?|herds?|caribou|zebras?|reindeer) (?:migrat\w*|crossing)|river crossing)\b/],
    zh: [/大迁徙|角马|动物迁徙|过河的(?:角马|斑马)/],
    terms: 'migration river crossing serengeti',
  },
  {
    name: 'a career with animals',
    en: [/\b(?:zoolog(?:y|ist)|(?:be|become|becoming) a (?:zookeeper|wildlife (?:vet|biologist|ranger|photographer))|work(?:ing)? with (?:wild )?animals)\b/],
    zh: [/动物学|当(?:动物园)?饲养员|和动物打交道|研究动物|动物学家|野生动物保护员/],
    terms: 'conservation ranger wildlife behaviour',
  },
  {
    name: 'what animals feel',
    en: [/\b(?:do animals (?:have )?(?:feel\w*|emotions|grieve|think|dream|love)|how (?:smart|clever|intelligent) (?:are )?animals|animals? (?:intelligence|emotions|feelings)|animals (?:have|feel) (?:feelings|emotions|pain|love))\b/],
    zh: [/动物有感情|动物会思考|动物有多聪明|动物会伤心|动物的情感/],
    terms: 'behaviour secret life documentary wildlife',
  },

  // birds: song, nests, the coast and birds of prey
  {
    name: 'dawn chorus',
    en: [/\b(?:dawn chorus|chirp\w*|birds? (?:singing|song)|singing (?:outside )?(?:every|at|in the) (?:morning|dawn))\b/],
    zh: [/鸟叫|鸟鸣|叽叽喳喳|什么鸟在叫/],
    terms: 'birdsong songbird nature sounds',
  },
  {
    name: 'nesting birds',
    en: [/\b(?:nest(?:s|ing)?|chicks|fledgl\w*|baby birds?)\b/, /\b(?:birds?|robins?|blackbirds?|swallows?|under the roof|in (?:the|our) (?:hedge|gutter|eaves|roof|tree))\b/],
    zh: [/鸟窝|筑巢|做窝|雏鸟|小鸟孵|鸟蛋/],
    terms: 'nest chicks baby birds',
  },
  {
    name: 'binoculars hobby',
    en: [/\bbinoculars\b/, /\b(?:hobby|retire\w*|walks?|reserve|marsh|lake|woods|spot|identify|gift|present)\b/],
    zh: [/望远镜/, /观鸟|看鸟|爱鸟|鸟/],
    terms: 'birdwatching beginners birding',
  },
  {
    name: 'hooting at night',
    en: [/\bhoot(?:s|ing|ed)?\b/, /\b(?:night|outside|woods|window|garden)\b/],
    zh: [/猫头鹰|夜里.{0,6}(?:咕咕|鸟叫)/],
    terms: 'owl barn owl night birds',
  },
  {
    name: 'seabird colonies',
    en: [/\b(?:sea ?cliffs|cliffs?|islands?|coast(?:al)? (?:walk|path))\b/, /\b(?:birds?|nesting|colony|colonies|gulls?|seagulls?)\b/],
    zh: [/海鸟|悬崖|海鸥|海岛/],
    terms: 'seabird puffin sea cliffs',
  },
  {
    name: 'birds of prey overhead',
    en: [/\b(?:hawks?|falcons?|kestrels?|buzzards?|eagles?|raptors?)\b/, /\b(?:sky|circling|overhead|swoop\w*|caught|snatched|hunting|pigeons?|mice|above)\b/],
    zh: [/老鹰|(?<!猫头)鹰|隼|猛禽/],
    terms: 'raptor eagle falcon birds',
  },
  {
    name: 'photographing birds',
    en: [/\b(?:birds?|birdies)\b/, PHOTO],
    zh: [/鸟/, PHOTO_ZH],
    terms: 'bird photography birds camera',
  },

  // birds, second batch: a bird in trouble, winter feeding, nest boxes, wetlands, Antarctica, city birds, hummingbirds, swans and ducklings
  {
    name: 'a bird in trouble',
    en: [/\b(?:birds?|pigeons?|robins?|sparrows?|blackbirds?|tits?)\b/, /\b(?:flew into|hit (?:the|our|my) window|injured|hurt|broken wing|can'?t fly|stunned|fell out of)\b/],
    zh: [/鸟|鸽子|麻雀/, /撞(?:到)?(?:窗|玻璃)|受伤|飞不起来|翅膀断|掉下来/],
    terms: 'garden birds songbird wildlife',
  },
  {
    name: 'feeding birds through winter',
    en: [/\b(?:birds?|birdies|robins?|tits)\b/, /\b(?:winter|freezing|cold snap|snow(?:y|ing)?|frost(?:y)?|cold (?:weather|nights?))\b/, /\b(?:feed\w*|food|seeds?|fat balls?|suet|water|help (?:them|the birds))\b/],
    zh: [/鸟/, /冬天|天冷|下雪|结冰|寒冷/, /喂|吃的|鸟食|帮/],
    terms: 'bird feeder garden feeding birds',
  },
  {
    name: 'putting up a nest box',
    en: [/\b(?:nest ?box(?:es)?|bird ?box(?:es)?|bird ?houses?|birdhouses?)\b/],
    zh: [/鸟屋|鸟箱|巢箱|人工鸟巢|鸟窝箱/],
    terms: 'nest box birds diy',
  },
  {
    name: 'a wetland walk',
    en: [/\b(?:wetlands?|marsh(?:es)?|estuar(?:y|ies)|mudflats?|reed ?beds?|nature reserve|salt ?marsh)\b/, /\b(?:birds?|herons?|egrets?|waders?|flamingos?|ducks?|geese|spoonbills?|cranes)\b/],
    zh: [/湿地|沼泽|河口|滩涂|芦苇/, /鸟|鹭|白鹭|火烈鸟|鸭|天鹅|鹤/],
    terms: 'wetland wading bird heron birdwatching',
  },
  {
    name: 'going to Antarctica',
    en: [/\b(?:antarctica|antarctic|south georgia|falklands|drake passage)\b/],
    zh: [/南极/],
    terms: 'emperor penguin antarctica birds',
  },
  {
    name: 'birds of the city',
    en: [/\b(?:pigeons?|seagulls?|gulls|crows?|magpies?|starlings?|parakeets?)\b/, /\b(?:balcony|city|street|town|steal\w*|stole|swoop\w*|everywhere|roof|chips|nois\w*|clever|smart|murmuration)\b/],
    zh: [/鸽子|海鸥|乌鸦|喜鹊|椋鸟/, /阳台|城市|街上|抢|偷|聪明|到处|屋顶/],
    terms: 'urban wildlife city park birds',
  },
  {
    name: 'hummingbirds at the window',
    en: [/\b(?:hummingbirds?|hummers|nectar feeders?|sugar water|tiny birds? (?:hovering|that hovers?))\b/],
    zh: [/蜂鸟|像蜜蜂一样的小鸟/],
    terms: 'hummingbird tiny bird nectar',
  },
  {
    name: 'swans and ducklings',
    en: [/\b(?:ducklings|cygnets|goslings|swans?|ducks?|geese|moorhens?|coots?)\b/, /\b(?:pond|river|canal|lake|park|babies|feed(?:ing)?|bread|nest\w*)\b/],
    zh: [/小鸭|天鹅|鸭子|大雁|野鸭/, /池塘|河|湖|公园|喂|面包/],
    terms: 'mute swan river birds',
  },

  // ocean: the sea up close, its creatures and its dangers
  {
    name: 'first snorkel',
    en: [/\b(?:snorkel\w*|scuba|padi|open water (?:course|certificate)|(?:learn(?:ing)? to|go|going|first) (?:dive|diving))\b/],
    zh: [/浮潜|潜水|考潜水证/],
    terms: 'snorkeling diving coral reef underwater',
  },
  {
    name: 'tropical reef holiday',
    en: [/\b(?:maldives|red sea|great barrier reef|galapagos|caribbean|tropical islands?|coral)\b/],
    zh: [/马尔代夫|红海|大堡礁|加拉帕戈斯|加勒比|热带海岛|珊瑚/],
    terms: 'coral reef underwater tropical marine',
  },
  {
    name: 'boat trip out to sea',
    en: [/\b(?:boat (?:trip|tour)|ferry crossing|out on a boat|going out to sea|whale[- ]watching)\b/],
    zh: [/出海|坐船|游船|观鲸/],
    terms: 'whale dolphin boat marine life',
  },
  {
    name: 'fear of deep water',
    en: [/\b(?:(?:scared|afraid|terrified|frightened) of (?:the )?(?:deep|sea|ocean|open water|deep water)|thalassophobia|what(?:'s| is| lives) (?:down there|at the bottom|in the deep))\b/],
    zh: [/怕深海|深海恐惧|海底下有什么|害怕大海|海底有什么/],
    terms: 'deep sea ocean underwater',
  },
  {
    name: 'after the aquarium',
    en: [/\b(?:(?:went|been|going|trip|visit\w*) to (?:the |an )?aquarium|sea life (?:centre|center)|sealife)\b/],
    zh: [/海洋馆|水族馆|海洋公园/],
    terms: 'marine life ocean underwater fish',
  },
  {
    name: 'plastic in the sea',
    en: [/\b(?:plastic (?:pollution|waste|rubbish|everywhere|in the|on the)|litter|rubbish|pollution|oil spill)\b/, /\b(?:sea|ocean|beach|turtles?|marine)\b/],
    zh: [/塑料|垃圾|污染/, /海|海洋|海滩|海龟/],
    terms: 'ocean conservation rescue marine',
  },
  {
    name: 'rock pooling',
    en: [/\b(?:rock ?pool(?:s|ing)?|tide ?pools?)\b/],
    zh: [/赶海|潮池|礁石.{0,4}(?:螃蟹|小鱼)/],
    terms: 'marine life ocean sea',
  },

  // ocean, second batch: stranded animals, sharks, a glowing sea, a career at sea, octopuses, kelp and otters, Hawaii, jellyfish
  {
    name: 'a stranded sea creature',
    en: [/\b(?:stranded|beached|washed up|wash(?:ed)? ashore|on the beach)\b/, /\b(?:whales?|dolphins?|seals?|sea turtles?|porpoises?|orcas?)\b/],
    zh: [/搁浅|冲上岸|冲上海滩|困在海滩/],
    terms: 'stranded rescue whale conservation',
  },
  {
    name: 'scared of sharks',
    en: [/\b(?:sharks?|jaws)\b/, /\b(?:scared|afraid|terrified|fear|dangerous|attacks?|bite|bites|swim with|safe)\b/],
    zh: [/鲨鱼/, /怕|害怕|危险|咬|攻击|安全|一起游/],
    terms: 'shark gentle giant underwater',
  },
  {
    name: 'a glowing sea',
    en: [/\b(?:glow(?:ing|ed|s)?|sparkl\w*|lit up|blue light|bioluminescen\w*)\b/, /\b(?:waves?|water|sea|beach|ocean|plankton|shore)\b/],
    zh: [/荧光海|蓝眼泪|发光的海|海水发光|海浪发光/],
    terms: 'bioluminescence night dive ocean',
  },
  {
    name: 'a life at sea',
    en: [/\b(?:marine biolog\w*|oceanograph\w*|work (?:in|with|on) the (?:ocean|sea)|study the (?:ocean|sea))\b/],
    zh: [/海洋生物学|海洋学家|研究海洋|海洋生物专业/],
    terms: 'marine biology ocean education',
  },
  {
    name: 'a clever octopus',
    en: [/\b(?:my octopus teacher|octop(?:us|uses|i) (?:are|is) (?:so )?(?:clever|smart|intelligent)|how (?:smart|clever|intelligent) (?:is an? |are )octop\w*)\b/],
    zh: [/章鱼.{0,4}(?:聪明|智商|会思考)|我的章鱼老师/],
    terms: 'octopus clever cephalopod',
  },
  {
    name: 'kelp and sea otters',
    en: [/\b(?:monterey|kelp|sea otters?)\b/],
    zh: [/海带森林|海藻森林|海獭|蒙特雷/],
    terms: 'kelp forest sea otter california',
  },
  {
    name: 'Hawaiian waters',
    en: [/\b(?=(?:hawaii|maui|oahu|kauai)\b)/, /\b(?:turtles?|snorkel\w*|sea life|marine|underwater|ocean|whales?|dolphins?|fish|reef)\b/],
    zh: [/夏威夷/, /海龟|浮潜|海洋|鲸|海豚|鱼|珊瑚/],
    terms: 'sea turtle hawaiian coast pacific',
  },
  {
    name: 'jellyfish on the beach',
    en: [/\bjelly ?fish\b/, /\b(?:sting\w*|stung|beach|washed up|everywhere|so many|dangerous|what are|swarm\w*)\b/],
    zh: [/水母/],
    terms: 'jellyfish marine life ocean',
  },

  // timelapse: skies, seasons and slow change, sped up
  {
    name: 'hoping to see the lights',
    en: [/\b(?:troms[oø]|lapland|iceland|arctic circle|far north|northern norway)\b/, /\b(?:(?:see|seeing|catch|chase|chasing) (?:the )?lights|lights (?:dance|dancing)|aurora|sky)\b/],
    zh: [/冰岛|挪威|芬兰|北极|拉普兰/, /极光|夜空/],
    terms: 'northern lights aurora night sky',
  },
  {
    name: 'calm visuals on a screen',
    en: [/\b(?:on the (?:big )?(?:tv|telly|screen|projector)|screensaver|waiting room|(?:shop|office|clinic|reception|cafe) (?:screen|tv)|digital frame)\b/, /\b(?:calm\w*|relax\w*|peaceful|soothing|pretty|beautiful|scenery|nature)\b/],
    zh: [/电视上|大屏|屏保|投影|候诊室|店里的屏幕/, /放松|安静|好看|风景|舒缓|平静/],
    terms: 'timelapse relaxing scenery 4k',
  },
  {
    name: 'missing the stars',
    en: [/\b(?:light pollution|(?:never|can'?t|cannot|barely) see (?:any |the )?stars|miss (?:seeing )?(?:the )?stars)\b/],
    zh: [/光污染|看不到星星|看不见星星|很久没看星星/],
    terms: 'milky way night sky timelapse',
  },
  {
    name: 'leaves turning',
    en: [/\b(?:leaves (?:turn(?:ing)?|chang\w*)|autumn colou?rs|fall foliage|fall colou?rs)\b/],
    zh: [/秋叶|叶子变色|叶子变黄|红叶|秋天的颜色/],
    terms: 'autumn leaves timelapse seasons',
  },
  {
    name: 'missing sunrises',
    en: [/\b(?:(?:never|rarely|can'?t) (?:get|wake) up (?:early enough|in time)|miss(?:ed)? the sun ?rise|watch(?:ing)? the sun (?:come up|go down|set|rise))\b/],
    zh: [/看日出|看日落|看太阳升起|起不来看日出/],
    terms: 'sunrise sunset timelapse golden hour',
  },
  {
    name: 'watching clouds',
    en: [/\b(?:watch(?:ing)? (?:the )?clouds|clouds? (?:roll(?:ing)?|drift\w*|go(?:ing)? by|pass(?:ing)?))\b/],
    zh: [/看云|云卷云舒|云飘/],
    terms: 'clouds timelapse sky',
  },
  {
    name: 'sped up growth',
    en: [/\b(?:watch (?:it|them) (?:open|grow|bloom)|sped up|speeded up|fast[- ]forward\w*|in fast motion)\b/],
    zh: [/加速|快进|看着.{0,4}(?:开花|长大|长出来)/],
    terms: 'timelapse flower blooming',
  },

  // timelapse, second batch: lava, fog in a valley, a year of seasons, meteors, the desert, ice, a storm rolling in, nature from a sickbed
  {
    name: 'a volcano erupting',
    en: [/\b(?:volcano(?:es)?|lava|erupt\w*)\b/, /\b(?:iceland|hawaii|etna|watch(?:ing)?|glow\w*|at night|live|film\w*|flowing|real)\b/],
    zh: [/火山|岩浆/, /喷发|冰岛|夏威夷|夜里|直播|流动|发光/],
    terms: 'volcano lava timelapse',
  },
  {
    name: 'fog in the valley',
    en: [/\b(?:fog|mist|misty|foggy|cloud inversion|sea of clouds)\b/, /\b(?:valley|mountains?|hills?|lake|morning|roll\w*|drift\w*|below us|sunrise)\b/],
    zh: [/云海|晨雾|平流雾|山谷.{0,3}雾|雾气/],
    terms: 'rolling fog mist timelapse',
  },
  {
    name: 'a year in one place',
    en: [/\b(?:(?:through|across|over) (?:the|a|one|a whole) (?:year|seasons)|four seasons|all (?:four )?seasons|season by season|every season)\b/, /\b(?:trees?|garden|view|window|landscape|valley|field|place|same spot|lake)\b/],
    zh: [/四季|一年四季|季节变化/, /树|窗外|风景|同一个地方|山谷|田野|湖/],
    terms: 'seasons year timelapse landscape',
  },
  {
    name: 'a meteor shower',
    en: [/\b(?:meteor (?:shower|showers|storm)|shooting stars?|perseids|geminids|leonids)\b/],
    zh: [/流星雨|流星|英仙座|双子座流星/],
    terms: 'meteor shower shooting stars timelapse',
  },
  {
    name: 'desert skies',
    en: [/\b(?:deserts?|sand dunes?|dunes|sahara|wadi rum|namib|atacama|mojave)\b/, /\b(?:nights?|stars|sunsets?|sunrise|sky|light|shadows?|colou?rs|camp\w*)\b/],
    zh: [/沙漠|沙丘|撒哈拉/, /夜|星空|日落|日出|天空|光影/],
    terms: 'desert sand dunes timelapse',
  },
  {
    name: 'ice and glaciers',
    en: [/\b(?:glaciers?(?! express)|icebergs?|ice ?caps?|ice ?sheets?|melting ice|ice melt\w*|thaw\w*)\b/],
    zh: [/冰川(?!快车)|冰山|融冰|冰雪融化|解冻/],
    terms: 'icelandic glacier melting ice timelapse',
  },
  {
    name: 'a storm rolling in',
    en: [/\b(?:storms?|thunderstorms?|lightning|clouds)\b/, /\b(?:roll(?:ing|ed)? in|coming in|building|brewing|across the (?:sky|plains|valley|sea)|from (?:the|my|our) (?:window|balcony|porch))\b/],
    zh: [/暴风雨|雷雨|乌云|闪电/, /压过来|滚滚|来了|窗外|阳台/],
    terms: 'lightning storm timelapse clouds',
  },
  {
    name: 'nature from a sickbed',
    en: [/\b(?:housebound|bed-?bound|stuck in (?:bed|hospital)|can'?t (?:travel|get out|go outside)(?: any ?more)?|laid up|in hospital|recovering from)\b/, /\b(?:nature|mountains|scenery|landscapes?|outdoors|the sea|views?|the world|beautiful places?)\b/],
    zh: [/住院|卧床|出不了门|不能出门|行动不便|养病/, /风景|大自然|山|海|外面的世界/],
    terms: 'scenery landscape timelapse relaxing',
  },

  // gardening: a garden of one's own and its troubles through the year
  {
    name: 'new home with a garden',
    en: [/\b(?:(?:new|first) (?:house|home|place)|(?:just |recently )?moved|bought a (?:house|home)|moving in)\b/, /\b(?:garden(?:ing)?|overgrown|weeds?|flower ?beds?|lawn|veg(?:etable)? patch)\b/],
    zh: [/新家|搬家|刚搬|新房/, /院子|花园|草坪|杂草|菜地/],
    terms: 'gardening garden raised beds',
  },
  {
    name: 'grow our own food',
    en: [/\b(?:grow(?:ing)? (?:my|our) own|grow (?:our|my|some) (?:food|veg\w*)|self[- ]sufficien\w*|cost of (?:food|veg\w*)|food prices)\b/],
    zh: [/自己种|自给自足|种菜省钱|菜价/],
    terms: 'vegetables harvest seeds gardening',
  },
  {
    name: 'a plot of our own',
    en: [/\b(?:(?:got|get|have|rent\w*|on) (?:a|an|our|my) (?:plot|patch) (?:at|in|on)|community garden)\b/],
    zh: [/开心农场|租了块地|一块菜地|社区菜园/],
    terms: 'allotment vegetables raised beds',
  },
  {
    name: 'pests on the plants',
    en: [/\b(?:slugs?|snails?|aphids?|greenfly|caterpillars?|something(?:'s| is)? eating|holes in|bugs? on|pests?)\b/, /\b(?:lettuces?|cabbages?|plants?|leaves|veg\w*|tomatoes|roses|seedlings|hostas?|beans?)\b/],
    zh: [/虫子|蜗牛|蚜虫|被咬|被吃|有洞|害虫/, /菜|叶子|植物|花|苗|番茄/],
    terms: 'pests organic natural gardening',
  },
  {
    name: 'shady garden',
    en: [/\b(?:north[- ]facing|shady|in (?:the )?shade|(?:never|doesn'?t|don'?t) get (?:much |any )?sun|gets? no sun)\b/, /\b(?:garden|yard|corner|plants?|grow|flowers?|balcony|beds?)\b/],
    zh: [/朝北|背阴|晒不到太阳|没有阳光|阴面/, /花园|院子|种|植物|花/],
    terms: 'shady garden shade plants',
  },
  {
    name: 'frost on the way',
    en: [/\b(?:frosts?|cold snap|winteri[sz]\w*|over winter)\b/, /\b(?:plants?|garden|pots?|roses|veg\w*|tomatoes|greenhouse|fruit trees?|lavender|shrubs?)\b/],
    zh: [/霜冻|降温|寒潮|过冬|结霜/, /植物|花|盆栽|菜|果树|花园/],
    terms: 'winter frost garden plants',
  },
  {
    name: 'fruit tree care',
    en: [/\b(?:apple|pear|plum|cherry|fruit|lemon|fig) trees?\b/, /\b(?:prun\w*|cut back|trim\w*|overgrown|inherit\w*|came with|in the garden|old|neglected|no fruit)\b/],
    zh: [/果树|苹果树|梨树|樱桃树|柠檬树/],
    terms: 'fruit trees pruning orchard',
  },
  {
    name: 'kitchen scraps',
    en: [/\b(?:compost\w*|food scraps|peelings|kitchen waste|worm ?bin|wormery)\b/],
    zh: [/堆肥|厨余|果皮菜叶|蚯蚓/],
    terms: 'compost soil organic',
  },

  // gardening, second batch: going away, drought, bees, a child's seeds, the lawn, herbs, roses, a greenhouse, bad knees
  {
    name: 'plants while we are away',
    en: [/\b(?:away|holiday|vacation|going abroad|(?:two|three) weeks)\b/, /\b(?:water(?:ing)? (?:the |my |our )?(?:plants|garden|tomatoes|pots|veg\w*|seedlings)|plants? (?:die|dying|survive)|self[- ]watering)\b/],
    zh: [/出门|度假|出差|旅行|不在家/, /浇水|植物.{0,3}(?:死|活)|自动浇水/],
    terms: 'containers plants garden tips',
  },
  {
    name: 'a dry summer garden',
    en: [/\b(?:hosepipe ban|drought|dry (?:summer|spell|garden)|water shortage|no rain for|lawn (?:is |has gone |went )?(?:brown|yellow|dead))\b/],
    zh: [/干旱|限水|好久没下雨|草坪枯黄|草都黄了/],
    terms: 'succulents lavender garden tips',
  },
  {
    name: 'a garden for the bees',
    en: [/\b(?:bees?|butterfl(?:y|ies)|pollinators?|wildflowers?|wildlife garden|rewild\w*|hedgehog highway)\b/, /\b(?:garden|plant\w*|grow|flowers?|meadow|lawn|balcony|attract|window ?box)\b/],
    zh: [/蜜蜂|蝴蝶|传粉|野花/, /花园|种|院子|吸引|阳台/],
    terms: 'flowers lavender sunflowers garden',
  },
  {
    name: "a child's first seeds",
    en: [KIDS, /\b(?:seeds?|grow(?:ing)? (?:something|sunflowers?|cress|beans?|strawberr\w*|tomatoes|a pumpkin)|plant(?:ing)? (?:something|seeds|bulbs)|(?:own|little) (?:patch|garden)|sunflowers?)\b/],
    zh: [KIDS_ZH, /种子|种向日葵|种点东西|发芽|小菜园|种豆|种草莓/],
    terms: 'sunflowers seeds strawberries growing',
  },
  {
    name: 'a lawn in a state',
    en: [/\b(?:lawn|grass)\b/, /\b(?:moss|mossy|bald|patchy|brown patches|weeds|dandelions|clover|mole ?hills|overgrown|dead|yellow)\b/],
    zh: [/草坪|草地/, /苔藓|斑秃|杂草|枯|秃|蒲公英|长满/],
    terms: 'backyard garden tips mistakes',
  },
  {
    name: 'herbs on the windowsill',
    en: [/\b(?:herbs?|basil|mint|coriander|cilantro|parsley|rosemary|thyme|chives)\b/, /\b(?:grow\w*|windowsill|kitchen window|pots?|keep (?:dying|killing)|kill\w* (?:it|them|every)|(?:always|keeps?) dies?)\b/],
    zh: [/香草|罗勒|薄荷|香菜|迷迭香|小葱/, /种|窗台|花盆|养死|总是死/],
    terms: 'basil herbs windowsill kitchen garden',
  },
  {
    name: 'roses that struggle',
    en: [/\b(?:roses?|rose ?bush(?:es)?|climbing roses?)\b/, /\b(?:prun\w*|not flowering|no flowers|black spot|aphids|dead ?head\w*|inherit\w*|bare|leggy|came with)\b/],
    zh: [/月季|玫瑰|蔷薇/, /修剪|不开花|黑斑|蚜虫|爬藤|光秃秃/],
    terms: 'roses rose garden pruning',
  },
  {
    name: 'a new greenhouse',
    en: [/\b(?:greenhouse|polytunnel|glasshouse|cold frame|lean-to)\b/],
    zh: [/温室|大棚|暖房|阳光房.{0,4}种/],
    terms: 'greenhouse glasshouse growing',
  },
  {
    name: 'gardening with bad knees',
    en: [/\b(?:bad (?:back|knees|hips)|knees|kneel\w*|bend(?:ing)? down|wheelchair|arthritis|getting older|(?:my|his|her) (?:70s|80s|seventies|eighties))\b/, /\b(?:garden\w*|weed\w*|veg(?:etable)? (?:patch|beds?)|allotment|flower ?beds?)\b/],
    zh: [/腰不好|膝盖|蹲不下|弯腰|年纪大/, /种菜|种花|花园|菜地|除草/],
    terms: 'raised beds raised bed gardening',
  },

  // weather: storms, heat, snow and the forecast
  {
    name: 'scared of storms',
    en: [/\b(?:scared|afraid|terrified|frightened|fear|freaks? out|hides?|cries)\b/, /\b(?:thunder\w*|storms?|lightning)\b/],
    zh: [/怕|害怕|吓/, /打雷|雷声|闪电|雷雨|暴风雨/],
    terms: 'thunderstorm lightning storm explained',
  },
  {
    name: 'heat on the way',
    en: [/\b(?:heat ?waves?|scorching|sweltering|hottest (?:day|summer)|record (?:heat|temperatures)|[34]\d degrees)\b/],
    zh: [/高温|热浪|酷暑|四十度|三十八度|热死/],
    terms: 'heatwave heat weather climate',
  },
  {
    name: 'watching the forecast',
    en: [/\b(?:(?:keep )?(?:checking|refreshing|obsessing over) (?:the )?(?:weather|forecast|radar)|weather apps?|will it rain|is it going to rain|(?:rain|weather) (?:on|for) the (?:day|wedding|weekend))\b/],
    zh: [/天气预报|会不会下雨|查天气|天气app/],
    terms: 'forecast forecasting weather meteorologist',
  },
  {
    name: 'snowed in',
    en: [/\b(?:snowed in|snowstorm|blizzard|white[- ]?out|(?:feet|foot|inches|cm) of snow)\b/],
    zh: [/暴雪|大雪封|雪灾|下大雪/],
    terms: 'blizzard snowstorm snow winter',
  },
  {
    name: 'weird weather lately',
    en: [/\b(?:climate (?:change|crisis|anxiety)|global warming|weather (?:is|has been|seems) (?:getting )?(?:so )?(?:weird|crazy|strange|extreme|wild)|extreme weather)\b/],
    zh: [/气候变化|全球变暖|极端天气|天气越来越怪|天气好奇怪/],
    terms: 'climate weather explained science',
  },
  {
    name: 'young forecaster',
    en: [/\b(?:weather ?(?:man|woman|presenter|forecaster|girl)|(?:be|become) a forecaster|rain gauge|weather station|barometer|cloud spotting|types of clouds)\b/],
    zh: [/天气预报员|气象员|气象站|雨量计|云的种类|气象学/],
    terms: 'forecast meteorologist science explained',
  },
  {
    name: 'storm season abroad',
    en: [/\b(?:monsoons?|typhoons?|hurricanes?|cyclones?|rainy season)\b/],
    zh: [/台风|飓风|梅雨|雨季|季风/],
    terms: 'storm monsoon rain weather',
  },
  {
    name: 'why the sky does that',
    en: [/\b(?:why (?:is|are|do|does) (?:the sky|sunsets?|rainbows?|clouds?)|what makes (?:the sky|a rainbow|rainbows|thunder|lightning|hail)|where (?:do|does) (?:rain|hail|snow) come from)\b/],
    zh: [/为什么会(?:打雷|下雨|下雪|有彩虹)|彩虹是怎么|天空为什么/],
    terms: 'weather explained rainbow science',
  },

  // weather, second batch: hail, chasing storms, fog, a lightning strike, ice storms, hoar frost, dust in the sky, waterspouts
  {
    name: 'hail out of nowhere',
    en: [/\b(?:hailstones?|hailstorms?|hail (?:storm|damage|the size)|(?:it|it'?s) hail(?:ed|ing)|golf[- ]?ball[- ]sized)\b/],
    zh: [/冰雹|下冰雹/],
    terms: 'hailstorm hail storm',
  },
  {
    name: 'chasing storms',
    en: [/\b(?:storm chas\w*|chas(?:e|ing) (?:storms|tornadoes|a tornado|twisters|supercells?)|tornado alley|the great plains)\b/],
    zh: [/追风暴|追龙卷风|追风者|风暴追逐|追暴风/],
    terms: 'storm chasing storm chasers supercell',
  },
  {
    name: 'why it is foggy',
    en: [/\b(?:fog|foggy|mist|haar)\b/, /\b(?:why|how|forms?|comes? in|roll\w* in|so thick|every morning|coast|sea|burn(?:s|ed)? off)\b/],
    zh: [/大雾|雾天|海雾|起雾|团雾/],
    terms: 'sea fog fog mist weather',
  },
  {
    name: 'a lightning strike nearby',
    en: [/\blightning\b/, /\b(?:struck|strikes?|hit (?:a|the|our)|tree|safe|golf|outside|how far|in the field)\b/],
    zh: [/雷劈|被雷击|雷击|闪电打|打雷.{0,4}安全/],
    terms: 'lightning thunder explained science',
  },
  {
    name: 'an ice storm',
    en: [/\b(?:ice storm|freezing rain|(?:everything|trees|cars?) (?:was |were |is |are )?(?:covered|coated|encased) in ice|power lines? down|frozen (?:trees|branches))\b/],
    zh: [/冻雨|雨凇|冰冻灾害|树上都是冰|电线结冰/],
    terms: 'ice storm freezing rain',
  },
  {
    name: 'a white frosty morning',
    en: [/\b(?:hoar ?frost|frost (?:patterns|crystals|on (?:the )?(?:window|grass|trees|spider ?webs?))|frosty morning|everything (?:was |is )?white with frost)\b/],
    zh: [/雾凇|霜花|白霜|结霜的早晨/],
    terms: 'hoar frost frost winter',
  },
  {
    name: 'dust in the sky',
    en: [/\b(?:sand ?storms?|dust ?storms?|saharan dust|orange sky|sky (?:turned|went|was) (?:orange|yellow)|haboob|dust on (?:the|our|my) cars?)\b/],
    zh: [/沙尘暴|扬沙|天空变黄|天都黄了|沙尘/],
    terms: 'dust storm sandstorm desert',
  },
  {
    name: 'a waterspout',
    en: [/\b(?:waterspouts?|tornado (?:over|on) the (?:sea|lake|water)|funnel (?:over|on) the (?:sea|water|lake))\b/],
    zh: [/水龙卷|海龙卷|龙吸水/],
    terms: 'waterspout sea tornado',
  },

  // cooking: money, time, guests, leftovers and the taste of home
  {
    name: 'cooking on a budget',
    en: [/\b(?:money is tight|on a (?:tight )?budget|cheap|broke|skint|cost of living|can'?t afford|save money|saving money|grocery bill|food bill|weekly shop)\b/, COOK_AT_HOME],
    zh: [/没钱|省钱|便宜|预算|手头紧|穷/, COOK_ZH],
    terms: 'budget cheap cooking recipe',
  },
  {
    name: 'cooking for the week ahead',
    en: [/\b(?:lunch(?:es)? for (?:the|work|the week)|for the (?:whole )?week|batch[- ]cook\w*|prep(?:ping)? ahead|lunchbox(?:es)?|packed lunch(?:es)?|take to work)\b/, COOK_AT_HOME],
    zh: [/一周|带饭|便当|提前做好|周末做好/, /饭|菜|午餐/],
    terms: 'meal prep healthy cooking',
  },
  {
    name: 'hosting a crowd',
    en: [/\b(?:hosting|feed(?:ing)? (?:\w+ )?(?:people|guests|everyone|a crowd)|(?:\d+|ten|twelve|fifteen|twenty) (?:people|guests)|potluck|bbq|barbecue|whole family (?:is|are) coming|in-laws (?:are )?coming)\b/, COOK_AT_HOME],
    zh: [/请客|招待|来家里吃|聚餐|一大家子|很多人/, /做饭|做菜|做什么菜|菜|吃/],
    terms: 'big batch cooking party',
  },
  {
    name: 'using up leftovers',
    en: [/\b(?:leftovers?|left over|odds and ends|whatever'?s in the fridge|fridge is (?:almost |nearly )?empty|about to go off|(?:veg|vegetables|food) (?:is |are )?going off|zero waste|food waste|throw(?:ing)? away food)\b/],
    zh: [/剩菜|剩饭|冰箱里(?:剩|还有|只有)|别浪费|浪费食物|清冰箱/],
    terms: 'leftovers zero waste cooking',
  },
  {
    name: 'a family recipe remembered',
    en: [
      /\b(?:grandma|grandmother|granny|nan|nana|nonna|(?:my|our) (?:mum|mom|mother|dad|father))(?:'s)?\b/,
      /\b(?:used to (?:cook|bake)|used to make (?:\w+ ){0,3}(?:stews?|soups?|curr(?:y|ies)|pies?|cakes?|bread|dumplings|pasta|sauce|dinners?|food|dish(?:es)?|recipes?)|taste of (?:home|childhood)|recipe (?:she|he) (?:made|used)|miss (?:her|his) cooking|how (?:she|he) (?:made|cooked) (?:it|them))\b/,
    ],
    zh: [/奶奶|外婆|姥姥|妈妈|老妈|爸爸/, /以前做的|做的味道|拿手菜|家的味道|小时候吃的|家传/],
    terms: 'family recipe grandma traditional cooking',
  },
  {
    name: 'homesick for food',
    en: [/\b(?:homesick|miss(?:ing)?|back home|(?:moved|living|live) (?:abroad|overseas))\b/, /\b(?:food|dishes|home cooking|flavou?rs|the taste|street food)\b/],
    zh: [/想家|思乡|国外|海外|出国/, /家乡菜|家乡的味道|中餐|吃的|味道/],
    terms: 'authentic traditional recipe street food',
  },
  {
    name: 'cooking outdoors',
    en: [/\b(?:camping|campfire|camp ?stove|over (?:a|the) fire|in the woods)\b/, COOK_AT_HOME],
    zh: [/露营|野营|篝火|野外/, /做饭|做菜|煮|吃什么|烧烤/],
    terms: 'campfire outdoor cooking',
  },
  {
    name: 'takeaway habit',
    en: [/\b(?:takeaways?|take-?outs?|takeout|ordering in|uber ?eats|deliveroo|just eat)\b/, /\b(?:every (?:night|week|friday|day)|too much|fortune|habit|cut down|instead|copy|make (?:it|them|our own)|at home)\b/],
    zh: [/外卖/, /太贵|天天|总是|自己做|在家做|戒/],
    terms: 'restaurant copycat cooking',
  },

  // cooking, second batch: a new gadget, a fussy eater, someone ill, meeting the parents, back from a trip, cooking for one, doctor's orders, a slow weekend brunch
  {
    name: 'a new kitchen gadget',
    en: [/\b(?:air ?fryers?|slow cookers?|crock ?pots?|instant pots?|pressure cookers?|multi ?cookers?)\b/],
    zh: [/空气炸锅|慢炖锅|电压力锅|高压锅|多功能锅/],
    terms: 'air fryer slow cooker crockpot',
  },
  {
    name: 'a fussy eater',
    en: [/\b(?:picky|fussy) (?:eaters?|kids?|toddlers?|children|son|daughter|husband|teen(?:ager)?s?)|\b(?:won'?t eat (?:anything|vegetables|veg|greens)|only eats (?:pasta|beige|chicken nuggets|plain|white)|hid(?:e|ing) (?:the )?veg\w*|sneak (?:in )?(?:more )?veg\w*)\b/],
    zh: [/挑食|不吃蔬菜|只吃白米饭|偏食|把蔬菜藏/],
    terms: 'healthy easy homemade pasta',
  },
  {
    name: 'cooking for someone unwell',
    en: [/\b(?:(?:is|was|got|been|feeling) (?:ill|sick|poorly|unwell)|under the weather|recovering|after (?:surgery|an operation|the operation)|chemo|(?:has|got|with) (?:the )?(?:flu|a cold|covid))\b/, /\b(?:soups?|broth|cook(?:ing)? (?:for|something)|make (?:her|him|them) (?:something|a|some)|meals? for|comfort food)\b/],
    zh: [/生病|感冒|发烧|术后|住院|康复|不舒服/, /汤|做饭给|做点|吃点|清淡|粥/],
    terms: 'soup lentil healthy homemade',
  },
  {
    name: 'cooking to meet the parents',
    en: [/\b(?:in-?laws|(?:girlfriend|boyfriend|partner|fianc\w*)'?s? (?:parents|family|mum|mom|dad)|meet(?:ing)? (?:the|her|his) parents)\b/, COOK_AT_HOME],
    zh: [/见家长|未来(?:岳父母|公婆)|公婆|岳父母|对象的(?:爸妈|父母)/, /做饭|做菜|下厨|做一桌|露一手/],
    terms: 'restaurant technique chef recipe',
  },
  {
    name: 'a taste of the trip at home',
    en: [/\b(?:(?:just )?(?:got |came |been )?back from (?:a |our |my )?(?:trip|holiday|vacation|travels|honeymoon)|(?:got |came |just )?back from (?=(?:thailand|italy|japan|mexico|india|vietnam|spain|korea|morocco|greece|turkey|china|peru|lebanon)\b))/, /\b(?:cook|make|recreate|recipes?|at home)\b/],
    zh: [/(?:旅行|旅游|度假)回来|从(?:泰国|意大利|日本|墨西哥|印度|越南|西班牙|韩国|土耳其)回来/, /做|复刻|在家|菜谱/],
    terms: 'authentic traditional recipe street food',
  },
  {
    name: 'cooking for one',
    en: [/\b(?:for one|just for me|for myself|single portions?|live alone|living alone|(?:just|only) me now)\b/, COOK_AT_HOME],
    zh: [/一个人|独居|一人份|自己吃/, /做饭|做菜|吃饭|下厨|三餐/],
    terms: 'one pot easy quick recipe',
  },
  {
    name: "doctor's orders in the kitchen",
    en: [/\b(?:doctor (?:said|says|told)|cholesterol|blood pressure|diabet\w*|eat (?:more )?health(?:y|ier)|cut(?:ting)? (?:down )?(?:on )?(?:salt|sugar|carbs))\b/, COOK_AT_HOME],
    zh: [/医生说|胆固醇|血压|血糖|糖尿病|少盐|少油|吃得健康/, /做饭|做菜|做什么菜|饭菜|吃饭|三餐|食谱/],
    terms: 'healthy stir fry soup recipe',
  },
  {
    name: 'a slow weekend brunch',
    en: [/\b(?:brunch|lazy (?:sunday|saturday|weekend) (?:morning|breakfast)|weekend breakfast|breakfast in bed|pancake day)\b/],
    zh: [/早午餐|周末早餐|做早餐|床上早餐|早饭做什么/],
    terms: 'pancakes brunch breakfast shakshuka',
  },

  // baking: bread, cakes and the occasions for them
  {
    name: 'sourdough starter',
    en: [/\b(?:(?:sourdough )?starter (?:from|in|that)|gave me (?:some )?(?:starter|yeast)|levain|(?:won'?t|didn'?t|doesn'?t|never) rises?|(?:flat|dense|heavy) (?:loaf|bread))\b/],
    zh: [/酵头|发面|面团|没发起来|不发|酵母/],
    terms: 'sourdough bread troubleshooting baking',
  },
  {
    name: 'no gluten in the house',
    en: [/\b(?:coeliac|celiac|gluten|wheat (?:allergy|intolerance)|can'?t (?:have|eat) (?:wheat|gluten|flour))\b/],
    zh: [/麸质|乳糜泻|不能吃小麦|小麦过敏/],
    terms: 'gluten-free baking bread cake',
  },
  {
    name: 'school bake sale',
    en: [/\b(?:bake sale|cake sale|cake stall|school (?:fair|fete)|summer fete)\b/],
    zh: [/义卖|校园市集|学校市集|游园会/],
    terms: 'cookies brownies muffins baking easy',
  },
  {
    name: 'afternoon tea',
    en: [/\b(?:afternoon tea|tea party|coffee morning|(?:coming|over) for (?:tea|coffee)|something to go with (?:tea|coffee))\b/],
    zh: [/下午茶|喝茶|喝咖啡/, /点心|配|小点|蛋糕|饼干/],
    terms: 'cake baking cookies',
  },
  {
    name: 'baking with the kids',
    en: [KIDS, /\b(?:bak(?:e|ing)(?! soda)|cookies|cupcakes|muffins|lick the bowl|decorat\w* (?:cakes|biscuits|cookies))\b/],
    zh: [KIDS_ZH, /烤|烘焙|做饼干|做蛋糕|做点心/],
    terms: 'baking kids family cookies',
  },
  {
    name: 'fresh bread at home',
    en: [/\b(?:fresh(?:ly)?[- ](?:baked )?bread|homemade bread|bake (?:my|our) own bread|smell of (?:baking|bread)|supermarket bread|shop[- ]bought bread)\b/],
    zh: [/自己烤面包|自制面包|新鲜面包|面包香/],
    terms: 'bread sourdough no-knead baguettes',
  },
  {
    name: 'a showstopper cake',
    en: [/\b(?:look (?:professional|pretty|fancy|shop[- ]bought|like (?:it came from )?a bakery)|instagram[- ]worthy|wow (?:them|everyone)|showstopper)\b/, /\b(?:cakes?|cupcakes?|cookies|biscuits|bakes?)\b/],
    zh: [/裱花|抹面|糖霜|装饰蛋糕|好看的蛋糕|蛋糕.{0,6}好看/],
    terms: 'decorating icing cake',
  },
  {
    name: 'picnic bakes',
    en: [/\bpicnics?\b/, /\b(?:bak(?:e|ing)|cakes?|treats?|sweet|muffins|cookies)\b/],
    zh: [/野餐/, /烤|点心|甜|蛋糕|饼干/],
    terms: 'picnic baking muffins',
  },

  // baking, second batch: egg-free guests, brown bananas, a glut of apples, a tiny oven, a cake that went wrong, selling bakes, back from Paris, a thank-you bake
  {
    name: 'egg-free baking',
    en: [/\b(?:vegan|egg[- ]free|no eggs|without eggs|dairy[- ]free|egg allerg\w*|allergic to eggs)\b/, /\b(?:bak(?:e|es|ed|ing)|cakes?|cookies|brownies|muffins|desserts?|treats?|sweets?)\b/],
    zh: [/纯素|不吃蛋|鸡蛋过敏|无蛋|无奶|不能吃鸡蛋/, /烤|蛋糕|饼干|甜点|烘焙/],
    terms: 'vegan plant based egg free',
  },
  {
    name: 'bananas going brown',
    en: [/\b(?:(?:over)?ripe bananas|brown bananas|bananas (?:are |have )?(?:going|gone|turning|turned) (?:brown|black|off|soft)|black bananas)\b/],
    zh: [/香蕉.{0,4}(?:熟透|发黑|变黑|放坏|软了)|熟透的香蕉/],
    terms: 'banana bread easy baking',
  },
  {
    name: 'a glut of apples',
    en: [/\b(?:apple tree|(?:too many|so many|bags? of|loads of|picked|box of) apples|apple picking|windfalls|blackberr(?:y|ies) (?:picking|everywhere))\b/, /\b(?:bak\w*|pies?|crumble|cakes?|do with (?:them|it|all)|recipes?|use (?:them|it) up)\b/],
    zh: [/苹果太多|摘了(?:很多|好多|一筐)苹果|一堆苹果|苹果吃不完/],
    terms: 'apple pie apples baking',
  },
  {
    name: 'baking in a tiny kitchen',
    en: [/\b(?:(?:tiny|small|student|dorm) (?:kitchen|oven)|no (?:proper )?(?:oven|mixer)|without (?:a |an )?(?:oven|mixer|stand mixer)|toaster oven|(?:mini|countertop) oven)\b/, /\b(?:bak(?:e|es|ed|ing)|cakes?|cookies|bread|brownies|muffins)\b/],
    zh: [/小烤箱|厨房(?:很|太)?小|没有(?:烤箱|打蛋器|厨师机)|宿舍/, /烤|烘焙|蛋糕|饼干|面包/],
    terms: 'small kitchen mini baking',
  },
  {
    name: 'a cake that went wrong',
    en: [/\b(?:cakes?|sponges?|muffins|cookies|brownies|macarons|cheesecakes?)\b/, /\b(?:sank|sinks|sunk|sinking|cracked|cracks|burnt|burned|raw in the middle|too dry|rubbery|spread too much|went wrong|keeps? (?:going wrong|failing)|fail(?:s|ed)?)\b/],
    zh: [/蛋糕|戚风|饼干|马卡龙|布朗尼|芝士蛋糕/, /塌|开裂|烤焦|不熟|太干|失败|回缩/],
    terms: 'troubleshooting mistakes tips baking',
  },
  {
    name: 'selling my bakes',
    en: [/\b(?:sell(?:ing)? (?:my|our|some|homemade) (?:cakes|bakes|bread|cookies|brownies|cupcakes)|home bakery|(?:start|open|opening) (?:a|my own) (?:bakery|cake business)|market stall|farmers'? market)\b/],
    zh: [/开(?:一家)?(?:面包店|烘焙店|蛋糕店)|私房烘焙|卖蛋糕|卖面包|卖饼干/],
    terms: 'bakery professional secrets baking',
  },
  {
    name: 'back from a French bakery',
    en: [/\b(?=(?:paris|france|french)\b)/, /\b(?:croissants?|pastr(?:y|ies)|pain au chocolat|bakery|bakeries|patisserie|boulangerie)\b/],
    zh: [/(?=巴黎|法国)/, /可颂|牛角包|面包店|甜点|糕点/],
    terms: 'croissants french pastry laminated dough',
  },
  {
    name: 'a thank-you bake',
    en: [/\b(?:new neighbou?rs?|welcome (?:the|our) neighbou?rs?|thank[- ]you (?:gift|present)|(?:to )?say thank you|get well|sympathy)\b/, /\b(?:bak(?:e|ed|ing)|cakes?|cookies|biscuits|brownies|loaf|muffins|treats?)\b/],
    zh: [/新邻居|答谢|表示感谢|谢谢|感谢/, /烤|蛋糕|饼干|点心|面包/],
    terms: 'cookies brownies banana bread',
  },

  // travel: who goes, how, and for how long
  {
    name: 'travelling alone',
    en: [/\b(?:on my own|by myself|alone|solo)\b/, /\b(?:travel\w*|trips?|holidays?|backpack\w*|abroad|gap year|go somewhere|getaway)\b/],
    zh: [/一个人|独自|自己一个/, /旅行|旅游|出去玩|出国|穷游|背包/],
    terms: 'solo travel tips',
  },
  {
    name: 'honeymoon',
    en: [/\bhoneymoon\b/],
    zh: [/蜜月/],
    terms: 'holiday travel coast island',
  },
  {
    name: 'holiday with the kids',
    en: [/\b(?:family (?:holiday|trip|vacation)|(?:holiday|vacation|trip) with (?:the |our |my )?(?:kids|children|family)|travel(?:l?ing)? with (?:the |our |my )?(?:kids|children|toddlers?|a baby))\b/],
    zh: [/带(?:孩子|娃|小孩|宝宝|全家).{0,4}(?:旅行|旅游|出去玩|出国|度假)|亲子游|家庭旅行/],
    terms: 'family travel kids holiday',
  },
  {
    name: 'a short city break',
    en: [/\b(?:long weekend|weekend away|city break|(?:two|three|2|3) days in|48 hours in|a few days in)\b/],
    zh: [/周末去(?:哪|玩|旅|外地)|小长假|三天两夜|两天一夜|短途/],
    terms: 'weekend itinerary guide',
  },
  {
    name: 'round Europe by rail',
    en: [/\b(?:interrail\w*|eurail|travel(?:l?ing)? (?:around )?(?:europe )?by (?:train|rail))\b/],
    zh: [/火车旅行|坐火车(?:去|游|旅行)|欧铁|铁路通票/],
    terms: 'rail travel train europe',
  },
  {
    name: 'first time abroad',
    en: [/\b(?:first (?:time|trip) (?:abroad|overseas|out of the country)|never (?:been|travell?ed) abroad|(?:first|new) passport|never been on a plane)\b/],
    zh: [/第一次出国|没出过国|第一次坐飞机|刚办护照|新护照/],
    terms: 'travel tips first time packing',
  },
  {
    name: 'packing worries',
    en: [/\b(?:packing (?:for|light|list)|pack (?:my|a|the|our) (?:bag|suitcase|case|rucksack)|suitcase|hand luggage|carry[- ]on|cabin bag|overpack\w*)\b/, /\b(?:trips?|holidays?|flights?|travel\w*|weeks?|away|light)\b/],
    zh: [/收拾行李|打包行李|行李箱|登机箱/, /旅行|出差|出国|旅游|飞|去/],
    terms: 'packing tips travel',
  },
  {
    name: 'seeing the world at last',
    en: [/\b(?:retire\w*|bucket list|gap year|sabbatical|career break|empty nest\w*)\b/, /\b(?:travel\w*|see the world|trips?|abroad|go (?:somewhere|places)|explore)\b/],
    zh: [/退休|遗愿清单|间隔年|辞职/, /旅行|旅游|看看世界|出去走走|周游/],
    terms: 'travel guide itinerary',
  },

  // travel, second batch: older parents along, after university, jet lag, a work trip, a milestone birthday, away from crowds, step-free travel, working on the road
  {
    name: 'travelling with older parents',
    en: [ELDER, /\b(?:travel\w*|trips?|holidays?|vacations?|abroad|cruise|take (?:them|her|him) (?:away|somewhere|abroad))\b/],
    zh: [ELDER_ZH, TRIP_ZH],
    terms: 'relaxing walking tour travel tips',
  },
  {
    name: 'after graduation',
    en: [/\b(?:hostels?|(?:after|finish\w*) (?:uni|university|college|graduat\w*|my degree|my exams)|graduation trip)\b/, /\b(?:travel\w*|trips?|backpack\w*|months|go(?:ing)? (?:away|abroad)|see the world)\b/],
    zh: [/毕业旅行|毕业后|青旅|考完试/, /旅行|旅游|出去玩|出国|背包|穷游/],
    terms: 'southeast asia budget travel itinerary',
  },
  {
    name: 'jet lag',
    en: [/\b(?:jet ?lag(?:ged)?|long[- ]haul|time difference|(?:1[0-9]|twelve|fourteen)[- ]hour flight)\b/],
    zh: [/倒时差|时差|长途飞行|十几个小时的飞机/],
    terms: 'travel tips guide',
  },
  {
    name: 'a day free on a work trip',
    en: [/\b(?:business trip|work trip|conference (?:in|abroad)|layover|stopover)\b/, /\b(?:free|spare|see|explore|sightseeing|things to do|visit|one day|(?:an|one) (?:afternoon|evening))\b/],
    zh: [/出差|转机|中转/, /空出一天|一天|玩|逛|景点|去哪/],
    terms: 'itinerary walking tour 24 hours',
  },
  {
    name: 'a milestone birthday trip',
    en: [/\b(?:(?:30|40|50|60|70)th|thirtieth|fortieth|fiftieth|sixtieth|seventieth|big birthday|milestone birthday)\b/, /\b(?:trips?|travel\w*|holidays?|away|getaway|go somewhere|vacations?|abroad)\b/],
    zh: [/三十岁|四十岁|五十岁|六十岁|大寿|整生日/, TRIP_ZH],
    terms: 'hidden gems travel guide',
  },
  {
    name: 'away from the crowds',
    en: [/\b(?:tourist traps?|(?:avoid|away from|hate|escape) (?:the )?(?:crowds|tourists)|too touristy|off the beaten (?:track|path)|where (?:the )?locals (?:go|eat)|like a local)\b/],
    zh: [/小众|避开人群|人少的地方|游客太多|当地人去的|不想去网红景点/],
    terms: 'hidden gems travel guide',
  },
  {
    name: 'travel in a wheelchair',
    en: [/\b(?:wheelchairs?|mobility scooter|disabled|disability|step[- ]free|crutches|walking stick)\b/, /\b(?:travel\w*|trips?|holidays?|city break|abroad|vacations?|sightseeing)\b/],
    zh: [/轮椅|残障|无障碍|拄拐/, TRIP_ZH],
    terms: 'travel tips guide',
  },
  {
    name: 'working on the road',
    en: [/\b(?:digital nomads?|work(?:ing)? remotely (?:from|abroad)|remote work(?:ing)? (?:from|abroad)|workation|(?:live|living|spend|spending) (?:a few months|a month|six months|a year|the winter) (?:in|abroad))\b/],
    zh: [/数字游民|边旅行边工作|旅居|在国外住几个月/],
    terms: 'travel guide itinerary tips',
  },

  // outdoors: nights outside, long walks and getting away
  {
    name: 'a night outside',
    en: [/\b(?:sleep(?:ing)? (?:outside|outdoors|under the stars)|nights? (?:under the stars|in the woods|outdoors)|first night in a tent)\b/],
    zh: [/睡在外面|露天睡|野外过夜|在野外睡|睡帐篷/],
    terms: 'camping tent beginners',
  },
  {
    name: 'escape the city',
    en: [/\b(?:(?:get|escape|getting|escaping) (?:out of|away from) the city|need (?:some )?(?:fresh air|nature)|(?:sick|tired) of (?:the )?city|digital detox|off the grid)\b/],
    zh: [/逃离城市|离开城市|呼吸新鲜空气|亲近自然|数字排毒/],
    terms: 'hiking nature off grid trail',
  },
  {
    name: 'living in a van',
    en: [/\b(?:liv(?:e|ing) in a van|(?:buy(?:ing)?|bought|convert\w*) a van|van conversion|motor ?home|campervan|camper)\b/],
    zh: [/房车|改装面包车|车上生活|住在车里/],
    terms: 'camper van van life campervan',
  },
  {
    name: 'a long walk',
    en: [/\b(?:walk (?:the (?:whole|entire)|across|coast to coast|end to end|100 miles|for a week)|long[- ]distance (?:walk|path|trail)|thru[- ]?hike|multi[- ]day (?:walk|hike|trek)|pilgrimage|camino)\b/],
    zh: [/徒步穿越|长距离徒步|重装徒步|朝圣之路|多日徒步/],
    terms: 'thru hike trek trail',
  },
  {
    name: 'walking kit',
    en: [/\b(?:blisters?|walking boots|hiking boots|rucksack|backpack (?:is|was) (?:too )?heavy|heavy (?:pack|rucksack))\b/],
    zh: [/登山鞋|徒步鞋|背包太重|磨出水泡|磨脚|徒步装备|户外装备/],
    terms: 'gear ultralight packing list hiking',
  },
  {
    name: 'climbing a hill',
    en: [/\b(?:climb(?:ing)? (?:a |the )?(?:mountain|hill|fell|peak|munro|ben nevis|snowdon|kilimanjaro)|reach(?:ing)? the summit|summit of|munros?|peak bagging|hill ?walking|fell ?walking)\b/],
    zh: [/爬山|登山|登顶|爬.{0,3}座山/],
    terms: 'hiking trail day hike mountains',
  },
  {
    name: 'a cabin weekend',
    en: [/\b(?:cabin|cottage|hut|bothy|lodge|treehouse)\b/, /\b(?:woods|forest|mountains|lake|remote|middle of nowhere|cosy|cozy|off grid|rent\w*|booked|weekend)\b/],
    zh: [/小木屋|林间小屋|山里的小屋/],
    terms: 'cabin cosy off grid',
  },
  {
    name: 'wilderness skills',
    en: [/\b(?:scouts|cub scouts|survival skills|bushcraft|build (?:a|an) (?:shelter|den|fire)|(?:light|start) a fire (?:without|with)|duke of edinburgh|dofe|wilderness skills)\b/],
    zh: [/童子军|野外生存|生存技能|搭庇护所|钻木取火|生火/],
    terms: 'bushcraft shelter camping wild camping',
  },

  // outdoors, second batch: camping with children, rain, snow, hammocks, a hike with the dog, heights, finding the way, camping alone
  {
    name: 'camping with children',
    en: [KIDS, /\b(?:camping|campsites?|tents?|camp out|glamping)\b/],
    zh: [KIDS_ZH, /露营|帐篷|营地/],
    terms: 'tent camping trip beginners',
  },
  {
    name: 'camping in the rain',
    en: [/\b(?:rain|rainy|wet|storms?|downpours?|soaked)\b/, /\b(?:camping|tents?|campsites?)\b/],
    zh: [/下雨|雨天|暴雨|淋湿/, /露营|帐篷|营地/],
    terms: 'tent camping rain storm',
  },
  {
    name: 'camping in the snow',
    en: [/\b(?:snow|snowy|winter|freezing|sub[- ]zero|minus \d+)\b/, /\b(?:camping|tents?|sleep(?:ing)? outside|(?:a |one )?night outside)\b/],
    zh: [/雪地|冬天|零下|严寒|下雪/, /露营|帐篷|野外过夜/],
    terms: 'winter camping snow cave',
  },
  {
    name: 'a night in a hammock',
    en: [/\bhammocks?\b/, /\b(?:camp\w*|sleep\w*|woods|trees|overnight|night)\b/],
    zh: [/吊床/],
    terms: 'hammock camping solo',
  },
  {
    name: 'hiking with the dog',
    en: [/\b(?:dogs?|pup(?:py)?|spaniel|collie|lab(?:rador)?)\b/, /\b(?:hik(?:e|es|ing)|trails?|fells|mountains?|camping|backpack\w*|munros?)\b/],
    zh: [/狗/, /徒步|爬山|露营|登山/],
    terms: 'day hike trail hiking',
  },
  {
    name: 'scared of heights on a hike',
    en: [/\b(?:fear of heights|(?:scared|afraid|terrified) of heights|vertigo|exposed ridges?|scrambl\w*|via ferrata|sheer drops?)\b/],
    zh: [/恐高|怕高|悬崖路|山脊.{0,4}(?:害怕|吓)/],
    terms: 'day hike scenic trail',
  },
  {
    name: 'finding the way',
    en: [/\b(?:map and compass|read(?:ing)? a map|navigat\w*|got lost|getting lost|get lost|gps|no (?:phone )?signal)\b/, /\b(?:hik\w*|hills|mountains?|trails?|walk\w*|fells|woods|moors?)\b/],
    zh: [/迷路|看地图|指南针|导航|没信号/, /徒步|爬山|山里|登山|野外/],
    terms: 'beginners guide tips hiking',
  },
  {
    name: 'camping alone',
    en: [/\b(?:on my own|by myself|alone|solo)\b/, /\b(?:camp(?:ing)?|wild camp\w*|tent|overnight in the (?:woods|hills|mountains))\b/],
    zh: [/一个人|独自/, /露营|野营|帐篷/],
    terms: 'solo camping wild camping',
  },

  // architecture: old houses, dream houses and the buildings around us
  {
    name: 'doing up an old house',
    en: [
      /\b(?:old|period|victorian|georgian|listed|\d{3}[- ]year[- ]old|derelict|ruin|farmhouse|barn)\b/,
      /\b(?:house|home|building|property|barn|cottage|church|chapel)\b/,
      /\b(?:renovat\w*|restor\w*|do(?:ing)? (?:it )?up|bought|buying|fix(?:ing)? up|convert\w*|original features)\b/,
    ],
    zh: [/老房子|老宅|古宅|旧房|老建筑|谷仓/, /翻新|改造|修复|装修|买了/],
    terms: 'restoration renovation heritage architecture',
  },
  {
    name: 'building our own home',
    en: [/\b(?:build(?:ing)? (?:our|my) own (?:house|home)|self[- ]build|design(?:ing)? (?:our|my) (?:own )?(?:house|home)|dream home|plot of land)\b/],
    zh: [/自己盖房|自建房|设计自己的房子|梦想的房子|盖房子/],
    terms: 'design architect eco house sustainable',
  },
  {
    name: 'downsizing',
    en: [/\b(?:downsiz\w*|tiny (?:house|home)|(?:live|living|move|moving) (?:in|into) (?:a )?(?:smaller|tiny|small) (?:house|home|space)|small living)\b/],
    zh: [/小房子|换小房子|极简生活|缩小住房|住小一点/],
    terms: 'tiny house small living minimalism',
  },
  {
    name: 'curious about buildings',
    en: [/\b(?:buildings|skyscrapers|skyline|old town|cathedrals?|churches|bridges|towers)\b/, /\b(?:how (?:they|it) (?:was|were|got|is) built|who (?:built|designed)|always wonder\w*|fascinat\w*|stare at|look(?:ing)? up at)\b/],
    zh: [/建筑|大楼|摩天楼|教堂|桥/, /怎么建|怎么盖|谁设计|为什么长这样|好奇/],
    terms: 'architecture design engineering construction',
  },
  {
    name: 'a greener house',
    en: [/\b(?:energy bills?|heating bills?|insulat\w*|heat pump|solar panels?|passive ?house|eco[- ]friendly (?:house|home)|carbon neutral home)\b/],
    zh: [/电费|暖气费|保温|隔热|热泵|太阳能板|节能房/],
    terms: 'eco house sustainable design',
  },
  {
    name: 'stained glass and spires',
    en: [/\b(?:cathedrals?|stained glass|gargoyles?|flying buttress\w*|vaulted ceilings?)\b/],
    zh: [/大教堂|哥特|彩色玻璃|彩绘玻璃/],
    terms: 'gothic cathedral architecture',
  },
  {
    name: 'cranes over the city',
    en: [/\b(?:tower cranes?|construction sites?|building site|scaffold\w*|going up (?:across|opposite|next door))\b/],
    zh: [/工地|塔吊|脚手架|在建/],
    terms: 'construction engineering buildings skyscraper',
  },

  // architecture, second batch: Gaudí, concrete blocks, an extension, Japanese buildings, lighthouses, a home on the water, modernism, a would-be architect
  {
    name: 'a Gaudí trip',
    en: [/\b(?:gaud[ií]|sagrada fam[ií]lia|park g[uü]ell|casa batll[oó]|casa mil[aà])\b/],
    zh: [/高迪|圣家堂|巴特罗之家|古埃尔公园|米拉之家/],
    terms: 'gaudi barcelona architecture',
  },
  {
    name: 'living among concrete',
    en: [/\b(?:concrete (?:buildings?|blocks?|estate)|brutalis[tm]|tower blocks?|council estate|housing estate|(?:ugly|grey|gray) (?:buildings?|blocks?))\b/, /\b(?:why|ugly|love|hate|beautiful|history|built|design\w*|grew up|live in)\b/],
    zh: [/粗野主义|水泥楼|筒子楼|老小区|苏式建筑/],
    terms: 'brutalism concrete design explained',
  },
  {
    name: 'planning an extension',
    en: [/\b(?:(?:an |the |rear |side |kitchen )extension|loft conversion|knock(?:ing)? (?:a |the )?walls? (?:down|through)|open[- ]plan (?:kitchen|living)|floor ?plans?|planning permission)\b/],
    zh: [/扩建|加建|阁楼改造|打通|户型|平面图/],
    terms: 'design process architect renovation',
  },
  {
    name: 'Japanese buildings',
    en: [/\b(?=(?:japan|kyoto|tokyo|nara)\b)/, /\b(?:temples?|wooden (?:houses?|buildings?)|tea ?houses?|shrines?|architecture|buildings)\b/],
    zh: [/日本|京都|奈良/, /寺庙|木结构|茶室|神社|建筑/],
    terms: 'japanese tea house wooden architecture',
  },
  {
    name: 'a lighthouse stay',
    en: [/\blighthouses?\b/],
    zh: [/灯塔/],
    terms: 'lighthouse coast tower',
  },
  {
    name: 'a home on the water',
    en: [/\b(?:houseboats?|narrow ?boats?|canal boats?|floating (?:homes?|houses?)|live on (?:a|the) (?:boat|water))\b/],
    zh: [/船屋|住在船上|水上房子|水上屋/],
    terms: 'floating house houseboat water',
  },
  {
    name: 'modernist design',
    en: [/\b(?:bauhaus|mid[- ]century|modernis[tm]|le corbusier|minimalist (?:house|home|building))\b/],
    zh: [/包豪斯|现代主义|中古风|柯布西耶/],
    terms: 'bauhaus modernism design',
  },
  {
    name: 'a would-be architect',
    en: [/\b(?:wants? to be(?:come)? an architect|(?:study|studying) architecture|architecture (?:school|degree|student)|lego (?:buildings|cities|houses)|designs? (?:houses|buildings) all day)\b/],
    zh: [/想当建筑师|学建筑|建筑系|建筑专业/],
    terms: 'architect design process sketch',
  },

  // science: school projects, curious children and the world explained
  {
    name: 'science homework',
    en: [/\b(?:science (?:fair|project|homework|class|teacher)|(?:school|class) experiment|experiment for (?:school|class))\b/],
    zh: [/科学课|科学作业|科学展|科技节|小实验|科学实验/],
    terms: 'science experiment kids school',
  },
  {
    name: 'endless why questions',
    en: [/\b(?:asks? (?:me )?(?:why|how) (?:everything|things)|(?:endless|so many|constant) (?:questions|whys?)|why why why|(?:always|keeps?) asking (?:why|how)|can'?t answer (?:her|his|their) questions)\b/],
    zh: [/十万个为什么|总问为什么|问个不停|回答不了他的问题|回答不了她的问题/],
    terms: 'science explained kids fun facts',
  },
  {
    name: 'fizzing in the kitchen',
    en: [/\b(?:vinegar|baking soda|bicarbonate|cornflour|cornstarch|mentos|food colou?ring|dry ice)\b/, /\b(?:fizz\w*|explod\w*|erupt\w*|volcano|reaction|bubbl\w*|experiment\w*|goo)\b/],
    zh: [/小苏打|醋|玉米淀粉|曼妥思|干冰/, /实验|冒泡|爆炸|火山|反应/],
    terms: 'kitchen science home experiment kids',
  },
  {
    name: 'science I never got',
    en: [/\b(?:(?:never understood|failed|hated|dropped|was bad at|struggled with|rubbish at|slept through) (?:physics|chemistry|biology|science)|science (?:was|at school) (?:boring|hard|too hard))\b/],
    zh: [/物理|化学|生物|理科/, /没学懂|学不好|挂科|听不懂|一窍不通|没学好/],
    terms: 'science explained simple physics',
  },
  {
    name: 'a microscope at home',
    en: [/\b(?:microscope|chemistry set|science kit|magnifying glass|crystal growing kit)\b/],
    zh: [/显微镜|化学实验套装|科学套装|放大镜/],
    terms: 'microscope experiment science',
  },
  {
    name: 'felt the ground shake',
    en: [/\b(?:earthquakes?|tremors?|ground (?:shook|shaking|was shaking)|felt (?:a|the) (?:quake|shaking)|quake)\b/],
    zh: [/地震|震感/],
    terms: 'earthquakes geology science explained',
  },
  {
    name: 'future scientist',
    en: [/\b(?:wants? to be (?:a|an) (?:scientist|inventor|chemist|biologist|physicist))\b/],
    zh: [/想当科学家|想做科学家|长大当科学家|想当发明家/],
    terms: 'science kids experiment biology',
  },

  // science, second batch: the kitchen as a lab, genes, the brain, germs, static, crystals, quantum, sound
  {
    name: 'the kitchen as a lab',
    en: [/\b(?:(?:chemistry|science|physics) (?:of|behind|in) (?:cooking|baking|food|the kitchen)|why does (?:bread|dough|popcorn|an egg|water|milk) (?:rise|pop|boil|go hard|curdle))\b/],
    zh: [/做饭的化学|厨房里的科学|烹饪中的科学|为什么面包会发|为什么鸡蛋会变硬/],
    terms: 'kitchen science chemistry experiment',
  },
  {
    name: 'genes in the family',
    en: [/\b(?:dna (?:test|results|kit)|genetic (?:test|condition|disorder)|genes|genetics|23andme|runs in (?:the|my|our) family)\b/],
    zh: [/基因|遗传|dna检测|家族病/],
    terms: 'dna genetics biology',
  },
  {
    name: 'how the brain works',
    en: [/\b(?:dementia|alzheimer'?s|memory loss|(?:had|has) a stroke|concussion|brain injury|(?:the|our|my) brain)\b/, /\b(?:understand\w*|how (?:it|that|the brain|memory|our brain) works|what(?:'s| is) happening|why (?:she|he|they|it|we)|explain\w*)\b/],
    zh: [/老年痴呆|阿尔茨海默|失忆|中风|脑震荡|大脑/, /怎么工作|怎么回事|为什么|原理|了解/],
    terms: 'human brain neuroscience biology',
  },
  {
    name: 'germs everywhere',
    en: [/\b(?:germs?|bacteria|microbes?|(?:why|how) (?:do (?:we|you) )?wash (?:our|their|his|her|your) hands)\b/],
    zh: [/细菌|病菌|微生物|为什么要洗手/],
    terms: 'bacteria microbiology biology',
  },
  {
    name: 'static shocks',
    en: [/\b(?:static (?:shocks?|electricity)|shock(?:s|ed)? (?:me|from) (?:the )?(?:car|door|trolley)|hair (?:stands?|stood) (?:up|on end)|balloon (?:on|and) (?:my |her |his )?(?:hair|the wall))\b/],
    zh: [/静电|被电一下|头发竖起来/],
    terms: 'static electricity physics',
  },
  {
    name: 'a crystal and fossil collector',
    en: [/\b(?:crystals?|minerals?|geodes?|fossils?|gemstones?|amethyst|quartz|rock collection)\b/, /\b(?:collect\w*|found|finds?|obsessed|loves?|identify|grow(?:ing)?|cracked open|what (?:is|are))\b/],
    zh: [/水晶|矿石|晶洞|化石|宝石|石头收藏/, /收集|捡|迷上|喜欢|认识|种水晶|是什么/],
    terms: 'crystals minerals chemistry geology',
  },
  {
    name: 'the strangeness of physics',
    en: [/\b(?:quantum|relativity|einstein|schr[oö]dinger|string theory|particle physics|time dilation)\b/],
    zh: [/量子|相对论|爱因斯坦|薛定谔|弦理论/],
    terms: 'quantum physics explained',
  },
  {
    name: 'how sound works',
    en: [/\b(?:why (?:does|do) (?:my|our) voices? sound|echo(?:es)?|how (?:do|does) (?:sound|speakers|hearing|ears) work|sound waves?)\b/],
    zh: [/回声|声音是怎么|声波|录音里的声音/],
    terms: 'sound waves acoustics physics',
  },

  // space: what is up there tonight, and the big questions
  {
    name: 'a bright light in the sky',
    en: [/\b(?:bright (?:star|dot|light|object)|what (?:is|was) that (?:light|star|dot)|moving (?:light|dot|star)|satellites? (?:trail|train|passing)|starlink)\b/],
    zh: [/很亮的星|天上.{0,6}(?:亮点|光点)|移动的光点|卫星/],
    terms: 'stargazing astronomy planets iss',
  },
  {
    name: 'under a dark sky',
    en: [/\b(?:dark (?:sky|skies)|so many stars|stars? (?:were|was) (?:amazing|incredible|unreal)|stargaz\w*)\b/],
    zh: [/满天星星|星空好美|看星星|观星|暗夜公园/],
    terms: 'stargazing dark sky astronomy',
  },
  {
    name: 'the big questions',
    en: [/\b(?:(?:edge|end) of (?:space|the universe)|what'?s beyond (?:the )?(?:stars|space|sky)|before the big bang|are we alone|aliens? (?:exist|real)|life on other planets|black holes?)\b/],
    zh: [/宇宙有多大|宇宙的尽头|外星人|有没有外星|黑洞|宇宙的边/],
    terms: 'universe space scale fun facts',
  },
  {
    name: 'looking at the moon',
    en: [/\b(?:full moon|the moon (?:looks|looked|was|is) (?:huge|so big|orange|red)|supermoon|blood moon|moon (?:phases?|tonight))\b/],
    zh: [/满月|超级月亮|血月|月相|月亮好大/],
    terms: 'moon lunar astronomy',
  },
  {
    name: 'watching a launch',
    en: [/\b(?:cape canaveral|kennedy space center|space cent(?:er|re)|launch (?:viewing|site)|watch(?:ing)? a launch)\b/],
    zh: [/发射场|看火箭发射|文昌|酒泉|航天中心/],
    terms: 'rocket launch mission space',
  },
  {
    name: 'is sci-fi real',
    en: [/\b(?:sci-?fi|interstellar|star wars|star trek|the martian|science fiction)\b/, /\b(?:real|actually|true|possible|science)\b/],
    zh: [/科幻|星际穿越|三体|流浪地球/, /真的|现实|科学|可能/],
    terms: 'space astronomy explained simulation',
  },

  // space, second batch: an eclipse, a first telescope, an astronaut dream, Mars, photographing the sky, the scale of things, solar storms, new images
  {
    name: 'an eclipse coming',
    en: [/\b(?:solar eclipse|lunar eclipse|total eclipse|eclipse (?:glasses|viewing|is coming|next|this)|path of totality)\b/],
    zh: [/日食|月食|日全食|日偏食/],
    terms: 'solar eclipse sun moon',
  },
  {
    name: 'a first telescope',
    en: [/\btelescopes?\b/, BOUGHT],
    zh: [/天文望远镜|望远镜.{0,6}(?:看星|看月|星星|月亮|行星)|看星.{0,6}望远镜/],
    terms: 'backyard telescope amateur astronomy',
  },
  {
    name: 'dreaming of being an astronaut',
    en: [/\b(?:(?:wants?|dreams?|wanted|dreaming) (?:of |about )?(?:to )?(?:be(?:come)?|being) an astronaut|astronaut when (?:he|she|i|they) grows? up|go(?:ing)? to space|live in space|space tourism)\b/],
    zh: [/当宇航员|当航天员|太空旅行|去太空|上太空/],
    terms: 'astronaut life in space iss',
  },
  {
    name: 'people on Mars',
    en: [/\b(?:live on mars|colonis\w* mars|coloniz\w* mars|humans on mars|mars (?:rover|mission|colony)|perseverance rover|red planet)\b/],
    zh: [/火星/],
    terms: 'mars red planet planets',
  },
  {
    name: 'photographing the night sky',
    en: [/\b(?:milky way|stars|night sky|the moon|constellations?)\b/, PHOTO],
    zh: [/星空|银河|月亮|星星/, PHOTO_ZH],
    terms: 'astrophotography smartphone night sky',
  },
  {
    name: 'the scale of things',
    en: [/\b(?:how (?:big|far|small|huge|old) (?:is|are) (?:the )?(?:sun|moon|earth|stars|galax\w*|space|universe|planets)|light[- ]years?)\b/],
    zh: [/太阳有多大|离地球多远|光年|地球有多小/],
    terms: 'scale size comparison space',
  },
  {
    name: 'a solar storm',
    en: [/\b(?:solar (?:storms?|flares?|wind|maximum)|sunspots?|geomagnetic)\b/],
    zh: [/太阳风暴|太阳耀斑|太阳黑子|地磁暴/],
    terms: 'sun solar astronomy',
  },
  {
    name: 'new pictures from space',
    en: [/\b(?:james webb|jwst|webb telescope|hubble|new (?:space )?(?:images|pictures|photos) (?:of|from) (?:space|the universe|a galaxy|deep space))\b/],
    zh: [/韦伯望远镜|哈勃|詹姆斯·韦伯|太空照片|深空照片/],
    terms: 'james webb telescope new images',
  },

  // technology: devices for family, home and work
  {
    name: 'tech for an older parent',
    en: [
      ELDER,
      /\b(?:(?:new|first|use|using|learn\w*|set up|setting up|struggl\w*|confus\w*|figure out|help (?:her|him|them) with) (?:a |an |her |his |their |the )?(?:phones?|smartphones?|tablets?|ipad|laptops?|computers?|email|whatsapp)|video call\w*|facetime|smartphones?|tablets?|ipad)\b/,
    ],
    zh: [ELDER_ZH, /手机|智能手机|平板|视频通话|微信|电脑/],
    terms: 'seniors accessibility smartphone tech',
  },
  {
    name: 'a broken device',
    en: [/\b(?:cracked|smashed|dropped|water damage\w*|won'?t (?:turn on|charge)|stopped working|broken (?:phone|screen|laptop|tablet|headphones))\b/, /\b(?:phones?|screen|laptop|tablet|headphones|controller)\b/],
    zh: [/坏了|摔碎|碎屏|进水|开不了机|充不进电/, /手机|屏幕|电脑|平板|耳机/],
    terms: 'repair fix teardown',
  },
  {
    name: 'working from home setup',
    en: [/\b(?:work(?:ing)? from home|wfh|home office|remote (?:job|work)|hybrid)\b/, /\b(?:setup|set up|monitor|webcam|headset|headphones|gadgets?|tech)\b/],
    zh: [/居家办公|在家办公|远程工作|家庭办公/, /设备|桌面|显示器|耳机|摄像头|装备/],
    terms: 'tech setup gadgets headphones',
  },
  {
    name: 'noise all around',
    en: [/\b(?:noisy|loud|snoring|noise|crying babies?|chatty colleagues?)\b/, /\b(?:commute|tube|bus|open[- ]plan|office|flights?|plane|flatmates?|neighbou?rs)\b/],
    zh: [/吵|噪音|太闹|打呼/, /通勤|地铁|公交|办公室|飞机|室友|邻居/],
    terms: 'noise-cancelling headphones audio',
  },
  {
    name: 'too many books',
    en: [/\b(?:books? (?:everywhere|piling up|take up)|(?:too many|so many|heavy) books|read (?:a lot|loads|every night|on the (?:train|bus|commute))|bookworm|kindle)\b/],
    zh: [/书太多|爱看书|电子书|kindle|看书很多|书架放不下/],
    terms: 'e-reader ebook reading',
  },
  {
    name: 'a smarter home',
    en: [/\b(?:smart (?:home|plugs?|bulbs?|speakers?|lights?)|alexa|google home|voice assistant|automate (?:my|the) (?:house|home|lights)|vacuuming|hoovering)\b/],
    zh: [/智能家居|智能音箱|扫地|吸尘|小爱|天猫精灵/],
    terms: 'smart home robot vacuum gadgets',
  },
  {
    name: 'a young tinkerer',
    en: [KIDS, /\b(?:coding|code|programming|electronics|circuits?|robots?|taking things apart|tinker\w*|build (?:a|his own|her own) (?:computer|pc|robot))\b/],
    zh: [KIDS_ZH, /编程|写代码|电子|电路|机器人|拆东西/],
    terms: 'raspberry pi maker coding programming',
  },
  {
    name: 'time to upgrade',
    en: [/\b(?:(?:thinking of|want to|should i|about to|going to) (?:buy(?:ing)?|get(?:ting)?|upgrad(?:e|ing))|upgrade (?:my|from)|(?:old|ancient) (?:phone|laptop|computer)|worth (?:the money|upgrading))\b/, /\b(?:phones?|laptops?|computers?|tablets?|smartwatch|(?:a|new) watch|headphones|e-?readers?|gadgets?)\b/],
    zh: [/换|升级|买|入手/, /手机|电脑|笔记本|平板|耳机|手表|数码/],
    terms: 'buying guide review tech',
  },

  // technology, second batch: off to university, 3D printing, drones, e-scooters, a home server, a smartwatch, building a PC, an old computer
  {
    name: 'off to university with tech',
    en: [/\b(?:(?:off|going|starting|heading) to (?:uni|university|college)|freshers?|first year (?:at|of) (?:uni|university|college)|dorm room|halls of residence)\b/, /\b(?:laptops?|computers?|tech|gadgets?|headphones|tablets?|ipad)\b/],
    zh: [/上大学|大一|新生|宿舍|开学/, /电脑|笔记本|平板|耳机|数码|装备/],
    terms: 'students laptop buying guide tech',
  },
  {
    name: 'a 3D printer',
    en: [/\b(?:3d print(?:er|ers|ing|ed)?|three[- ]d print\w*)\b/],
    zh: [/3d打印/],
    terms: '3d printer printing maker',
  },
  {
    name: 'a first drone',
    en: [/\bdrones?\b/, /\b(?:buy|bought|got|fly(?:ing)?|first|beginner|rules|licen[cs]e|footage|crash\w*|gift|present)\b/],
    zh: [/无人机/, /买|飞|新手|第一次|航拍|规定|炸机/],
    terms: 'drone quadcopter camera drone',
  },
  {
    name: 'an e-scooter',
    en: [/\b(?:e-?scooters?|electric scooters?)\b/],
    zh: [/电动滑板车/],
    terms: 'electric scooter e-mobility',
  },
  {
    name: 'a server at home',
    en: [/\b(?:home ?servers?|self[- ]host\w*|nas|plex server|run (?:my|our) own (?:cloud|server)|homelab)\b/],
    zh: [/家庭服务器|nas|自建网盘|私有云|软路由/],
    terms: 'home server self hosting',
  },
  {
    name: 'a smartwatch',
    en: [/\b(?:smart ?watch(?:es)?|fitness trackers?|apple watch|garmin|fitbit)\b/],
    zh: [/智能手表|手环|运动手表|苹果手表/],
    terms: 'smartwatch wearable watch review',
  },
  {
    name: 'building a PC',
    en: [/\b(?:build(?:ing)? (?:my|a|our) own (?:pc|computer|gaming pc)|pc build|graphics cards?|gpu)\b/],
    zh: [/装机|组装电脑|显卡|配电脑/],
    terms: 'computer desktop build diy',
  },
  {
    name: 'an old computer',
    en: [/\b(?:commodore|amiga|zx spectrum|bbc micro|old (?:computer|laptop|pc) (?:in|from) the (?:attic|loft|cupboard)|vintage computers?|windows (?:95|98|xp))\b/],
    zh: [/老电脑|古董电脑|复古电脑|学习机/],
    terms: 'retro laptop vintage computer',
  },

  // gaming: unwinding, nostalgia, playing together
  {
    name: 'games to unwind',
    en: [/\b(?:unwind|de-?stress|chill|relax\w*|cosy|cozy|wholesome|low[- ]stress|no pressure)\b/, GAME_DEVICE],
    zh: [/放松|解压|治愈|休闲|不累/, /游戏|打游戏|switch|主机|手柄/],
    terms: 'cozy relaxing gaming simulation',
  },
  {
    name: 'games from childhood',
    en: [/\b(?:nostalgi\w*|as a kid|growing up|80s|90s|eighties|nineties|childhood|old|retro|game ?boy|n64|snes|sega|mega drive|atari)\b/, /\b(?:video ?games?|consoles?|gaming|cartridges?|game ?boy|n64|snes|sega|mega drive|atari|arcade)\b/],
    zh: [/小时候|怀旧|童年|红白机|小霸王|gba|老游戏机/, /游戏|游戏机|卡带|街机/],
    terms: 'retro console platformer gaming',
  },
  {
    name: 'gaming as a couple',
    en: [/\b(?:(?:my|our) (?:partner|girlfriend|boyfriend|wife|husband|flatmate|roommate|best friend)|together|as a couple|with (?:my|a) (?:friend|mate))\b/, /\b(?:video ?games?|gaming|consoles?|co-?op|split[- ]screen|online with)\b/],
    zh: [/和(?:男朋友|女朋友|老公|老婆|对象|室友|朋友)|两个人/, /游戏|双人|联机|合作/],
    terms: 'co-op multiplayer gaming',
  },
  {
    name: 'a new console',
    en: [/\b(?:got|bought|getting|new|gift(?:ed)?|present)\b/, /\b(?:ps5|playstation|xbox|nintendo|(?:a|the|my) switch|steam deck|gaming pc|console)\b/],
    zh: [/买了|新买|送了|收到|礼物|刚入手/, /ps5|xbox|switch|任天堂|游戏机|主机|steam/],
    terms: 'beginner tips best games gaming',
  },
  {
    name: 'keeping the mind sharp',
    en: [/\b(?:keep (?:my|his|her|their) (?:brain|mind) (?:sharp|active|busy)|brain training|brain teasers?|sharp mind)\b/],
    zh: [/健脑|锻炼脑子|益智|动脑|脑子.{0,3}灵活/],
    terms: 'puzzle brain games',
  },
  {
    name: 'a world builder',
    en: [KIDS, /\b(?:build(?:ing)? (?:worlds?|houses|cities|castles) (?:in|on)|blocks? game|creative mode|sandbox|minecraft|roblox)\b/],
    zh: [KIDS_ZH, /我的世界|迷你世界|沙盒|罗布乐思/],
    terms: 'sandbox block-building creative gaming',
  },
  {
    name: 'stuck on a level',
    en: [/\b(?:stuck on (?:a|the|this) (?:level|boss|puzzle)|can'?t (?:beat|get past) (?:the|this|a) (?:level|boss)|final boss|(?:last|final) level)\b/],
    zh: [/卡关|过不去这关|打不过boss|最后一关|通关/],
    terms: 'walkthrough guide tips gaming',
  },

  // gaming, second batch: a would-be pro, speedruns, playing with the family, rhythm, racing, indie games, making a game, building cities
  {
    name: 'dreams of esports',
    en: [/\b(?:esports?|e-sports?|pro gamers?|professional gamers?|twitch streamers?|stream(?:ing|s)? (?:my |his |her )?games?|(?:be(?:come)?|being) a streamer)\b/],
    zh: [/电竞|职业选手|游戏主播|直播打游戏/],
    terms: 'esports tournament gaming',
  },
  {
    name: 'going for a speedrun',
    en: [/\b(?:speed ?run\w*|world record (?:run|time)s?|any%)\b/],
    zh: [/速通/],
    terms: 'speedrun speedrunning record',
  },
  {
    name: 'games with the family',
    en: [/\b(?:play(?:ing)? (?:video ?games|games on the (?:switch|console)|mario ?kart|fortnite|minecraft) with (?:my|our) (?:kids|son|daughter|children|dad|mum|mom|family|grandkids)|family gaming|(?:video ?)?games? (?:the )?whole family can play)\b/],
    zh: [/和(?:孩子|儿子|女儿|爸爸|老爸|家人)一起(?:打游戏|玩游戏)|全家一起玩的(?:电子)?游戏/],
    terms: 'kart racer multiplayer family gaming',
  },
  {
    name: 'a rhythm game fan',
    en: [/\b(?:rhythm games?|guitar hero|beat saber|dance games?|just dance|osu)\b/],
    zh: [/音游|节奏游戏|跳舞游戏|节奏光剑/],
    terms: 'rhythm game music gaming',
  },
  {
    name: 'racing at home',
    en: [/\b(?:racing (?:games?|wheel|sim)|sim ?racing|steering wheel (?:for|and pedals)|gran turismo|forza|mario ?kart)\b/],
    zh: [/赛车游戏|方向盘外设|模拟赛车|马里奥赛车/],
    terms: 'racing game racing gaming',
  },
  {
    name: 'tired of the big releases',
    en: [/\b(?:indie (?:games?|gems?|devs?)|small studios?|(?:bored|tired|sick) of (?:the same|big|aaa|triple[- ]a) (?:games|releases|shooters|franchises))\b/],
    zh: [/独立游戏|小众游戏|3a大作玩腻|大作玩腻/],
    terms: 'indie games hidden gems',
  },
  {
    name: 'making my own game',
    en: [/\b(?:make|making|design\w*|build\w*|code|coding|program\w*) (?:my|a|our|his|her|their) own (?:video ?|computer |pc |phone )?games?\b|\bgame (?:dev|development|design(?:er)?)\b/],
    zh: [/做(?:一个)?游戏|自己做(?:一个)?(?:电子)?游戏|游戏开发|游戏设计/],
    terms: 'game development design gaming',
  },
  {
    name: 'building cities on screen',
    en: [/\b(?:city[- ]?build(?:er|ing) games?|city[- ]?builders|cities skylines|simcity|civilization|grand strategy|4x games?|space strategy)\b/],
    zh: [/模拟城市|城市建造|城市建设游戏|文明6/],
    terms: 'city builder strategy simulation',
  },

  // cars: driving somewhere, a first car, an old car, looking after it
  {
    name: 'a long drive',
    en: [/\b(?:long drive|road ?trip|drive (?:along|across|through) the|(?:driving|drive) (?:around|across) (?:the|a)|on the open road|route 66|north coast 500|nc500)\b/],
    zh: [/自驾|开车去|公路旅行|一路开/],
    terms: 'road trip scenic drive driving',
  },
  {
    name: 'a first car',
    en: [/\b(?:(?:first|second[- ]hand|used) car|just passed (?:my )?(?:driving )?test|learner driver)\b/],
    zh: [/刚拿驾照|刚考到驾照|第一辆车|买二手车|新手司机/],
    terms: 'city car review driving',
  },
  {
    name: 'an old car in the garage',
    en: [/\b(?:(?:grand?dad|grandpa|grandfather|dad|father|uncle)(?:'s)? (?:old )?(?:car|mini|beetle|mg|truck)|old car (?:in|sitting)|in the (?:garage|barn) for (?:years|decades)|hasn'?t (?:run|been driven|started) (?:in|for) (?:years|decades))\b/],
    zh: [/老车|旧车|老爷车|放了(?:很多|好多|几十)年的车|车库里的车/],
    terms: 'restoration classic car barn find',
  },
  {
    name: 'garage bills',
    en: [/\b(?:garage|mechanic|servic(?:e|ing)|mot)\b/, /\b(?:expensive|rip[- ]off|charg(?:e|ed|es) (?:so much|too much|a fortune)|costs? (?:a fortune|too much)|do it (?:myself|yourself)|diy|save money)\b/, /\b(?:car|oil|brakes?|tyres?|tires?)\b/],
    zh: [/修车|保养|换机油|4s店/, /太贵|自己|省钱/],
    terms: 'maintenance diy car oil',
  },
  {
    name: 'winter driving',
    en: [/\b(?:driv(?:e|ing) (?:in|on|through) (?:the )?(?:snow|ice|icy)|(?:snow|winter) tyres|icy roads|black ice|car (?:won'?t start|in the cold)|scrap(?:e|ing) the windscreen)\b/],
    zh: [/雪地开车|路面结冰|雪天开车|冬天开车|雪地胎|冬季胎/],
    terms: 'winter snow driving car',
  },
  {
    name: 'a filthy car',
    en: [/\b(?:(?:my|our|the|his|her) car|car (?:interior|seats))\b/, /\b(?:filthy|disgusting|messy|mess|crumbs|dog hair|muddy|mud|smells?|stain\w*|valet\w*|clean\w*|wash\w*)\b/],
    zh: [/车里|车内|车子|洗车/, /脏|乱|狗毛|泥|异味|清洁|清理|洗/],
    terms: 'detailing cleaning car wash',
  },
  {
    name: 'a car lover',
    en: [/\b(?:petrol ?head|car (?:mad|obsessed|nut|guy|enthusiast|lover)|loves? (?:old |classic |fast )?cars|car shows?|motor shows?)\b/],
    zh: [/车迷|爱车|汽车迷|车展/],
    terms: 'classic car show highlights',
  },

  // cars, second batch: a bigger car for a family, learning to drive, a worrying noise, towing, motorsport, a convertible, cars of the future, how engines work
  {
    name: 'a bigger car for a growing family',
    en: [/\b(?:baby on the way|new baby|third (?:child|kid|baby)|growing family|car seats?|pram|buggy|three kids)\b/, /\b(?:cars?|suvs?|estate|people carrier|minivan|vehicle)\b/],
    zh: [/二胎|三胎|宝宝|安全座椅|婴儿车|一家五口/, /换车|买车|suv|七座|车/],
    terms: 'suv review test drive',
  },
  {
    name: 'learning to drive',
    en: [/\b(?:driving (?:test|lessons?|instructor|theory)|learn(?:ing)? to drive|parallel park\w*|hill starts?|stall(?:s|ed|ing)? the car|learner'?s? permit)\b/],
    zh: [/学车|驾校|科目二|科目三|倒车入库|侧方停车|练车/],
    terms: 'city driving small car',
  },
  {
    name: 'a worrying noise',
    en: [/\b(?:warning light|check engine|engine light|(?:strange|weird|funny|grinding|squealing|knocking|rattling) (?:noise|sound)|overheat\w*|leak(?:s|ing)? (?:oil|coolant))\b/, /\b(?:cars?|engine|brakes?|dashboard|van|truck|bonnet|hood)\b/],
    zh: [/故障灯|发动机灯|异响|打不着火|漏油|过热/, /车|发动机|刹车|仪表盘/],
    terms: 'engine mechanic problems car',
  },
  {
    name: 'towing and hauling',
    en: [/\b(?:pick-?up trucks?|pickups|ute|tow(?:ing)? (?:a|the|our) (?:caravan|trailer|horse ?box|boat)|towbar|tow bar)\b/],
    zh: [/皮卡|拖挂|拖车|拖房车/],
    terms: 'pickup truck truck review',
  },
  {
    name: 'a motorsport fan',
    en: [/\b(?:rally (?:cars?|driving|stages?|drivers?)|rallying|wrc|motorsport|formula (?:one|1)|f1|le mans|track ?days?|karting|go[- ]karts?)\b/],
    zh: [/拉力赛|赛车手|f1|一级方程式|卡丁车|赛道日/],
    terms: 'rally motorsport racing',
  },
  {
    name: 'a car for sunny days',
    en: [/\b(?:convertibles?|roadsters?|soft ?top|open[- ]top|sports cars?|midlife crisis)\b/],
    zh: [/敞篷|跑车|中年危机/],
    terms: 'classic roadster convertible sports car',
  },
  {
    name: 'cars of the future',
    en: [/\b(?:hydrogen (?:cars?|fuel)|self[- ]driving|autonomous (?:cars?|vehicles?)|cars? of the future|future of (?:cars|driving))\b/],
    zh: [/氢能车|氢燃料|自动驾驶|无人驾驶|未来的汽车/],
    terms: 'hydrogen car future',
  },
  {
    name: 'how an engine works',
    en: [/\b(?:how (?:a|an|the) (?:car )?engine works|how (?:do|does) (?:car )?engines? work|inside (?:an|the) engine|engine rebuild|rebuild(?:ing)? (?:an|the) engine)\b/],
    zh: [/发动机的?(?:怎么|原理|工作)|引擎的?原理|拆发动机/],
    terms: 'engine rebuild mechanic',
  },

  // trains: not flying, model railways and long scenic journeys
  {
    name: 'not flying',
    en: [/\b(?:(?:scared|afraid|terrified|nervous) of flying|hate flying|fear of flying|(?:won'?t|don'?t|can'?t|refuse to) fly|without flying|flight[- ]free|avoid flying|flygskam)\b/],
    zh: [/怕坐飞机|恐飞|不敢坐飞机|不想坐飞机|不坐飞机/],
    terms: 'sleeper train night train journey',
  },
  {
    name: 'a train set in the loft',
    en: [/\b(?:train set|model (?:trains?|railway|railroad)|hornby|oo gauge|n gauge)\b/],
    zh: [/火车模型|轨道模型|模型火车/],
    terms: 'model railway model trains layout',
  },
  {
    name: 'a little train fan',
    en: [/\b(?:thomas the tank|choo[- ]?choo|obsessed with (?:trains|engines)|loves? (?:trains|engines|steam engines))\b/],
    zh: [/托马斯|小火车|喜欢火车|迷上火车|火车迷/],
    terms: 'steam train trains trainspotting',
  },
  {
    name: 'a scenic journey',
    en: [/\b(?:scenic|spectacular|most beautiful|slow travel|sit back and watch the (?:world|scenery|views?))\b/, /\b(?:trains?|rail|railway|by train)\b/],
    zh: [/风景|景色|沿途|慢旅行/, /火车|铁路|列车/],
    terms: 'scenic railway train ride',
  },
  {
    name: 'a railway family',
    en: [/\b(?:worked (?:on|for) the (?:railways?|railroad|trains)|(?:train|engine) driver|signalman|station ?master)\b/],
    zh: [/铁路工人|火车司机|在铁路上工作|铁路局|老铁路/],
    terms: 'railway heritage steam locomotive',
  },
  {
    name: 'getting around Japan',
    en: [/\b(?:japan|tokyo|kyoto|osaka)\b/, /\b(?:(?:fast|fastest|high[- ]speed|bullet) trains?|rail pass|jr pass)\b/],
    zh: [/日本|东京|京都|大阪/, /新干线|高铁|子弹头|火车|jr/],
    terms: 'bullet train shinkansen japan',
  },
  {
    name: 'travelling overnight',
    en: [/\b(?:(?:overnight|night) (?:journey|travel|trip)|sleep(?:ing)? (?:on|while) (?:the )?(?:train|travell?ing)|wake up in (?:a new|another|a different) (?:city|country))\b/],
    zh: [/卧铺|夜车|睡一觉就到|一觉醒来到/],
    terms: 'sleeper train night train overnight',
  },

  // trains, second batch: across a continent, trams, freight past the house, the Alps, fast trains, trainspotting, snow by rail, why trains are late
  {
    name: 'across a continent by rail',
    en: [/\b(?:across|crossing|coast to coast|transcontinental|trans-?siberian)\b/, /\b(?:trains?|rail|railway|by train|amtrak|the canadian)\b/],
    zh: [/横穿|穿越|西伯利亚/, /火车|铁路|列车/],
    terms: 'transcontinental canada train journey',
  },
  {
    name: 'riding the old trams',
    en: [/\b(?:trams?|streetcars?|trolley ?cars?|cable cars?)\b/],
    zh: [/有轨电车|叮叮车|老电车|缆车/],
    terms: 'vintage tram streetcar',
  },
  {
    name: 'freight trains going by',
    en: [/\b(?:freight trains?|goods trains?|coal trains?|long trains? (?:pass|go|goes) (?:by|past)|trains? (?:pass|passes|go|goes|going|run|runs) (?:past|behind|by) (?:our|my|the) (?:house|garden|window|street))\b/],
    zh: [/货运列车|运煤的火车|火车从家门口|家后面的铁路|家旁边.{0,3}铁路/],
    terms: 'freight train cargo trainspotting',
  },
  {
    name: 'through the Alps by train',
    en: [/\b(?=(?:switzerland|the swiss alps|the alps|zermatt|jungfrau)\b)/, /\b(?:trains?|railway|rail|glacier express|by train|cog|rack)\b/],
    zh: [/瑞士|阿尔卑斯|少女峰/, /火车|铁路|冰川快车|齿轨/],
    terms: 'glacier express mountain railway switzerland',
  },
  {
    name: 'the fastest trains',
    en: [/\b(?:maglev|high[- ]speed (?:rail|trains?|lines?)|fastest trains?|hs2|tgv)\b/],
    zh: [/磁悬浮|高铁|动车|最快的火车/],
    terms: 'maglev train high speed',
  },
  {
    name: 'watching trains go by',
    en: [/\b(?:trainspott\w*|train ?spott\w*|spotting trains|watch(?:ing)? (?:the )?trains|platform end|(?:train|railway) photography)\b/],
    zh: [/拍火车|看火车|追火车|铁路摄影/],
    terms: 'trainspotting compilation arrival',
  },
  {
    name: 'snow from the train window',
    en: [/\b(?:snow|snowy|winter|blizzard)\b/, /\b(?:train (?:ride|journey|trip)|by train|railway|sleeper train)\b/],
    zh: [/雪|冬天|雪国/, /火车|列车|铁路/],
    terms: 'snow winter train ride',
  },
  {
    name: 'why the trains are late',
    en: [/\b(?:(?:train|trains) (?:is|are|was|were|always|keeps?|keep) (?:\w+ )?(?:late|delayed|cancelled)|signal (?:failures?|problems)|leaves on the line|how (?:do|does) (?:the )?(?:railways?|signals|points|trains) work)\b/],
    zh: [/火车晚点|列车延误|信号故障|铁路是怎么运行/],
    terms: 'engineering explained railway',
  },

  // aviation: nerves, dreams of flying, and planes overhead
  {
    name: 'nervous flyer',
    en: [/\b(?:turbulence|nervous (?:flyer|flier|about (?:the|my) flight)|how (?:do|does|can) (?:planes?|a plane|something that heavy) (?:stay up|fly)|(?:scared|afraid|terrified) of (?:the )?(?:flight|take-?off|landing|turbulence))\b/],
    zh: [/颠簸|气流|飞机怎么飞|飞机为什么能飞|紧张.{0,4}坐飞机/],
    terms: 'physics lift explained pilot',
  },
  {
    name: 'dream of being a pilot',
    en: [/\b(?:(?:want|wants|dream\w*|always wanted) (?:of |about )?(?:to )?(?:be(?:come|ing)? a pilot|fly(?:ing)? (?:a plane|planes|myself))|pilot'?s licen[cs]e|flying lessons?|learn(?:ing)? to fly)\b/],
    zh: [/当飞行员|飞行员梦|学开飞机|飞行执照|学飞行|私照/],
    terms: 'flight school training pilot',
  },
  {
    name: 'under the flight path',
    en: [/\b(?:flight ?path|planes? (?:fly|flying|go|going) (?:over|overhead)|near (?:the|an) airport|watch(?:ing)? (?:the )?planes|(?:landing|taking off) (?:over|above) (?:us|our house))\b/],
    zh: [/航线下|飞机从头顶|机场附近|看飞机|飞机降落/],
    terms: 'plane spotting airport landing',
  },
  {
    name: 'a flight experience gift',
    en: [/\b(?:balloon (?:ride|flight)|glid(?:er|ing) (?:flight|experience)|helicopter (?:ride|tour|flight)|scenic flight|flight experience|flying experience)\b/],
    zh: [/热气球|滑翔机体验|直升机观光|飞行体验/],
    terms: 'hot air balloon glider helicopter',
  },
  {
    name: 'paper planes at home',
    en: [KIDS, /\b(?:paper (?:planes?|aeroplanes?|airplanes?|darts?)|model (?:plane|aircraft|aeroplane)|rc plane|remote[- ]control(?:led)? plane)\b/],
    zh: [KIDS_ZH, /纸飞机|飞机模型|航模|遥控飞机/],
    terms: 'paper plane model aircraft origami',
  },
  {
    name: 'a day at the air show',
    en: [/\b(?:air ?shows?|red arrows|blue angels|fly[- ]?past|aerobatic\w*)\b/],
    zh: [/航展|飞行表演|特技飞行|红箭/],
    terms: 'air show aerobatics display',
  },
  {
    name: 'air force memories',
    en: [/\b(?:air force|raf|spitfires?|lancaster bombers?|fighter pilot|wartime (?:planes|pilot))\b/],
    zh: [/空军|战斗机|老飞机|飞虎队/],
    terms: 'vintage biplane aviation history museum',
  },

  // aviation, second batch: hard landings, working at the airport, seaplanes, the cockpit, giant planes, airships, electric flight, an aviation museum
  {
    name: 'scary landings',
    en: [/\b(?:(?:scariest|dangerous|tricky|short|crosswind|hardest|bumpy) (?:landings?|airports?|runways?)|landing in (?:a )?(?:crosswind|storm|strong winds?)|go[- ]arounds?|aborted landing)\b/],
    zh: [/最危险的机场|侧风降落|复飞|短跑道|降落好吓人/],
    terms: 'crosswind landing pilot airport',
  },
  {
    name: 'working at the airport',
    en: [/\b(?:cabin crew|flight attendants?|air hostess|air traffic control\w*|ground crew|(?:work|job) at (?:the|an) airport)\b/],
    zh: [/空乘|空姐|空中乘务|空管|地勤|在机场工作/],
    terms: 'cockpit pilot airport aviation',
  },
  {
    name: 'a seaplane hop',
    en: [/\b(?:bush planes?|seaplanes?|float ?planes?|sea ?planes?)\b/],
    zh: [/水上飞机|小飞机/],
    terms: 'seaplane floatplane bush plane',
  },
  {
    name: 'what pilots do',
    en: [/\b(?:what (?:do|does) (?:the )?pilots? (?:do|see)|inside the cockpit|cockpit view|pilot'?s view|(?:visit|see) the cockpit|autopilot)\b/],
    zh: [/驾驶舱|机长视角|飞行员在干什么|飞行员都在做什么|自动驾驶仪/],
    terms: 'cockpit pilot view',
  },
  {
    name: 'giant planes',
    en: [/\b(?:(?:biggest|largest|giant|huge) (?:planes?|aircraft|jets?|airliners?)|jumbo jets?|747|a380|antonov)\b/],
    zh: [/最大的飞机|巨无霸|波音747|空客a380|安-225/],
    terms: 'jumbo jet boeing 747 airliner',
  },
  {
    name: 'airships',
    en: [/\b(?:airships?|zeppelins?|blimps?|hindenburg)\b/],
    zh: [/飞艇|齐柏林/],
    terms: 'airship blimp zeppelin',
  },
  {
    name: 'flying without fuel',
    en: [/\b(?:electric (?:planes?|aircraft|flight)|future of (?:flying|flight|aviation)|flying taxis?|air taxis?|sustainable aviation)\b/],
    zh: [/电动飞机|飞行汽车|空中出租车|未来的飞机/],
    terms: 'electric plane future of flight',
  },
  {
    name: 'an aviation museum',
    en: [/\b(?:(?:aviation|aircraft|aerospace|air and space|air force) museum|duxford|concorde|smithsonian air)\b/],
    zh: [/航空博物馆|航空航天博物馆|协和式/],
    terms: 'aviation history museum',
  },

  // football: coaching, playing on, watching
  {
    name: 'coaching a youth side',
    en: [/\b(?:coach(?:ing)?|manag(?:e|ing))\b/, /\b(?:(?:under|u)[- ]?\d{1,2}s?|(?:his|her|my son'?s|my daughter'?s|the kids'?|junior|youth) (?:team|club|squad)|team of (?:kids|\d+[- ]year[- ]olds))\b/, /\b(?:football|soccer|pitch|goals?|kick\w*|match(?:es)?)\b/],
    zh: [/教练|带队|执教/, /足球|球队|踢球/],
    terms: 'coaching drills youth football training',
  },
  {
    name: 'playing football again at 60',
    en: [/\b(?:dad|father|grandad|grandpa|over (?:50|60|sixty|fifty)|in (?:his|my|her) (?:60s|70s|sixties|seventies)|knees?|retired)\b/, /\b(?:football|kick(?:ing)? a ball|five[- ]a[- ]side|5[- ]a[- ]side)\b/, /\b(?:miss(?:es)? playing|play(?:ing)? again|back (?:into|to) playing|(?:still|used to) play\w*|too old to play|can'?t run)\b/],
    zh: [/老人|老年|退休|爸|爷爷|六十|膝盖/, /足球|踢球/],
    terms: 'walking football seniors',
  },
  {
    name: 'girls in the team',
    en: [/\b(?:girls'? (?:team|football|soccer)|my daughter (?:plays|has started|started|joined|loves) (?:football|soccer)|women'?s (?:team|game|euros|world cup)|lionesses)\b/],
    zh: [/女足|女子足球|女儿.{0,6}(?:足球|踢球)/],
    terms: 'women football highlights',
  },
  {
    name: 'a kickabout',
    en: [/\b(?:kickabout|kick about|kick(?:ing)? a ball (?:around|about)|keepy[- ]?uppies|keepie[- ]?uppies|five[- ]a[- ]side|5[- ]a[- ]side|sunday league)\b/],
    zh: [/颠球|踢野球|五人制|业余足球|踢着玩/],
    terms: 'skills drills freestyle football',
  },
  {
    name: 'in goal',
    en: [/\b(?:in goal|goalie|between the sticks|diving saves?)\b/],
    zh: [/守门|门将|扑救/],
    terms: 'goalkeeper save keeper training',
  },
  {
    name: 'a new football fan',
    en: [/\b(?:world cup|euros|premier league|champions league|offside)\b/, /\b(?:understand|explain|rules|new to|no idea|get into|follow|clueless|what'?s going on)\b/],
    zh: [/世界杯|欧洲杯|英超|欧冠|越位/, /看懂|规则|不懂|入门|新球迷/],
    terms: 'football soccer highlights match',
  },
  {
    name: 'wants to go pro in football',
    en: [/\b(?:(?:wants?|dreams?) (?:of being|to be(?:come)?) a (?:footballer|professional footballer|pro footballer|striker|goalkeeper)|(?:football )?academy trials?|scouted)\b/],
    zh: [/当球星|职业球员|足球青训|青训选拔|想踢职业/],
    terms: 'training skills drills football',
  },

  // football, second batch: derby day, penalties, mud and rain, beach football, a local club, flashy skills, a cup final, fit enough to play
  {
    name: 'derby day',
    en: [/\b(?:derby|rivals?|rivalry)\b/, /\b(?:match|game|day|football|soccer|fans?|team|club|stadium)\b/],
    zh: [/德比|死敌|同城/, /比赛|球|球队|球迷/],
    terms: 'derby rivalry football',
  },
  {
    name: 'penalty nerves',
    en: [/\b(?:penalty (?:kicks?|shoot-?outs?|spot)|penalties|spot[- ]kicks?|shoot-?outs?)\b/, /\b(?:miss\w*|nerves?|nervous|take|taking|score|practi[sc]e|how to|always)\b/],
    zh: [/点球|罚点球|点球大战/],
    terms: 'penalty shootout penalties football',
  },
  {
    name: 'football in the mud',
    en: [/\b(?:mud(?:dy)?|rain|pouring|freezing|frozen|waterlogged|boggy)\b/, /\b(?:pitch|football|soccer|match|sunday league)\b/],
    zh: [/泥|下雨|雨中|冻/, /球场|踢球|足球/],
    terms: 'rain mud football',
  },
  {
    name: 'football on the beach',
    en: [/\b(?:beach (?:football|soccer)|football on the (?:beach|sand)|kick(?:ing)? a ball on the (?:beach|sand))\b/],
    zh: [/沙滩足球|沙滩上踢球/],
    terms: 'beach soccer sand football',
  },
  {
    name: 'joining a local club',
    en: [/\b(?:join(?:ing|ed)?|village|local|amateur|grassroots)\b/, /\b(?:football|soccer) (?:club|team|side)\b/],
    zh: [/村队|业余球队|加入.{0,4}(?:球队|足球俱乐部)|社区球队/],
    terms: 'local football community grassroots',
  },
  {
    name: 'showing off skills',
    en: [/\b(?:step-?overs?|nutmegs?|rabona|rainbow flick|cruyff turn|bicycle kick|overhead kick|skills? like (?=(?:messi|ronaldo|neymar|mbapp[eé])\b))/],
    zh: [/倒钩|彩虹过人|穿裆|过人技巧|踩单车/],
    terms: 'skills dribbling trick shot',
  },
  {
    name: 'a big day at the final',
    en: [/\b(?:cup final|fa cup|first (?:ever )?(?:football )?match (?:at|in) (?:a |the )?stadium|away days?|stadium tour)\b/],
    zh: [/杯赛决赛|足总杯|现场看球|客场之旅/],
    terms: 'cup final trophy football',
  },
  {
    name: 'fit enough for football',
    en: [/\b(?:football|soccer|five[- ]a[- ]side)\b/, /\b(?:fitness|stamina|fitter|out of breath|pre-?season)\b/],
    zh: [/踢球|足球/, /体能|耐力|跑不动|喘|季前/],
    terms: 'training drills practice football',
  },

  // basketball: a hoop at home, pick-up games and the NBA
  {
    name: 'a hoop on the driveway',
    en: [/\b(?:(?:basketball )?(?:hoop|net) (?:on|in|above|over) (?:the|our|my) (?:driveway|garage|garden|backyard|yard)|(?:put|putting|installed) up a (?:basketball )?hoop|backboard)\b/],
    zh: [/篮筐|篮板|篮球架/],
    terms: 'basketball shooting drills practice',
  },
  {
    name: 'jumping higher',
    en: [/\b(?:jump higher|(?:increase|improve) (?:my )?vertical|touch the rim|reach the rim)\b/],
    zh: [/弹跳|跳得更高|摸框|扣篮/],
    terms: 'dunk workout training basketball',
  },
  {
    name: 'pick-up games',
    en: [/\b(?:pick-?up (?:games?|ball)|shoot(?:ing)? (?:some )?hoops|ballin\w*|hooping)\b/],
    zh: [/斗牛|打野球|打篮球/],
    terms: 'streetball outdoor court basketball',
  },
  {
    name: 'sport from a wheelchair',
    en: [/\b(?:wheelchair|paraplegic|spinal (?:injury|cord)|amputee|disabled|disability)\b/, /\b(?:team sports?|sports?|compete|competitive|play (?:a|in a) team)\b/],
    zh: [/轮椅|截瘫|残疾|残障/, /运动|打球|团队|比赛/],
    terms: 'wheelchair basketball adaptive sports',
  },
  {
    name: 'missing free throws',
    en: [/\b(?:free throws?|foul shots?|airball\w*|brick(?:ing)? every)\b/],
    zh: [/罚球|投不进|三不沾|投篮不准/],
    terms: 'free throw shooting technique',
  },
  {
    name: 'following the nba',
    en: [/\b(?:nba|march madness|lakers|celtics|lebron|steph curry|michael jordan)\b/],
    zh: [/nba|湖人|勇士|詹姆斯|(?<!车)库里|乔丹|cba/],
    terms: 'nba highlights basketball',
  },
  {
    name: 'ball handling',
    en: [/\b(?:ball[- ]handling|(?:my|his|her) handles|crossovers?|dribbl\w*)\b/, /\b(?:basketball|court|defenders?|lose the ball|hoops?|point guard)\b/],
    zh: [/运球|控球|胯下/],
    terms: 'dribbling handles crossover drills',
  },

  // basketball, second batch: short players, tall children, tryouts, defence, a shooting slump, teamwork, clutch moments, coaching
  {
    name: 'too short for basketball',
    en: [/\b(?:short|small|not tall|too short|(?:5|five) ?(?:'|foot|ft) ?\d*)\b/, /\b(?:basketball|hoops?|ballers?|point guard|play(?:ing)? ball)\b/],
    zh: [/个子矮|个子小|不够高|矮个/, /篮球|打球/],
    terms: 'crossover handles shooting basketball',
  },
  {
    name: 'a tall child',
    en: [/\b(?:(?:he'?s|she'?s|so|really|very) tall|six foot|growth spurt|tallest in (?:his|her|the) (?:class|year|school))\b/, /\b(?:basketball|hoops?|team|coach|sport)\b/],
    zh: [/个子高|一米八|一米九|长得高|个子最高/, /篮球|打球|球队|教练|运动/],
    terms: 'youth basketball kids college',
  },
  {
    name: 'making the team',
    en: [/\b(?:tryouts?|try(?:ing)? out for|make the (?:school )?(?:team|varsity)|varsity|jv team)\b/, /\b(?:basketball|hoops?|court|team)\b/],
    zh: [/校队选拔|进校队|选拔赛/, /篮球|打球/],
    terms: 'college varsity basketball',
  },
  {
    name: 'can not guard anyone',
    en: [/\b(?:defen[cs]e|defending|guard(?:ing)? (?:someone|people|my man|taller)|blocks?|blocking|steals?|rebound\w*)\b/, /\b(?:basketball|court|hoops?|opponents?|my man|taller players?)\b/],
    zh: [/防守|盖帽|篮板|抢断/],
    terms: 'block defence blocking basketball',
  },
  {
    name: 'a shooting slump',
    en: [/\b(?:three[- ]?pointers?|threes|jump ?shots?|shooting (?:form|slump|percentage)|can'?t (?:shoot|hit a shot)|brick(?:s|ing)?)\b/, /\b(?:basketball|court|games?|practi[sc]e|hoops?|arc)\b/],
    zh: [/三分球|三分线|跳投|投篮手感|投篮姿势/],
    terms: 'three-pointer three point shot shooting',
  },
  {
    name: 'a ball hog in the team',
    en: [/\b(?:ball hogs?|never passes|won'?t pass|selfish|teamwork|pass(?:ing)? more)\b/, /\b(?:basketball|court|team|teammates?|hoops?)\b/],
    zh: [/不传球|吃独食|团队配合|传球意识/],
    terms: 'no-look pass passing assist teamwork',
  },
  {
    name: 'clutch moments',
    en: [/\b(?:buzzer[- ]?beaters?|game[- ]winners?|clutch (?:shots?|moments?)|last[- ]second (?:shots?|winners?))\b/],
    zh: [/绝杀|压哨|关键球/],
    terms: 'buzzer-beater clutch last second',
  },
  {
    name: 'coaching kids at basketball',
    en: [/\b(?:coach(?:ing)?|teach(?:ing)?)\b/, /\b(?:basketball|hoops|dribbl\w*|layups?)\b/, /\b(?:(?:my|our|his|her) (?:son|daughter|kids?)'?s? team|youth|kids|children|(?:8|9|10|11|12|ten|eleven|twelve)[- ]year[- ]olds)\b/],
    zh: [/教练|执教|带队|教/, /篮球/, /孩子|小朋友|青少年|儿子|女儿/],
    terms: 'coach lesson basketball drills',
  },

  // tennis: inspired, practising, playing with others
  {
    name: 'inspired by Wimbledon',
    en: [/\b(?:wimbledon|us open|roland garros|french open|australian open|grand slams?)\b/, /\b(?:inspired|want to (?:play|learn|try)|pick up a racket|take up|after watching|every year|fortnight)\b/],
    zh: [/温网|法网|澳网|美网|大满贯/, /想学|想打|看完|受启发|入门/],
    terms: 'tennis beginners lesson',
  },
  {
    name: 'a new racket',
    en: [/\b(?:(?:tennis|new|old|my) rac(?:k|qu)ets?|rac(?:k|qu)ets)\b/, /\b(?:bought|new|dusted off|old|learn|lessons?|hit(?:ting)?|start\w*)\b/],
    zh: [/球拍/, /买了|新|学|上课|开始/],
    terms: 'tennis beginners lesson',
  },
  {
    name: 'serve trouble',
    en: [/\b(?:double faults?|serves? (?:keeps? )?(?:going|goes|hitting|hits) (?:into )?the net|toss(?:ing)? the ball|can'?t serve)\b/],
    zh: [/发球|双误|抛球/],
    terms: 'serve serving technique tips',
  },
  {
    name: 'nobody to hit with',
    en: [/\b(?:against (?:a|the) wall|no(?:body| one) to (?:play|hit) with|(?:practi[sc]e|play|hit) (?:on my own|alone|by myself)|ball machine)\b/, /\b(?:tennis|rackets?|racquets?|serve|forehand|backhand|wall)\b/],
    zh: [/对着墙|一个人练|没人陪|发球机/, /网球|球拍|正手|反手/],
    terms: 'wall practice ball machine tennis',
  },
  {
    name: 'kids with rackets',
    en: [KIDS, /\b(?:rackets?|racquets?|tennis (?:camp|club|lessons?))\b/],
    zh: [KIDS_ZH, /球拍|网球课|网球班/],
    terms: 'tennis kids family beginners lesson',
  },
  {
    name: 'doubles partner',
    en: [/\bdoubles\b/, /\b(?:partner|club|net|volley|mixed|league)\b/],
    zh: [/双打/],
    terms: 'doubles volley net play tennis',
  },

  // tennis, second batch: a sore elbow, clay and grass, groundstrokes, tennis later in life, always losing, following the stars, touch shots, footwork
  {
    name: 'a sore elbow',
    en: [/\b(?:tennis elbow|elbow (?:hurts|pain|is sore|aches)|wrist (?:hurts|pain) (?:when|after) (?:i )?(?:play|hit))\b/],
    zh: [/网球肘|手肘疼|胳膊肘疼/],
    terms: 'technique coaching tips tennis',
  },
  {
    name: 'clay or grass',
    en: [/\b(?:clay courts?|red clay|grass courts?|hard courts?|(?:playing|play) on (?:clay|grass))\b/],
    zh: [/红土|草地球场|硬地球场/],
    terms: 'clay court grass court',
  },
  {
    name: 'groundstrokes that break down',
    en: [/\b(?:backhands?|forehands?)\b/, /\b(?:(?:keeps? )?(?:going|goes|fly|flies) (?:long|out|wide|into the net)|terrible|weak|awful|inconsistent|one[- ]handed|two[- ]handed|fix|improve|breaks? down)\b/],
    zh: [/反手|正手/, /出界|下网|不稳|太弱|单反|双反|改进|纠正/],
    terms: 'backhand forehand groundstroke technique',
  },
  {
    name: 'tennis later in life',
    en: [/\b(?:retire\w*|over (?:50|60|sixty|fifty)|in (?:my|his|her) (?:50s|60s|fifties|sixties|seventies)|at (?:50|60|70)|seniors?)\b/, /\b(?:tennis|rackets?|racquets?)\b/],
    zh: [/退休|六十岁|五十岁|老年|长辈/, /网球|球拍/],
    terms: 'tennis doubles fun friends',
  },
  {
    name: 'always losing at tennis',
    en: [/\b(?:beat (?:my|our) (?:friend|brother|sister|dad|boss|husband|wife|mate)|(?:always|keeps?) (?:beats?|beating|wins?|winning) (?:me|us)|lose every (?:match|game|set))\b/, /\b(?:tennis|rackets?|racquets?|court)\b/],
    zh: [/打不过|总是输|赢不了/, /网球|球拍/],
    terms: 'tennis tips coaching winners',
  },
  {
    name: 'following the tennis stars',
    en: [/\b(?:djokovic|nadal|federer|alcaraz|sinner|serena|sabalenka|swiatek|gauff|murray)\b/],
    zh: [/德约|纳达尔|费德勒|阿尔卡拉斯|辛纳|小威|郑钦文|李娜/],
    terms: 'highlights winners rally tennis',
  },
  {
    name: 'touch shots',
    en: [/\b(?:drop shots?|lobs?|slice|touch shots?|finesse)\b/, /\b(?:tennis|court|opponent|rally|rallies|net)\b/],
    zh: [/放小球|挑高球|切削|削球/],
    terms: 'drop shot touch finesse',
  },
  {
    name: 'footwork on court',
    en: [/\b(?:footwork|late (?:to|for) the ball|split step|court movement)\b/, /\b(?:tennis|court|rackets?|rally|rallies|opponent|forehand|backhand)\b/],
    zh: [/步伐|脚步|跑位|分腿垫步/, /网球|球场|正手|反手|球拍/],
    terms: 'drills practice technique tennis',
  },

  // cycling: knees, commutes, old bikes, kids and long rides
  {
    name: 'knees gave up running',
    en: [/\b(?:knees?|joints?|hips?|shins?|ankles?)\b/, /\b(?:can'?t (?:take|handle|do) (?:the )?(?:running|jogging|pounding|impact)|(?:hurt|hurts|ache|aches|sore|gone|shot|wrecked) (?:from|after|when) (?:running|jogging)|(?:gave up|had to stop|stopped|quit) (?:running|jogging)|no (?:more )?running|low[- ]impact)\b/],
    zh: [/膝盖|关节|跑步伤|髋/, /不能跑|跑不了|跑步.{0,4}(?:疼|痛|伤)|不敢跑|低冲击/],
    terms: 'cycling bike riding fitness',
  },
  {
    name: 'commuting on two wheels',
    en: [/\b(?:commut\w*|to work|to the office|(?:sick|tired) of (?:the )?(?:traffic|bus|tube)|sell(?:ing)? (?:the|my|our) car|car-?free)\b/, BIKE],
    zh: [/通勤|上班|上学|堵车|卖车/, BIKE_ZH],
    terms: 'commuting city bike folding',
  },
  {
    name: 'an old bike in the shed',
    en: [BIKE, /\b(?:rust\w*|flat tyre|flat tire|punctures?|chain (?:came|keeps|falls|slips|fell)|squeak\w*|brakes?|gears? (?:slip|skip|won'?t)|in the shed for|(?:hasn'?t|haven'?t) (?:been )?ridden|dusty)\b/],
    zh: [BIKE_ZH, /生锈|爆胎|扎胎|掉链|刹车|变速|很久没骑/],
    terms: 'maintenance repair puncture bike',
  },
  {
    name: 'learning to ride a bike',
    en: [/\b(?:stabili[sz]ers|training wheels|balance bike|learn(?:ing)? to ride (?:a |his |her |their )?bike|ride without)\b/],
    zh: [/辅助轮|平衡车|学骑车|学骑自行车/],
    terms: 'bike beginners family cycling',
  },
  {
    name: 'a hundred miles in a day',
    en: [/\b(?:london to (?:brighton|paris)|100[- ]mile|century ride|sportive|charity (?:ride|cycle)|land'?s end to john o'?groats|lejog)\b/],
    zh: [/百公里骑行|骑行挑战|公益骑行|环岛骑/],
    terms: 'century ride endurance cycling',
  },
  {
    name: 'too many hills',
    en: [/\b(?:hills?|hilly|steep|climbs?)\b/, BIKE, /\b(?:struggle|too (?:steep|hard)|out of breath|push(?:ing)? (?:it|the bike)|give up|get(?:ting)? up|help)\b/],
    zh: [/坡|爬坡|山路/, /骑/, /累|骑不上去|吃力|推车/],
    terms: 'e-bike climbing cycling',
  },
  {
    name: 'panniers and a tent',
    en: [/\b(?:panniers|saddle ?bags|pedal(?:ling)? (?:across|through|around|from))\b/],
    zh: [/骑行旅行|骑车旅行|驮包|川藏线/],
    terms: 'bikepacking touring adventure',
  },

  // cycling, second batch: the school run, mountain biking, a sore seat, riding in a group, BMX, back on a bike, rain and dark evenings, a first road bike
  {
    name: 'the school run by bike',
    en: [/\b(?:school run|nursery run|(?:carry|carrying|take|taking) (?:the )?(?:kids|children|toddler|shopping|dog) (?:to|on|with))\b/, BIKE],
    zh: [/送孩子|接孩子|带娃|买菜/, BIKE_ZH],
    terms: 'cargo bike family utility',
  },
  {
    name: 'mountain biking',
    en: [/\b(?:mountain bik\w*|mtb|singletrack|trail cent(?:re|er)s?|bike parks?|enduro)\b/],
    zh: [/山地车|山地自行车|越野骑行|林道/],
    terms: 'mountain bike mtb singletrack',
  },
  {
    name: 'a sore seat',
    en: [/\b(?:saddle sores?|sore (?:bum|bottom|backside|butt)|numb (?:hands|feet)|bike fit|saddle (?:height|too high|too low)|what size (?:bike|frame))\b/],
    zh: [/屁股疼|坐垫|车座|车架尺寸|骑车.{0,4}(?:手麻|脚麻)/],
    terms: 'beginners tips cycling road bike',
  },
  {
    name: 'riding in a group',
    en: [/\b(?:group rides?|club rides?|cycling club|bike club|peloton|drafting|(?:ride|riding) in a group|chaingang)\b/],
    zh: [/车队|骑行俱乐部|约骑|团骑|跟车/],
    terms: 'group ride friends road cycling',
  },
  {
    name: 'a BMX kid',
    en: [/\b(?:bmx|pump ?tracks?|bunny hops?|wheelies?|(?:bike|bmx) tricks)\b/],
    zh: [/小轮车|泵道|兔跳|翘头|攀爬车/],
    terms: 'bmx tricks bike',
  },
  {
    name: 'back on a bike after years',
    en: [/\b(?:haven'?t (?:ridden|been on) a bike (?:in|for)|(?:back|get back) on (?:a|the|my) bike|not ridden (?:a bike )?(?:in|for) (?:years|ages|decades)|ride a bike again)\b/],
    zh: [/好多年没骑|很久没骑车|重新骑车|再骑自行车/],
    terms: 'beginners e-bike cycling riding',
  },
  {
    name: 'riding through rain and dark',
    en: [/\b(?:rain|wet|winter|cold|dark (?:evenings|mornings)|icy)\b/, BIKE],
    zh: [/下雨|雨天|冬天|天冷|天黑/, BIKE_ZH],
    terms: 'rain winter cycling commuting',
  },
  {
    name: 'a first road bike',
    en: [/\b(?:road bikes?|racing bikes?|carbon (?:frame|bike)|drop handlebars|clipless|cleats)\b/],
    zh: [/公路车|公路自行车|锁鞋|碳架/],
    terms: 'road bike cycling racing',
  },

  // winter sports: snow for the first time, the slopes, ice and the Arctic
  {
    name: 'never seen snow',
    en: [/\b(?:(?:never|not) (?:seen|touched|played in) (?:real )?snow|(?:find|chase|chasing) (?:some )?snow|see (?:real )?snow (?:for the first time|this winter))\b/],
    zh: [/没见过雪|从没看过雪|没摸过雪|第一次看雪|去看雪|玩雪/],
    terms: 'winter sports family kids sledding',
  },
  {
    name: 'first week on the slopes',
    en: [/\b(?:ski(?:ing)? (?:trip|holiday|chalet|resort|lessons?|school)|slopes|piste|chair ?lift|apr[eè]s)\b/, /\b(?:never|first|beginner|nervous|scared|terrified|booked|learn|how)\b/],
    zh: [/滑雪|雪场|雪道|缆车/, /第一次|从没|新手|害怕|报了|订了|学/],
    terms: 'skiing beginners first time tips',
  },
  {
    name: 'starting late on snow',
    en: [/\b(?:(?:at|in my|aged?) (?:40|50|60|forties|fifties|sixties)|too old|late starter|never too late)\b/, /\b(?:ski\w*|snowboard\w*|ice[- ]skat\w*|slopes)\b/],
    zh: [/四十岁|五十岁|中年|年纪大|太老/, /滑雪|单板|滑冰/],
    terms: 'late starter learning skiing',
  },
  {
    name: 'a frozen lake',
    en: [/\b(?:(?:lake|pond|canal|river) (?:has |is |was )?(?:frozen|froze)|frozen (?:lake|pond|canal|river)|ice rink|skating rink|(?:outdoor|christmas) rink)\b/],
    zh: [/湖面结冰|结冰的湖|溜冰场|滑冰场|冰场/],
    terms: 'ice skating frozen lake',
  },
  {
    name: 'a snow day with the kids',
    en: [/\b(?:sledg\w*|sleds?|tobogg\w*|snow day|it snowed|first snow|snowfall)\b/, /\b(?:kids?|children|son|daughter|family|hill|outside|play)\b/],
    zh: [/下雪了|雪天|第一场雪|滑雪圈|雪橇|堆雪人/, /孩子|娃|小孩|全家|一起/],
    terms: 'sledding family fun snow',
  },
  {
    name: 'deep powder',
    en: [/\b(?:powder (?:snow|day)|fresh snow|hokkaido|niseko|japow)\b/],
    zh: [/粉雪|北海道|新雪|二世谷/],
    terms: 'powder japan skiing snowboarding',
  },
  {
    name: 'the winter olympics',
    en: [/\b(?:winter olympics|curling (?:stones?|team|match)|try curling|bobsleigh|biathlon)\b/],
    zh: [/冬奥|冰壶|雪车|冬季奥运/],
    terms: 'curling ski jumping winter sports',
  },
  {
    name: 'a Lapland trip',
    en: [/\b(?:lapland|santa'?s village|reindeer|husky (?:ride|sled|safari)|dog sled\w*)\b/],
    zh: [/拉普兰|圣诞老人村|驯鹿|狗拉雪橇/],
    terms: 'lapland snow winter sports',
  },

  // winter sports, second batch: skis or a board, cross-country, ice hockey, snowshoes, ski school for the kids, figure skating, falling, legs ready for the slopes
  {
    name: 'skis or a board',
    en: [/\bsnowboard\w*/, /\b(?:or ski(?:s|ing)?|vs\.? ski\w*|instead of ski\w*|switch(?:ing)? (?:to|from)|try|learn\w*|first|harder|easier)\b/],
    zh: [/单板|双板/, /还是|学|第一次|难|容易|换/],
    terms: 'snowboarding snowboard beginners',
  },
  {
    name: 'gliding across the snow',
    en: [/\b(?:cross[- ]country ski\w*|nordic ski\w*|xc ski\w*|langlauf|skate ski\w*)\b/],
    zh: [/越野滑雪|北欧滑雪/],
    terms: 'cross-country nordic skiing xc',
  },
  {
    name: 'an ice hockey family',
    en: [/\b(?:ice hockey|hockey (?:skates|sticks?|practice|team|lessons?|mum|mom|dad)|nhl)\b/],
    zh: [/冰球/],
    terms: 'ice hockey skating',
  },
  {
    name: 'walking on snow',
    en: [/\b(?:snowshoe\w*|snow shoes?|winter (?:hikes?|hiking|walks?)|walk(?:ing)? in (?:the |deep )?snow)\b/],
    zh: [/雪鞋|雪地徒步|冬季徒步|雪地里走/],
    terms: 'snowshoeing snowshoes hiking',
  },
  {
    name: 'ski school for the kids',
    en: [KIDS, /\b(?:ski school|ski lessons?|on skis|learn(?:ing)? to ski|ski holiday|ski trip|slopes|piste)\b/],
    zh: [KIDS_ZH, /滑雪|雪场|滑雪课/],
    terms: 'skiing family kids beginners',
  },
  {
    name: 'figure skating dreams',
    en: [/\b(?:figure skat\w*|ice skat\w*|skating lessons?|spins and jumps|axels?|salchows?)\b/],
    zh: [/花样滑冰|花滑|滑冰课|学滑冰/],
    terms: 'figure skating ice',
  },
  {
    name: 'afraid of falling on the slopes',
    en: [/\b(?:fall(?:ing)? over|keep falling|(?:scared|afraid|terrified) of falling|(?:knee|acl) injur\w*|broke (?:my|his|her) (?:leg|wrist|arm) (?:skiing|snowboarding)|out of control|can'?t stop)\b/, /\b(?:ski\w*|snowboard\w*|slopes?|piste|skat\w*)\b/],
    zh: [/摔|怕摔|受伤|停不下来|刹不住/, /滑雪|单板|双板|雪道|滑冰/],
    terms: 'skiing tips beginners fails',
  },
  {
    name: 'legs ready for the slopes',
    en: [/\b(?:ski (?:fitness|season|trip|holiday)|before (?:our|my|the) ski|pre-?ski|(?:get|getting) (?:my )?legs ready)\b/, /\b(?:fit|fitness|exercises?|train\w*|legs|strength|workout|prepare|ready)\b/],
    zh: [/滑雪前|雪季前|去滑雪之前/, /锻炼|练腿|体能|准备/],
    terms: 'skiing tips winter sports',
  },

  // surfing and water sports: on the water, safe in the sea
  {
    name: 'out on the water',
    en: [/\b(?:stand[- ]up paddle|sup board|paddle ?board\w*|inflatable (?:board|kayak)|(?:get|getting|be|spend time) out on the water|on the water (?:more|this summer))\b/],
    zh: [/桨板|在水上|湖上划/],
    terms: 'paddleboarding kayaking lake calm water',
  },
  {
    name: 'safe in the sea',
    en: [/\b(?:rip (?:currents?|tides?)|undertow|swept out|drown\w*|lifeguards?|strong currents?|safe in the (?:sea|water|waves))\b/],
    zh: [/离岸流|暗流|溺水|被卷走|救生员|海里安全/],
    terms: 'ocean safety rip currents surfing',
  },
  {
    name: 'cold water',
    en: [/\b(?:cold water|wild swim\w*|sea swim\w*|open water swim\w*|dip in the sea|winter (?:swim\w*|dip)|wetsuit)\b/],
    zh: [/冬泳|冷水|海里游泳|野泳|潜水服|湿衣/],
    terms: 'cold water winter surfing',
  },
  {
    name: 'learning to sail',
    en: [/\b(?:sail\w*|yachts?|dinghy|dinghies)\b/, /\b(?:learn\w*|dream\w*|retire\w*|course|how to|always wanted|around the world|(?:buy|bought) a)\b/],
    zh: [/帆船|游艇|开船|航海/, /学|梦想|退休|课程|买/],
    terms: 'sailing sailboat yacht lesson',
  },
  {
    name: 'a windy beach',
    en: [/\b(?:windy|strong winds?|breezy|gusty)\b/, /\b(?:beach|coast|sea|kite|board)\b/, /\b(?:(?:something|what) to do|try|learn|sport|holiday|harness)\b/],
    zh: [/风很大|大风|风大/, /海边|沙滩|风筝/],
    terms: 'kitesurfing windsurfing kite',
  },
  {
    name: 'down the river',
    en: [/\b(?:canoe\w*|kayak\w*|paddl(?:e|ing) (?:down|along|up) (?:the|a) river|river trip)\b/],
    zh: [/皮划艇|独木舟|划艇|漂流/],
    terms: 'kayaking kayak paddling',
  },
  {
    name: 'kids in the waves',
    en: [KIDS, /\b(?:bodyboards?|boogie ?boards?|in the waves|jump(?:ing)? (?:the|over) waves|(?:beach|seaside) holiday)\b/],
    zh: [KIDS_ZH, /冲浪板|趴板|海浪里|玩浪|海边度假/],
    terms: 'bodyboarding beginners beach',
  },

  // surfing and water sports, second batch: a surf trip, giant waves, wakeboarding, breath holding, surf fitness, a coast by kayak, reading the swell, water confidence
  {
    name: 'a surf trip abroad',
    en: [/\b(?=(?:bali|portugal|morocco|costa rica|hawaii|cornwall|biarritz|ericeira|taghazout|sri lanka)\b)/, /\b(?:surf\w*|waves|boards?|surf camp)\b/],
    zh: [/(?=巴厘岛|葡萄牙|摩洛哥|哥斯达黎加|夏威夷|斯里兰卡)/, /冲浪|海浪|冲浪板/],
    terms: 'surfing surf trip session',
  },
  {
    name: 'giant waves',
    en: [/\b(?:big waves?|biggest waves?|giant waves?|monster waves?|nazar[eé]|mavericks|tow[- ]in)\b/],
    zh: [/巨浪|大浪|纳扎雷|最大的浪/],
    terms: 'big wave surfing waves',
  },
  {
    name: 'wakeboarding on a lake',
    en: [/\b(?:wakeboard\w*|wake ?parks?|water ?ski\w*|cable parks?)\b/],
    zh: [/尾波|滑水|水上滑板/],
    terms: 'wakeboarding wakeboard lake',
  },
  {
    name: 'holding my breath longer',
    en: [/\b(?:free ?div\w*|hold(?:ing)? (?:my|your) breath (?:longer|for)|breath[- ]hold\w*|apnea)\b/],
    zh: [/自由潜|闭气|憋气更久/],
    terms: 'free diving freediving breath hold',
  },
  {
    name: 'fit for the surf',
    en: [/\b(?:pop[- ]?ups?|paddle (?:fitness|strength|out)|surf (?:fitness|workout|training)|balance boards?)\b/],
    zh: [/冲浪.{0,4}(?:体能|训练|起乘)|起乘|平衡板/],
    terms: 'surfing basics tips beginners',
  },
  {
    name: 'a coast by kayak',
    en: [/\b(?:sea kayak\w*|kayak(?:ing)? (?:along|around) the (?:coast|island|cliffs)|paddl(?:e|ing) (?:along|around) the (?:coast|island))\b/],
    zh: [/海上皮划艇|海划|沿海岸划/],
    terms: 'kayaking kayak paddling sea',
  },
  {
    name: 'reading the swell',
    en: [/\b(?:surf (?:forecast|report|conditions)|swell|offshore wind|read(?:ing)? the (?:waves|ocean|sea)|tide (?:times|tables))\b/],
    zh: [/浪况|涌浪|看浪|潮汐表/],
    terms: 'surfing waves basics tips',
  },
  {
    name: 'not confident in the water',
    en: [/\b(?:can'?t swim|not (?:a )?(?:strong|good|confident) swimmer|weak swimmer|nervous in (?:the )?water|(?:scared|afraid) of (?:the )?water)\b/],
    zh: [/不会游泳|游泳不好|怕水|水性不好/],
    terms: 'ocean safety water sports beginners',
  },

  // running: starting out, races, trails and going faster
  {
    name: 'starting to run',
    en: [/\b(?:couch to|c25k|start(?:ing|ed)? (?:running|jogging|to run|to jog)|(?:get|got) into running|take up running|(?:can'?t|cannot) run for (?:more than )?(?:a|one|two) minutes?|out of breath after)\b/],
    zh: [/开始跑步|从零开始跑|想跑步|跑两步就喘|跑不动/],
    terms: 'couch 5k beginners running',
  },
  {
    name: 'a fun run',
    en: [/\b(?:parkrun|park run|fun run|charity run|race for life|colou?r run)\b/],
    zh: [/公益跑|欢乐跑|彩色跑|5公里|五公里/],
    terms: 'parkrun 5k race beginners',
  },
  {
    name: 'running off road',
    en: [/\b(?:run(?:ning)? (?:up|in the) (?:hills|mountains|fells|trails?)|off[- ]road running|fell running|sky ?running|trail (?:race|run))\b/],
    zh: [/越野跑|山地跑|跑山|越野赛/],
    terms: 'trail running mountain ultra',
  },
  {
    name: 'an ultra',
    en: [/\b(?:an ultra|my first ultra|ultra[- ]?marathons?|ultra (?:race|run|distance)|50k|100k|50[- ]mile|100[- ]mile|24[- ]hour (?:race|run))\b/, /\b(?:run(?:s|ning)?|ran|race|runner)\b/],
    zh: [/超马|百公里越野|超级马拉松|一百公里/, /跑/],
    terms: 'ultramarathon ultra endurance training',
  },
  {
    name: 'school sports day',
    en: [/\b(?:sports day|school (?:race|athletics|track)|track (?:and|&) field|athletics club|hurdles|long jump|high jump|relay race)\b/],
    zh: [/运动会|田径|短跑|跨栏|跳远|跳高|接力/],
    terms: 'sprint athletics track technique',
  },
  {
    name: 'eating before a run',
    en: [/\b(?:(?:what|how much) (?:to|should i) eat (?:before|after) (?:a|my) (?:run|race|long run)|carb[- ]?load\w*|energy gels?|fuel(?:ling)? (?:for|during) (?:a|my|the) (?:run|race))\b/],
    zh: [/跑步前吃|跑前吃|比赛前吃|补给|能量胶/],
    terms: 'nutrition fuel running race',
  },
  {
    name: 'getting faster',
    en: [/\b(?:get faster|run faster|improve my (?:pace|time)|(?:beat|break) my (?:pb|personal best|record)|sub[- ]?(?:20|25|30|four|4|3))\b/, /\b(?:run(?:s|ning)?|ran|race|5k|10k|jog\w*|parkrun|runner)\b/],
    zh: [/配速|跑得更快|破pb|个人最好成绩|提速/, /跑/],
    terms: 'training plan technique running',
  },

  // running, second batch: the heat, a running dog, shoes, an injury, older runners, the dark, a running club, cross-country
  {
    name: 'running in the heat',
    en: [/\b(?:heat|hot weather|humid\w*|summer|heatwave|so hot)\b/, /\b(?:running|jogging|(?:go|going|went) (?:for a )?(?:run|jog)|my (?:long )?runs?|race)\b/],
    zh: [/高温|天太热|夏天|闷热/, /跑步|慢跑|长跑|夜跑/],
    terms: 'heat running training',
  },
  {
    name: 'running with the dog',
    en: [/\b(?:dogs?|pup(?:py)?|canicross)\b/, /\b(?:running|jogging|(?:go|going|went) (?:for a )?(?:run|jog)|run(?:ning)? buddy)\b/],
    zh: [/狗/, /跑步|慢跑|带狗跑/],
    terms: 'running trail running beginners',
  },
  {
    name: 'the right running shoes',
    en: [/\b(?:barefoot|minimalist shoes?|running shoes?|(?:new|first) pair of (?:running )?(?:shoes|trainers)|zero[- ]drop)\b/],
    zh: [/跑鞋|赤足跑|光脚跑/],
    terms: 'barefoot running form technique',
  },
  {
    name: 'a running injury',
    en: [/\b(?:shin splints|plantar|runner'?s knee|it band|achilles|stress fracture|calf strain)\b/],
    zh: [/胫骨|足底筋膜|跑步膝|跟腱|疲劳性骨折/],
    terms: 'technique form running analysis',
  },
  {
    name: 'running at seventy',
    en: [/\b(?:(?:at|aged|i'?m|he'?s|she'?s) (?:60|65|70|75|80)|in (?:my|his|her) (?:60s|70s|sixties|seventies)|older runners?|too old to run|veteran runners?)\b/, /\b(?:running|jogging|run(?:ning)? (?:a|my|his|her) first|marathon|5k|10k|races?)\b/],
    zh: [/六十岁|七十岁|六十多|七十多|年纪大/, /跑步|马拉松|跑/],
    terms: 'older runners inspiring running',
  },
  {
    name: 'running in the dark',
    en: [/\b(?:dark|at night|winter|before dawn|icy)\b/, /\b(?:running|jogging|(?:go|going|went) (?:for a )?(?:run|jog)|my runs)\b/],
    zh: [/天黑|晚上|冬天/, /跑步|夜跑|慢跑/],
    terms: 'snow winter running training',
  },
  {
    name: 'a running club',
    en: [/\b(?:running (?:club|group|crew)|run club|join a (?:running|run) club)\b/],
    zh: [/跑团|跑步俱乐部|跑步群/],
    terms: 'running beginners race',
  },
  {
    name: 'a cross-country race',
    en: [/\bcross[- ]country(?! ski)\b/, /\b(?:run\w*|race|mud|school|county|club)\b/],
    zh: [/越野长跑|泥地跑|学校越野/],
    terms: 'cross country race mud running',
  },

  // fitness: getting back in shape around life
  {
    name: 'out of shape',
    en: [/\b(?:out of shape|unfit|lost (?:all )?my fitness|let myself go|put on (?:weight|a few (?:pounds|kilos|stone))|gained weight|new year'?s? resolution|dad bod|lose (?:some )?weight|(?:get|getting) (?:back )?(?:in|into) shape)\b/],
    zh: [/发福|长胖|胖了|减肥|身材走样|体能变差|新年计划/],
    terms: 'fitness workout beginners plan',
  },
  {
    name: 'fitness after a baby',
    en: [/\b(?:after (?:having )?(?:the|a|my) baby|postpartum|post-?natal|since (?:the baby|giving birth)|new (?:mum|mom))\b/, /\b(?:fit|exercise|work ?out|core|tummy|belly|shape|strength|body)\b/],
    zh: [/产后|生完(?:孩子|宝宝)|生娃后|宝妈/, /恢复|锻炼|运动|身材|肚子|核心/],
    terms: 'core workout beginners home',
  },
  {
    name: 'no time to exercise',
    en: [/\b(?:no time|busy|before work|lunch ?break|only (?:have )?(?:10|15|20|ten|fifteen|twenty) minutes)\b/, /\b(?:exercise|work ?out|get fit|gym)\b/],
    zh: [/没时间|很忙|上班前|午休|只有十分钟|只有二十分钟/, /锻炼|运动|健身/],
    terms: 'quick workout morning routine fitness',
  },
  {
    name: 'in shape for the big day',
    en: [/\b(?:wedding|beach holiday|summer holiday|big day)\b/, /\b(?:tone|toned|lose weight|get (?:in shape|fit|lean)|arms|abs|slim\w*)\b/],
    zh: [/婚礼|度假|夏天|海边/, /瘦|减肥|练|线条|马甲线|手臂/],
    terms: 'workout challenge transformation fitness',
  },
  {
    name: 'nervous about the gym',
    en: [/\bgym\b/, /\b(?:intimidat\w*|scared|nervous|anxious|don'?t know (?:what|how)|first time|no idea|awkward|judged)\b/],
    zh: [/健身房/, /不敢|害怕|不知道|第一次|尴尬|新手/],
    terms: 'gym beginners strength workout',
  },
  {
    name: 'can not touch my toes',
    en: [/\b(?:touch (?:my|your) toes|stiff (?:as a board|hamstrings|hips)|not (?:very )?flexible|inflexible|no flexibility|do the splits|tight hamstrings)\b/],
    zh: [/摸不到脚|筋太硬|柔韧|劈叉|身体很硬|拉伸/],
    terms: 'mobility stretching flexibility',
  },
  {
    name: 'unused home gym kit',
    en: [/\b(?:kettlebells?|dumbbells?|resistance bands?|exercise bike|treadmill|rowing machine|weights)\b/, BOUGHT],
    zh: [/壶铃|哑铃|弹力带|跑步机|动感单车|划船机/, /买了|送|吃灰|闲置|不会用|怎么用/],
    terms: 'kettlebell resistance band workout',
  },

  // fitness, second batch: getting stronger, a workout buddy, menopause, a 30-day challenge, shift work, hotel rooms, doctor's advice, a plateau
  {
    name: 'getting stronger',
    en: [/\b(?:pull-?ups?|push-?ups?|press-?ups?|chin-?ups?|(?:get|getting|be|feel) stronger|build (?:some )?muscle|strength training)\b/],
    zh: [/引体向上|俯卧撑|增肌|力量训练|变强壮/],
    terms: 'upper body strength arms workout',
  },
  {
    name: 'a workout buddy',
    en: [/\b(?:workout buddy|gym buddy|(?:work ?out|exercise|train) (?:with|together with) (?:my|a) (?:partner|friend|wife|husband|girlfriend|boyfriend|mate|sister|brother)|couples? workouts?)\b/],
    zh: [/健身搭子|一起健身|和(?:老公|老婆|对象|朋友)一起(?:练|锻炼|健身)/],
    terms: 'workout challenge fitness',
  },
  {
    name: 'strong through menopause',
    en: [/\b(?:menopaus\w*|perimenopaus\w*|hot flushes)\b/],
    zh: [/更年期/],
    terms: 'strength fitness workout',
  },
  {
    name: 'a thirty-day challenge',
    en: [/\b(?:(?:30|thirty|21)[- ]day (?:challenge|plan)|month[- ]long challenge)\b/],
    zh: [/30天挑战|三十天挑战|21天/],
    terms: '30-day challenge progress transformation',
  },
  {
    name: 'fitness around shift work',
    en: [/\b(?:night shifts?|shift work(?:er)?|(?:12|twelve)[- ]hour shifts?|nurse|on my feet all day)\b/, /\b(?:exercise|work ?out|fit|fitness|gym|energy|strength)\b/],
    zh: [/夜班|倒班|值班|护士/, /锻炼|健身|运动|体能/],
    terms: 'quick workout short fitness',
  },
  {
    name: 'a workout in a hotel room',
    en: [/\b(?:hotel rooms?|travel(?:l?ing)? (?:for work|a lot)|on the road|business trips?)\b/, /\b(?:work ?outs?|exercise|fit|gym|train(?:ing)?)\b/],
    zh: [/酒店|出差|在路上/, /健身|锻炼|运动/],
    terms: 'bodyweight no equipment small space',
  },
  {
    name: "doctor's orders to move",
    en: [/\b(?:doctor (?:said|says|told)|blood pressure|heart health|cholesterol|pre-?diabet\w*)\b/, /\b(?:exercise|work ?out|cardio|fit|active|move more)\b/],
    zh: [/医生说|血压|心脏|血糖|胆固醇/, /锻炼|运动|有氧|动起来/],
    terms: 'cardio hiit heart rate',
  },
  {
    name: 'stuck on a plateau',
    en: [/\b(?:plateau\w*|stuck at the same|bored (?:of|with) (?:my|the) (?:gym|workouts?|routine)|same (?:old )?routine|not seeing (?:any )?(?:results|progress))\b/],
    zh: [/平台期|没效果|练腻了|一成不变/],
    terms: 'programme plan training fitness',
  },

  // yoga and meditation: a busy mind, a body that needs care
  {
    name: 'a racing mind',
    en: [/\b(?:overthink\w*|mind (?:is )?(?:racing|won'?t (?:stop|quiet down))|racing thoughts|monkey mind|(?:be|being|live) (?:more )?present|quiet (?:my|the) mind)\b/],
    zh: [/想太多|胡思乱想|脑子停不下来|静心|活在当下/],
    terms: 'meditation mindfulness guided calm',
  },
  {
    name: 'tight after runs',
    en: [/\b(?:runners?|running|jogging|cycling|cyclists?)\b/, /\b(?:tight|stiff|sore|aching)\b/, /\b(?:hips?|hamstrings|calves|legs|it band|glutes)\b/],
    zh: [/跑步|跑者|骑车/, /紧|僵|酸/, /髋|腿|大腿后侧|小腿/],
    terms: 'yoga runners stretching hips',
  },
  {
    name: 'moving while pregnant',
    en: [/\b(?:pregnan\w*|expecting a baby|trimester|baby bump)\b/, /\b(?:exercise|stretch\w*|active|relax\w*|breath\w*|stay fit|sore|aches?)\b/],
    zh: [/怀孕|孕期|孕妇|怀了/, /运动|拉伸|放松|呼吸|腰疼|锻炼/],
    terms: 'gentle yoga breathing relaxation',
  },
  {
    name: 'can not focus',
    en: [/\b(?:can'?t (?:focus|concentrate)|(?:focus|concentration|attention span) is (?:terrible|awful|gone|shot|bad)|easily distracted|brain fog)\b/],
    zh: [/注意力不集中|集中不了|分心|专注不了|脑雾/],
    terms: 'focus concentration meditation breathing',
  },
  {
    name: 'exercise from a chair',
    en: [/\b(?:in a chair|seated|limited mobility|can'?t (?:get (?:down )?on|get up from) the (?:floor|ground)|hard to get (?:down|up))\b/, /\b(?:exercise|stretch\w*|move|movement|active)\b/],
    zh: [/坐着|椅子上|下不了地|蹲不下|行动不便/, /运动|拉伸|瑜伽|活动/],
    terms: 'chair yoga gentle seniors',
  },
  {
    name: 'waking the body up',
    en: [/\b(?:start(?:ing)? (?:my|the) day|sluggish (?:in the )?mornings?|groggy|first thing in the morning)\b/, /\b(?:stretch\w*|gentle|calm|energi[sz]\w*|move|flow|mindful\w*)\b/],
    zh: [/早上|早晨|起床/, /拉伸|舒展|唤醒身体|晨练|清醒/],
    terms: 'morning flow yoga vinyasa',
  },
  {
    name: 'holding tension',
    en: [/\b(?:tension headaches?|clench(?:ing)? my jaw|shoulders? (?:are |is )?(?:up by my ears|tense)|shallow breath\w*|forget to breathe)\b/],
    zh: [/呼吸很浅|憋气|肩膀很紧|咬牙|紧绷/],
    terms: 'breathing practice breathwork relaxation',
  },

  // yoga and meditation, second batch: a first class, grief, deep stretching, nerves before a big moment, learning to meditate, stiff at the desk, practice outdoors, calm children
  {
    name: 'a first yoga class',
    en: [/\b(?:(?:first|beginner|never done|never tried) (?:a )?yoga|yoga class(?:es)?|not flexible enough for yoga|yoga (?:for )?(?:beginners|newbies))\b/],
    zh: [/第一次(?:上|练)?瑜伽|瑜伽新手|零基础瑜伽|没练过瑜伽/],
    terms: 'complete beginners first class yoga',
  },
  {
    name: 'finding calm after a loss',
    en: [/\b(?:grie(?:f|ving)|bereave\w*|lost (?:my|our) (?:mum|mom|dad|father|mother|husband|wife|partner|brother|sister)|passed away|break-?up|divorce|broke up|heartbroken)\b/, /\b(?:calm|cope|coping|peace|heal\w*|breath\w*|quiet|feel better|get through|gentle)\b/],
    zh: [/去世|离世|分手|离婚|失恋/, /平静|走出来|好受|安静|放下|疗愈/],
    terms: 'guided meditation calm mindfulness',
  },
  {
    name: 'a deep stretch',
    en: [/\b(?:deep stretch\w*|hold (?:poses|stretches) (?:for )?longer|yin|restorative)\b/],
    zh: [/阴瑜伽|深度拉伸|修复瑜伽/],
    terms: 'yin yoga deep stretch',
  },
  {
    name: 'breathing before a big moment',
    en: [/\b(?:exams?|interview|presentation|big (?:day|match|race)|performance|audition|recital|speech)\b/, /\b(?:breath\w*|calm (?:my|her|his) nerves|centred|centered)\b/],
    zh: [/考试|面试|演讲|上台|比赛/, /呼吸|平复心情|稳住心态/],
    terms: 'breathing practice breathwork calm',
  },
  {
    name: 'learning to meditate',
    en: [/\b(?:(?:how|learn) to meditate|(?:can'?t|cannot) meditate|meditation (?:apps?|never works)|headspace|calm app|sit still (?:and|with) (?:my )?(?:thoughts|breath))\b/],
    zh: [/怎么冥想|学冥想|冥想不进去|坐不住.{0,4}冥想/],
    terms: 'guided meditation meditate beginners',
  },
  {
    name: 'stiff at the desk',
    en: [/\b(?:at (?:my|the) desk|desk job|in the office|at work|between meetings|lunch ?break)\b/, /\b(?:stretch\w*|yoga|unwind|breath\w*|stiff|tight)\b/],
    zh: [/工位|办公室|上班|午休/, /拉伸|伸展|瑜伽|僵硬/],
    terms: 'desk stretches office posture',
  },
  {
    name: 'practice outdoors',
    en: [/\b(?:yoga|stretch\w*|meditat\w*)\b/, /\b(?:on the beach|by the sea|in the (?:park|garden)|outdoors|outside|retreat)\b/],
    zh: [/瑜伽|冥想/, /海边|沙滩|公园|户外|静修/],
    terms: 'outdoors sea calm yoga',
  },
  {
    name: 'calm for the children',
    en: [KIDS, /\b(?:yoga|calm down|wind down|settle (?:down|at bedtime)|bedtime routine|meditat\w*|mindful\w*)\b/],
    zh: [KIDS_ZH, /瑜伽|冥想|安静下来|睡前放松|平静/],
    terms: 'bedtime yoga sleep evening',
  },

  // music: learning, playing together and music for the moment
  {
    name: 'an instrument at last',
    en: [/\b(?:always wanted to (?:learn|play) (?:an |a )?(?:instrument|music)|(?:learn|pick up|take up) (?:an|a musical) instrument|(?:too old|never too late) to learn (?:an )?(?:instrument|music)|musical instrument)\b/],
    zh: [/学乐器|想学一样乐器|学一门乐器|乐器/],
    terms: 'beginners lesson music instrument',
  },
  {
    name: 'songs around the fire',
    en: [/\b(?:campfire|singalong|sing-?along|around the fire|strum\w*)\b/, /\b(?:songs?|sing\w*|strum\w*|guitar|ukulele)\b/],
    zh: [/篝火|围着火|露营/, /弹唱|唱|扫弦|和弦|歌/],
    terms: 'acoustic guitar folk song',
  },
  {
    name: 'lullabies',
    en: [/\b(?:lullab(?:y|ies)|(?:get|getting|help) (?:the |my |our )?(?:baby|newborn|little one) (?:to )?(?:sleep|settle|calm)|soothe (?:the|my|our) baby|colicky)\b/],
    zh: [/摇篮曲|哄睡|哄宝宝睡|宝宝.{0,4}(?:睡觉|安静)/],
    terms: 'relaxing music piano classical',
  },
  {
    name: 'music for the room',
    en: [/\b(?:dinner party|cocktail party|(?:my|our|the) (?:cafe|café|shop|restaurant|salon|bar)|wine bar)\b/, /\b(?:music|playlist|ambience|atmosphere|vibe)\b/],
    zh: [/晚宴|聚会|咖啡店|咖啡馆|店里|餐厅|酒吧/, /音乐|背景音乐|氛围|歌单/],
    terms: 'jazz bossa nova background music',
  },
  {
    name: 'banging on everything',
    en: [/\b(?:bang(?:s|ing)? on (?:everything|pots|pans|the table)|wants? (?:a )?drum(?: kit|s)|drumming)\b/],
    zh: [/敲敲打打|想学打鼓|架子鼓|打鼓/],
    terms: 'drums percussion lesson beginners',
  },
  {
    name: 'on stage',
    en: [/\b(?:talent show|school (?:concert|band|orchestra)|(?:join|start\w*|form\w*) a band|open mic|busk\w*)\b/],
    zh: [/才艺表演|文艺汇演|组乐队|乐队|卖唱/],
    terms: 'performance live music busking',
  },
  {
    name: 'walking down the aisle',
    en: [/\b(?:walk(?:ing)? down the aisle|wedding (?:ceremony|music|song|band|playlist)|processional)\b/],
    zh: [/婚礼.{0,4}(?:音乐|歌曲|背景)|走红毯|入场音乐/],
    terms: 'cover piano acoustic',
  },

  // music, second batch: an old piano, practice battles, singing, making beats, getting into jazz, a first concert, jamming, reading music
  {
    name: 'an old piano at home',
    en: [/\b(?:(?:old|inherited|grandma'?s|grandmother'?s|second[- ]hand|out of tune|family|dusty) piano|piano (?:in the (?:corner|hall|living room)|nobody plays|gathering dust|sitting there))\b/],
    zh: [/家里的(?:旧)?钢琴|旧钢琴|钢琴.{0,4}(?:吃灰|没人弹|闲置)/],
    terms: 'piano lesson beginners keys',
  },
  {
    name: 'practice is a battle',
    en: [KIDS, /\b(?:(?:won'?t|doesn'?t want to|refuses to|hates?) practi[sc]\w*|practi[sc]e (?:is )?a (?:battle|fight|struggle)|quit (?:piano|violin|lessons)|give up (?:piano|violin|lessons))\b/],
    zh: [KIDS_ZH, /不肯练|不想练琴|练琴.{0,4}(?:哭|吵|磨蹭)|想放弃(?:钢琴|小提琴)/],
    terms: 'practice progress lesson music',
  },
  {
    name: 'wanting to sing',
    en: [/\b(?:choir|sing(?:ing)? (?:in tune|lessons?)|(?:can'?t|cannot) sing|tone[- ]deaf|karaoke|learn to sing)\b/],
    zh: [/合唱团|唱歌跑调|五音不全|学唱歌|卡拉ok|ktv/],
    terms: 'song lesson beginners music',
  },
  {
    name: 'making beats',
    en: [/\b(?:make (?:my own )?beats|making beats|produce music|music production|synths?|synthesi[sz]ers?|ableton|garageband|electronic music)\b/],
    zh: [/编曲|做音乐|做beat|合成器|电子音乐|音乐制作/],
    terms: 'synthesizer synth electronic music',
  },
  {
    name: 'getting into jazz',
    en: [/\b(?:get(?:ting)? into|understand|appreciate|where to start with|new to)\b/, /\b(?:jazz|classical music|the blues|opera|orchestral music)\b/],
    zh: [/入门|听懂|欣赏|怎么听/, /爵士|古典音乐|蓝调|交响乐|歌剧/],
    terms: 'jazz standards classical music orchestra',
  },
  {
    name: 'a first concert',
    en: [/\b(?:going to (?:a|the|my first|her first|his first) (?:concert|orchestra|symphony|proms|gig)|concert tickets|first (?:concert|gig))\b/],
    zh: [/第一次听音乐会|去听音乐会|音乐会门票|看演唱会/],
    terms: 'orchestra live music concert',
  },
  {
    name: 'jamming with friends',
    en: [/\b(?:jam sessions?|jamming|play (?:music|songs) together)\b/],
    zh: [/即兴合奏|一起玩音乐|一起弹琴/],
    terms: 'jam session live improvisation',
  },
  {
    name: 'reading music',
    en: [/\b(?:read(?:ing)? (?:sheet )?music|sheet music|play(?:ing)? by ear|music theory|chord progressions?)\b/],
    zh: [/识谱|五线谱|看谱|乐理|扒谱/],
    terms: 'lesson tutorial beginners music',
  },

  // dance: the dance floor, a class, a tradition
  {
    name: 'the dance floor',
    en: [/\b(?:dad danc\w*|(?:too )?(?:shy|embarrassed|awkward|self-conscious) (?:to dance|on the dance ?floor)|dance ?floor)\b/],
    zh: [/舞池|不敢跳|跳舞.{0,4}(?:尴尬|害羞)|同手同脚/],
    terms: 'dance beginners tutorial moves',
  },
  {
    name: 'a ballet recital',
    en: [/\b(?:(?:ballet|dance) recital|tutu|pointe|ballet shoes|leotard|plie)\b/],
    zh: [/芭蕾|足尖|舞蹈汇演|练功服|舞鞋/],
    terms: 'ballet classical ballerina',
  },
  {
    name: 'a k-pop fan',
    en: [/\b(?:bts|blackpink|k-?pop|kpop|idol group|newjeans)\b/],
    zh: [/韩团|爱豆|韩流|bts|防弹少年团|blackpink|翻跳/],
    terms: 'k-pop choreography dance',
  },
  {
    name: 'ballroom on tv',
    en: [/\b(?:strictly come dancing|watch(?:ing)? strictly|dancing with the stars|ballroom|waltz|foxtrot|cha[- ]?cha|quickstep|rumba)\b/],
    zh: [/交谊舞|华尔兹|国标舞|拉丁舞|舞林争霸|恰恰/],
    terms: 'partner dance salsa tango swing',
  },
  {
    name: 'a country night',
    en: [/\b(?:country (?:music|night|bar|and western)|honky[- ]?tonk|cowboy boots|barn dance|hoedown)\b/],
    zh: [/排舞|乡村音乐|牛仔靴|广场舞/],
    terms: 'line dancing country dance',
  },
  {
    name: 'an Indian wedding',
    en: [/\b(?:sangeet|mehndi|desi wedding|indian wedding)\b/],
    zh: [/印度婚礼|宝莱坞|印度舞/],
    terms: 'bollywood indian dance choreography',
  },
  {
    name: 'a child who never stops dancing',
    en: [KIDS, /\b(?:(?:dances?|dancing|twirl\w*|spins?|wiggl\w*) (?:around|to every|all day|everywhere|in the kitchen)|(?:always|never stops?) (?:dancing|moving)|(?:dance|ballet|street dance|hip hop) (?:class|classes|lessons?))\b/],
    zh: [KIDS_ZH, /跳舞|扭来扭去|舞蹈班|舞蹈课|街舞/],
    terms: 'kids dance hip hop tutorial',
  },
  {
    name: 'Irish roots',
    en: [/\b(?:riverdance|irish (?:heritage|roots|grandmother|grandma|family)|st\.? patrick'?s)\b/],
    zh: [/大河之舞|爱尔兰/],
    terms: 'irish dance step celtic',
  },

  // dance, second batch: salsa in Havana, tango in Buenos Aires, swing, dancing to get fit, a flash mob, tap, breaking, flamenco
  {
    name: 'salsa on holiday',
    en: [/\b(?=(?:cuba|havana|colombia|cali|puerto rico)\b)/, /\b(?:danc\w*|salsa|clubs?|nights? out|moves)\b/],
    zh: [/古巴|哈瓦那|哥伦比亚/, /跳舞|萨尔萨|舞/],
    terms: 'salsa latin dance partner',
  },
  {
    name: 'tango in Buenos Aires',
    en: [/\b(?:milongas?|buenos aires|argentin\w*)\b/, /\b(?:danc\w*|tango)\b/],
    zh: [/阿根廷|布宜诺斯艾利斯|米隆加/, /跳舞|探戈|舞/],
    terms: 'argentine tango partner dance',
  },
  {
    name: 'a swing night',
    en: [/\b(?:lindy hop|swing danc\w*|jive|charleston|1920s party|gatsby party|1940s)\b/],
    zh: [/摇摆舞|林迪舞|查尔斯顿/],
    terms: 'swing lindy hop dance',
  },
  {
    name: 'dancing to get fit',
    en: [/\b(?:zumba|dance (?:workout|fitness|cardio)|danc(?:e|ing) to (?:get fit|lose weight|keep fit))\b/],
    zh: [/尊巴|健身舞|跳操|跳舞减肥/],
    terms: 'dance routine choreography',
  },
  {
    name: 'a surprise dance',
    en: [/\b(?:flash ?mob|surprise (?:dance|proposal)|propos(?:e|al|ing))\b/, /\b(?:danc\w*|flash ?mob|choreograph\w*|routine)\b/],
    zh: [/快闪|求婚/, /舞|跳/],
    terms: 'flash mob surprise dance',
  },
  {
    name: 'tap shoes',
    en: [/\b(?:tap (?:danc\w*|shoes|class(?:es)?)|fred astaire|gene kelly|singin'? in the rain)\b/],
    zh: [/踢踏舞|踢踏鞋/],
    terms: 'tap dance shoes',
  },
  {
    name: 'a teenager breaking',
    en: [/\b(?:breakdanc\w*|b-?boy(?:ing|s)?|b-?girl(?:ing|s)?|head ?spins?|power ?moves)\b/],
    zh: [/霹雳舞|地板舞|头转|breaking/],
    terms: 'breakdance breaking bboy',
  },
  {
    name: 'flamenco in Seville',
    en: [/\b(?:flamenco|seville|sevilla|andalusia)\b/],
    zh: [/弗拉明戈|塞维利亚|安达卢西亚/],
    terms: 'flamenco spanish dance',
  },

  // art and drawing: making things, seeing things
  {
    name: 'a creative outlet',
    en: [/\b(?:creative (?:outlet|hobby)|something creative|(?:used to|always loved to) (?:draw|paint|sketch)|get(?:ting)? back (?:in)?to (?:drawing|painting|art)|doodl\w*)\b/],
    zh: [/创作|涂鸦|以前喜欢画|重新拿起画笔/],
    terms: 'drawing painting beginners sketchbook',
  },
  {
    name: 'a portrait of the pet',
    en: [/\b(?:draw\w*|paint\w*|portrait|sketch\w*)\b/, /\b(?:(?:my|our|her|his|their) (?:dog|cat|pet|puppy|kitten)|late (?:dog|cat))\b/],
    zh: [/(?<!动)画(?!片)|素描|肖像/, /狗|猫|宠物/],
    terms: 'pet portrait painting dog',
  },
  {
    name: 'lost in a gallery',
    en: [/\b(?:galler(?:y|ies)|art museum|louvre|uffizi|prado|tate|moma)\b/, /\b(?:understand|don'?t get|appreciate|what (?:to )?look (?:at|for)|the point of|meaning|explain\w*|famous paintings?|masterpieces?)\b/],
    zh: [/美术馆|画展|卢浮宫/, /看懂|看不懂|欣赏|讲解|名画/],
    terms: 'art history museum curator',
  },
  {
    name: 'sketching on the go',
    en: [/\b(?:(?:sketch|draw|paint)(?:ing)? (?:the view|the scenery|on holiday|while travell?ing|in (?:the )?cafes?|people in the street|outdoors)|travel (?:journal|sketchbook)|plein air|urban sketch\w*)\b/],
    zh: [/写生|旅行手账|速写|风景画/],
    terms: 'urban sketching sketchbook watercolour landscape',
  },
  {
    name: 'a child who draws all day',
    en: [KIDS, /\b(?:draw(?:s|ing)? (?:all the time|constantly|everything|every day|on everything)|(?:loves?|obsessed with) (?:drawing|painting)|(?:better|improve) at drawing|art (?:class|club))\b/],
    zh: [KIDS_ZH, /爱画画|整天画|喜欢画画|画得更好|美术班|画画班/],
    terms: 'drawing beginners tutorial',
  },
  {
    name: 'drawing on a tablet',
    en: [/\b(?:ipad|drawing tablet|procreate|stylus|apple pencil|wacom)\b/, /\b(?:draw\w*|art|illustrat\w*|paint\w*|sketch\w*|procreate)\b/],
    zh: [/ipad|平板|数位板|手绘板|procreate/, /(?<!动)画(?!片)/],
    terms: 'digital art tablet illustration',
  },
  {
    name: 'hands in clay',
    en: [/\b(?:pottery|ceramics?|potter'?s wheel|clay(?! courts?)|sculpt\w*|air[- ]dry)\b/],
    zh: [/陶艺|陶瓷|捏泥|黏土|雕塑|拉坯/],
    terms: 'clay sculpture modelling',
  },
  {
    name: 'bare walls',
    en: [/\b(?:(?:make|paint|create) (?:my|our) own (?:art|canvas|artwork|pictures?|paintings?)|(?:art|something) for (?:my|our|the) (?:bare |blank |empty )?walls?|bare walls)\b/],
    zh: [/墙上.{0,4}(?:挂|空)|自己画一幅|装饰画|挂画/],
    terms: 'acrylic painting canvas art',
  },

  // art and drawing, second batch: painting in retirement, faces, oils, a daily drawing, still life, charcoal, art school, colouring in
  {
    name: 'painting in retirement',
    en: [/\b(?:retire\w*|pension\w*|(?:my|his|her) (?:70s|80s|seventies|eighties))\b/, /\b(?:paint(?:ing)? (?:class|classes|lessons?|landscapes?|flowers)|draw\w*|sketch\w*|watercolou?rs?|art class(?:es)?)\b/],
    zh: [/退休|老年大学|养老/, /画画|水彩|国画|素描|学画/],
    terms: 'watercolour painting beginners watercolor',
  },
  {
    name: 'drawing faces',
    en: [/\b(?:draw(?:ing|s)?|paint(?:ing|s)?|sketch(?:ing|es)?)\b/, /\b(?:faces|(?:a |her |his |their )?portraits?|self[- ]portraits?|likeness)\b/],
    zh: [/画|素描/, /人像|肖像|自画像|画脸|五官/],
    terms: 'self-portrait portrait face drawing',
  },
  {
    name: 'oils like the old masters',
    en: [/\b(?:oil paint\w*|oils on canvas|bob ross|happy little trees|old masters|like (?:van gogh|monet|rembrandt))\b/],
    zh: [/油画|鲍勃罗斯|梵高|莫奈/],
    terms: 'oil painting canvas',
  },
  {
    name: 'a drawing a day',
    en: [/\b(?:inktober|drawing challenge|(?:draw|sketch)(?:ing)? (?:something )?every day|daily (?:drawing|sketch\w*)|100 days? of (?:drawing|art|sketching))\b/],
    zh: [/每天画一张|每日一画|画画打卡|百日画/],
    terms: 'challenge progress sketchbook drawing',
  },
  {
    name: 'still life at the kitchen table',
    en: [/\b(?:still life|(?:bowl|vase) of (?:fruit|flowers)|flowers in a vase|botanical (?:drawing|painting|illustration))\b/],
    zh: [/静物|花卉画|植物画/],
    terms: 'still life botanical flowers',
  },
  {
    name: 'charcoal and pencil',
    en: [/\b(?:charcoal|graphite|pencil (?:drawing|sketch\w*|shading)|shading|black and white drawings?)\b/],
    zh: [/炭笔|铅笔画|明暗|排线/],
    terms: 'charcoal sketching black and white',
  },
  {
    name: 'applying to art school',
    en: [/\b(?:art (?:school|college|degree|foundation)|portfolio (?:for|review)|study art|become an artist|gcse art|a-?level art)\b/],
    zh: [/美院|艺考|考美院|作品集|美术专业/],
    terms: 'artist techniques sketchbook tour',
  },
  {
    name: 'colouring in to unwind',
    en: [/\b(?:colou?ring (?:books?|in|pages)|adult colou?ring|colou?red pencils?|felt tips|alcohol markers)\b/],
    zh: [/涂色|填色|彩铅|马克笔/],
    terms: 'coloured pencil colored',
  },

  // comedy: needing a laugh, and the absurd in everyday life
  {
    name: 'need a laugh',
    en: [/\b(?:need (?:a (?:good )?)?laugh|make me laugh|pick[- ]me[- ]up|(?:something|anything) (?:silly|light-?hearted|to laugh at)|crack (?:me|us) up)\b/],
    zh: [/想笑|逗我笑|开心一下|乐一乐|搞笑的|解闷/],
    terms: 'comedy funny sketch',
  },
  {
    name: 'a wedding speech',
    en: [/\b(?:best man|maid of honou?r|father of the bride|(?:give|giving|write|writing) (?:a|the) (?:wedding )?speech|toast at)\b/],
    zh: [/伴郎致辞|婚礼致辞|婚礼上讲话|婚礼发言/],
    terms: 'wedding speech funny',
  },
  {
    name: 'meetings all day',
    en: [/\b(?:zoom (?:calls?|meetings?)|teams (?:call|meeting)s?|video calls?|online meetings?|conference calls?|on mute)\b/, /\b(?:all day|endless|back to back|so many|cringe|awkward|ridiculous|sick of|tired of)\b/],
    zh: [/视频会议|线上会议|网课|开会/, /一整天|没完没了|尴尬|受不了|好累/],
    terms: 'video call funny office',
  },
  {
    name: 'family quirks',
    en: [/\b(?:my (?:mum|mom|dad|parents|in-laws)|family (?:dinners?|gatherings?|christmas))\b/, /\b(?:embarrass\w*|cringe|drive me (?:crazy|mad|nuts)|so annoying|always (?:say|ask)|every single time|relatable)\b/],
    zh: [/爸妈|我妈|我爸|亲戚|家庭聚会|过年回家/, /尴尬|催婚|唠叨|每次都|受不了/],
    terms: 'parents family relatable comedy',
  },
  {
    name: 'being funnier',
    en: [/\b(?:improv|stand-?up comedy|stand-?up set|do stand-?up|comedy club|be (?:funnier|more funny)|make people laugh|sense of humou?r)\b/],
    zh: [/即兴|脱口秀|单口|开放麦|幽默感|更幽默/],
    terms: 'improv comedy sketch',
  },
  {
    name: 'office absurdities',
    en: [/\b(?:my (?:boss|manager|colleagues?|coworkers?)|open[- ]plan office)\b/, /\b(?:ridiculous|annoying|crazy|so awkward|drive me|nightmare|passive[- ]aggressive)\b/],
    zh: [/老板|领导|同事|办公室/, /奇葩|离谱|尴尬|受不了|无语/],
    terms: 'office work relatable funny',
  },
  {
    name: 'flat-pack despair',
    en: [/\b(?:flat[- ]?pack|ikea|allen key|instructions (?:made no sense|were useless))\b/],
    zh: [/宜家|组装家具|说明书看不懂/],
    terms: 'flat pack furniture funny',
  },

  // comedy, second batch: a bad haircut, parents' evening, the supermarket, teaching someone to drive, lost luggage, group projects, what the pet thinks, a camping disaster
  {
    name: 'a haircut gone wrong',
    en: [/\b(?:(?:bad|terrible|awful|disastrous|worst) haircut|hairdresser (?:ruined|butchered|cut (?:off )?too much)|barber (?:ruined|butchered))\b/],
    zh: [/剪坏了|理发翻车|发型翻车|托尼老师/],
    terms: 'haircut appointment hairdresser barber',
  },
  {
    name: "parents' evening",
    en: [/\b(?:parents'? evening|parent[- ]teacher (?:meeting|conference|night)|school gate|the class whatsapp|pta)\b/],
    zh: [/家长会|家长群/],
    terms: 'parent-teacher meeting school parents',
  },
  {
    name: 'the supermarket ordeal',
    en: [/\b(?:self[- ]checkouts?|unexpected item|supermarket (?:queues?|trips?|run)|queu(?:e|ing) (?:for|at) (?:the )?(?:tills?|checkout))\b/],
    zh: [/超市排队|自助结账|结账排队/],
    terms: 'supermarket queue shopping relatable',
  },
  {
    name: 'teaching someone to drive',
    en: [/\b(?:teach(?:ing)? (?:my|our) (?:son|daughter|wife|husband|partner|kid|mum|mom) to drive|(?:my|our) (?:son|daughter|kid|teenager) (?:is )?learning to drive|in the passenger seat)\b/],
    zh: [/教(?:孩子|儿子|女儿|老婆|老公)开车|给.{1,4}当陪练/],
    terms: 'driving lesson learner driver funny',
  },
  {
    name: 'a holiday that went wrong',
    en: [/\b(?:lost (?:my |our )?(?:luggage|suitcase|bags?)|(?:luggage|suitcase|bags?) (?:went missing|never arrived|got lost)|holiday (?:from hell|disaster)|(?:missed|cancelled) (?:our|my) flight)\b/],
    zh: [/行李丢了|丢行李|旅行翻车|度假翻车|航班取消/],
    terms: 'lost luggage airport travel funny',
  },
  {
    name: 'the group project',
    en: [/\b(?:group (?:projects?|assignments?|work)|lazy (?:classmates|teammates)|(?:did|do|doing) all the work)\b/],
    zh: [/小组作业|小组项目|组员划水|队友划水/],
    terms: 'group project school teamwork',
  },
  {
    name: 'if the pet could talk',
    en: [/\b(?:if (?:my|our|the) (?:dog|cat|pet) could talk|what (?:my|our|the) (?:dog|cat) is thinking|(?:dog|cat) (?:acts|thinks) (?:it'?s|he'?s|she'?s) (?:the boss|in charge|human))\b/],
    zh: [/如果(?:狗|猫)会说话|(?:狗|猫)在想什么|猫主子/],
    terms: 'pov point of view funny',
  },
  {
    name: 'a camping trip gone wrong',
    en: [/\b(?:camping|tents?|campsites?)\b/, /\b(?:went wrong|disaster|nightmare|chaos|fiasco|collapsed|blew away|flooded)\b/],
    zh: [/露营|帐篷/, /翻车|倒了|被吹走|狼狈|进水/],
    terms: 'camping trip funny fail',
  },

  // history: family roots, school topics, ruins and how people lived
  {
    name: 'family roots',
    en: [/\b(?:family tree|ancestry|ancestors?|genealog\w*|great[- ]great|where my family came from|descended from)\b/],
    zh: [/家谱|族谱|祖先|寻根|祖辈/],
    terms: 'history heritage historical',
  },
  {
    name: 'a history project',
    en: [/\b(?:history (?:project|homework|topic|lesson)|topic (?:at|for) school|(?:doing|learning about) (?:the )?(?:past|olden days))\b/],
    zh: [/历史作业|历史课|历史小报|历史手抄报/],
    terms: 'history kids explained',
  },
  {
    name: 'ruins on holiday',
    en: [/\b(?:the ruins|ruins of|roman ruins|archaeological site|excavations?|dig site|ancient (?:site|city|ruins|temples?)|pompeii|machu picchu|acropolis|colosseum|petra)\b/],
    zh: [/遗址|古迹|考古|庞贝|废墟|古城/],
    terms: 'archaeology ancient history reconstruction',
  },
  {
    name: 'life back then',
    en: [/\b(?:what (?:life|it) was like (?:back then|in the past|centuries ago|(?:in|during) (?:medieval times|the middle ages|ancient times))|how (?:people|they) (?:used to )?live(?:d)? (?:back then|long ago|in the past)|olden days)\b/],
    zh: [/古代人怎么生活|古人.{0,4}(?:吃什么|怎么过|生活)|以前的人怎么/],
    terms: 'daily life history documentary',
  },
  {
    name: 'something dug up',
    en: [/\b(?:metal detect\w*|found (?:an? )?old (?:coins?|arrowhead|pottery|bones?)|dug up (?:an? )?(?:old )?(?:coins?|pottery|bones?))\b/],
    zh: [/金属探测|挖到|出土|古钱币|文物/],
    terms: 'archaeology discovery history',
  },
  {
    name: 'castles and knights',
    en: [/\b(?:(?<!cardboard )castles?|knights?|suits? of armou?r|moats?)\b/, /\b(?:visit\w*|trip|staying|day out|obsessed|loves?|kids?|son|daughter)\b/],
    zh: [/城堡|骑士|盔甲|护城河/],
    terms: 'medieval castles middle ages history',
  },
  {
    name: 'history myths',
    en: [/\b(?:pub quiz|trivia night|history buff|textbooks? (?:got|were|are) (?:it )?wrong|myths? about the past)\b/],
    zh: [/历史冷知识|历史误区|课本.{0,3}错|历史谣言/],
    terms: 'myths facts history',
  },

  // history, second batch: Vikings, a grandparent in the war, Egypt, a museum with children, the Moon landing, the story of our town, China's wonders, inventions
  {
    name: 'Viking roots',
    en: [/\b(?:vikings?|norse|longships?|valhalla)\b/],
    zh: [/维京|北欧海盗|北欧神话/],
    terms: 'vikings norse scandinavia',
  },
  {
    name: 'a grandparent in the war',
    en: [/\b(?:grand(?:pa|father|ma|mother)|grand?dad|great[- ]grand\w*|dad|father|uncle)\b/, /\b(?:the war|wwii|ww2|world war|d-?day|in the army|in the navy|evacuee|the blitz)\b/],
    zh: [/爷爷|外公|太爷爷|曾祖父|老一辈|奶奶/, /打仗|参战|抗战|当兵|战争|二战/],
    terms: 'history untold story documentary',
  },
  {
    name: 'a trip to Egypt',
    en: [/\b(?=(?:egypt|cairo|luxor|giza|the nile)\b)/, /\b(?:pyramids?|pharaohs?|tombs?|mummies|temples?|ancient|valley of the kings|history)\b/],
    zh: [/埃及|开罗|卢克索|尼罗河/, /金字塔|法老|木乃伊|神庙|古代|历史/],
    terms: 'ancient egypt pyramids',
  },
  {
    name: 'a museum with children',
    en: [/\b(?:(?:history|british|national|war|roman|viking|local) museum|museum of (?:london|history))\b/, /\b(?:kids?|children|(?:my|our) (?:son|daughter)|bored|make it (?:fun|interesting)|school trip|before (?:we|our) (?:go|visit))\b/],
    zh: [/历史博物馆|(?<!航空|航天|科技|美术|艺术)博物馆/, /孩子|小孩|娃|无聊|提前讲/],
    terms: 'history for kids historian',
  },
  {
    name: 'remembering the Moon landing',
    en: [/\b(?:moon landing|apollo (?:11|13|missions?)|space race|neil armstrong|one small step)\b/],
    zh: [/登月|阿波罗|太空竞赛|阿姆斯特朗/],
    terms: 'moon landing apollo space race',
  },
  {
    name: 'the story of our town',
    en: [/\b(?:(?:my|our) (?:town|city|village|street|house) (?:is|was) (?:really |so )?(?:old|historic|medieval|built in)|history of (?:my|our|the) (?:town|city|village|street|area|house)|local history)\b/],
    zh: [/家乡的历史|这座城市的历史|老街的历史|本地历史|地方志/],
    terms: 'heritage history past',
  },
  {
    name: "China's ancient wonders",
    en: [/\b(?:great wall|forbidden city|terracotta (?:army|warriors)|silk road)\b/],
    zh: [/长城|故宫|兵马俑|丝绸之路/],
    terms: 'great wall china silk road',
  },
  {
    name: 'who invented it',
    en: [/\b(?:who invented|how (?:was|were) (?:\w+ ){0,2}invented|invention of|greatest inventions)\b/],
    zh: [/谁发明|发明史|怎么发明的|四大发明/],
    terms: 'inventions printing press history',
  },

  // fashion: the wardrobe, the body, the occasion
  {
    name: 'nothing to wear',
    en: [/\b(?:nothing to wear|wardrobe (?:is )?(?:full|overflowing|bursting|a mess)|closet (?:is )?(?:full|a mess)|too many clothes|wear the same (?:clothes|outfits?|things)|(?:sick|bored|tired) of (?:my|all my) clothes)\b/],
    zh: [/没衣服穿|衣柜.{0,3}(?:满|乱|塞)|衣服太多|天天穿一样/],
    terms: 'capsule wardrobe minimalism outfit ideas',
  },
  {
    name: 'clothes with a conscience',
    en: [/\b(?:fast fashion|sustainab\w*|ethical|second[- ]hand|charity shops?|thrift(?:ing| stores?)?|vintage shops?|depop|vinted)\b/, /\b(?:clothes|clothing|wardrobe|fashion|outfits?|wear|dresses?|jeans|shirts?|shopping)\b/],
    zh: [/快时尚|可持续|二手|古着|闲鱼/, /衣服|穿|时尚|买衣/],
    terms: 'sustainable fashion thrift second hand',
  },
  {
    name: 'a body that changed',
    en: [/\b(?:lost (?:a lot of )?weight|new (?:body|shape)|(?:clothes|jeans|everything) (?:don'?t|doesn'?t) fit|nothing fits|dress for my (?:body|shape)|flattering)\b/],
    zh: [/衣服不合身|穿不下|显瘦|扬长避短|身材变了/],
    terms: 'styling outfit ideas fashion',
  },
  {
    name: 'clothes for a trip',
    en: [/\b(?:what (?:clothes )?to (?:wear|pack)|outfits?|clothes)\b/, /\b(?:trip|holiday|honeymoon|city break|travel\w*|(?:a |one )?week (?:in|away))\b/],
    zh: [/穿什么|衣服|穿搭|带什么衣服/, TRIP_ZH],
    terms: 'travel packing outfits capsule',
  },
  {
    name: 'mending clothes',
    en: [/\b(?:holes? in (?:my|the|his|her)|ripped|torn|worn[- ]out|moth[- ]eaten|fell apart|sew|sewing|stitch\w*|darn\w*|mend\w*)\b/, /\b(?:jeans|jumper|sweater|shirt|jacket|coat|clothes|socks|trousers|dress|elbows?)\b/],
    zh: [/破洞|破了|开线|缝|补/, /衣服|牛仔裤|毛衣|袜子|外套|裤子/],
    terms: 'mending repair sewing visible',
  },
  {
    name: 'dressing for a real winter',
    en: [/\b(?:first (?:real )?winter|never (?:had|lived (?:in|through)|experienced) (?:a )?(?:real |proper )?winter|cold (?:country|climate)|(?:moving|moved|relocating) (?:somewhere|to (?:a )?(?:cold|colder|freezing)))\b/, /\b(?:dress|wear|layers?|coats?|clothes|outfits?)\b/],
    zh: [/第一次过冬|搬到北方|去东北|很冷的地方/, /穿|衣服|外套|保暖/],
    terms: 'winter wool coat styling',
  },
  {
    name: 'finding a style',
    en: [/\b(?:(?:find|finding|develop\w*) (?:my|her|his|their) (?:own )?style|personal style|(?:more )?stylish|dress better|how to dress|fashion sense|look put together)\b/],
    zh: [/穿衣风格|个人风格|会穿|不会穿衣|穿搭/],
    terms: 'style styling outfit ideas street',
  },
  {
    name: 'a wedding guest outfit',
    en: [/\b(?:wedding guest|going to a wedding|invited to a wedding|black[- ]tie|dress code|smart casual|cocktail attire)\b/],
    zh: [/参加婚礼穿|婚礼嘉宾|着装要求|正装/],
    terms: 'outfit ideas styling formal suit',
  },

  // fashion, second batch: a rainy climate, summer heat, a partner who dresses badly, a teenager's style, a formal occasion, vintage decades, maternity, colours
  {
    name: 'dressing for the rain',
    en: [/\b(?:always rains|rain(?:y)? (?:city|climate|days?|season|week)|wet weather)\b/, /\b(?:wear|outfits?|coats?|jackets?|clothes|dress|look)\b/],
    zh: [/下雨天|雨季|梅雨|阴雨/, /穿|衣服|外套|穿搭/],
    terms: 'rain jacket raincoat outerwear',
  },
  {
    name: 'dressing for the heat',
    en: [/\b(?:heat ?wave|so hot|sweat\w*|humid\w*|boiling|summer)\b/, /\b(?:wear|outfits?|clothes|dress(?:es)?|linen|shirts?|look (?:cool|smart))\b/],
    zh: [/夏天|太热|出汗|闷热/, /穿|衣服|穿搭|亚麻/],
    terms: 'linen shirt summer',
  },
  {
    name: 'a partner who dresses badly',
    en: [/\b(?:(?:my|her) (?:husband|boyfriend|dad|son)|men'?s)\b/, /\b(?:dress(?:es)? (?:badly|like)|style|wardrobe|(?:new )?clothes|look (?:better|smarter|sharper)|fashion)\b/],
    zh: [/老公|男朋友|爸爸|男士|男生/, /穿搭|穿衣|衣服|打扮|形象/],
    terms: 'street style styling outfit ideas',
  },
  {
    name: "a teenager's style",
    en: [/\b(?:teen(?:age)?(?:r|rs|s)?|(?:my|our) (?:teenage )?(?:son|daughter) (?:wants|is into))\b/, /\b(?:fashion|style|outfits?|clothes|wardrobe|streetwear|sneakers)\b/],
    zh: [/青春期|十几岁|初中生|高中生/, /穿搭|衣服|时尚|潮牌/],
    terms: 'street fashion street style sneakers',
  },
  {
    name: 'a formal occasion',
    en: [/\b(?:funeral|memorial service|graduation|prom|gala|christening|awards (?:night|dinner))\b/, /\b(?:wear|outfits?|dress|suit|what to put on|clothes)\b/],
    zh: [/葬礼|追悼会|毕业典礼|舞会|晚宴/, /穿|衣服|西装|礼服/],
    terms: 'tailored suit formal',
  },
  {
    name: 'a love of vintage',
    en: [/\b(?:70s|80s|90s|1950s|1970s|y2k|retro|vintage)\b/, /\b(?:fashion|style|outfits?|clothes|dress(?:es)?|look|wardrobe)\b/],
    zh: [/复古|古着|港风|y2k|八十年代|九十年代/, /穿搭|风格|衣服|造型/],
    terms: 'vintage dress thrift',
  },
  {
    name: 'dressing the bump',
    en: [/\b(?:maternity|pregnan\w*|bump|breastfeed\w*|nursing)\b/, /\b(?:clothes|wear|outfits?|dress(?:es)?|wardrobe|jeans|fashion)\b/],
    zh: [/孕妇|孕期|怀孕|哺乳/, /衣服|穿搭|穿什么|裙子/],
    terms: 'capsule wardrobe outfit ideas styling',
  },
  {
    name: 'colours that suit me',
    en: [/\b(?:colou?rs? (?:suit|that suit|look good on)|colou?r analysis|skin ?tone|which colou?rs (?:to wear|suit))\b/],
    zh: [/什么颜色适合|适合我的颜色|肤色|色彩诊断/],
    terms: 'styling style outfit ideas',
  },

  // photography: better pictures of what matters
  {
    name: 'flat holiday photos',
    en: [PHOTO, /\b(?:(?:look|looks|came out|turn(?:ed)? out) (?:so )?(?:flat|boring|dull|rubbish|terrible|nothing like)|never (?:look|capture)|(?:doesn'?t|don'?t|never) do (?:it|them) justice|better (?:photos|pictures))\b/],
    zh: [PHOTO_ZH, /不好看|很丑|太平|拍不出|没感觉|拍得更好/],
    terms: 'composition photography tips landscape',
  },
  {
    name: 'only a phone',
    en: [/\b(?:(?:only|just) (?:have|got|use) (?:my|a) phone|with (?:my|a) phone|on (?:my|a) phone|iphone|android|smartphone)\b/, PHOTO, /\b(?:better|nicer|good|great|decent|professional|like a pro)\b/],
    zh: [/手机/, /拍照|照片|摄影|拍出/],
    terms: 'phone photography smartphone tips',
  },
  {
    name: 'children growing fast',
    en: [
      /\b(?:kids?|children|(?:my|our) (?:son|daughter|baby|boy|girl)|family)\b/,
      /\b(?:photos?|pictures?|portraits?|photograph\w*|capture (?:them|the moments?|memories))\b/,
      /\b(?:growing up so fast|grow up so fast|before they grow|every (?:stage|moment)|natural|candid|beautiful|better|nicer)\b/,
    ],
    zh: [/孩子|宝宝|娃|儿子|女儿|家人/, /拍照|照片|写真|拍/, /好看|自然|记录|长得太快|抓拍/],
    terms: 'portrait photography people candid',
  },
  {
    name: 'an old film camera',
    en: [/\b(?:film camera|35mm|analog(?:ue)?|rolls? of film|darkroom|develop(?:ing)? (?:film|the film|photos))\b/],
    zh: [/胶片|胶卷|菲林|冲洗|暗房|老相机/],
    terms: 'film photography analog vintage camera',
  },
  {
    name: 'editing pictures',
    en: [/\b(?:edit(?:ing)? (?:my |the )?(?:photos|pictures|shots)|lightroom|presets|raw files|colou?r grad\w*)\b/],
    zh: [/修图|调色|后期|lr/],
    terms: 'editing lightroom post processing',
  },
  {
    name: 'food that looks good',
    en: [/\b(?:food|dishes|plates?|menu|cafe|bakes|cakes|dinner)\b/, PHOTO, /\b(?:instagram|look (?:good|appetising|appetizing|nice|tasty)|menu|blog|sell)\b/],
    zh: [/菜|美食|蛋糕|食物|甜品/, PHOTO_ZH, /好看|诱人|朋友圈|小红书|菜单/],
    terms: 'food photography styling',
  },
  {
    name: 'animals on camera',
    en: [/\b(?:zoo|wildlife park|safari park|animal park)\b/, PHOTO],
    zh: [/动物园|野生动物|动物/, PHOTO_ZH],
    terms: 'wildlife photography zoo animals',
  },
  {
    name: 'tiny things up close',
    en: [/\b(?:close[- ]ups?|up close|tiny details|bugs|insects|dew ?drops|spiders?)\b/, PHOTO],
    zh: [/微距|特写|昆虫|虫子|露珠/, /拍|照片/],
    terms: 'macro photography close up insects',
  },

  // photography, second batch: strangers in the street, a friend's wedding, the right light, blurred backgrounds, old family prints, grey days, waterfalls, selling pictures
  {
    name: 'photographing strangers',
    en: [/\b(?:strangers|people (?:in|on) the street|street (?:photos|photography|shots)|candid)\b/, /\b(?:photo\w*|pictures?|shoot(?:ing)?|camera|snap\w*)\b/],
    zh: [/陌生人|街头|扫街|街拍/, /拍|照片|摄影/],
    terms: 'street photography candid',
  },
  {
    name: "a friend's wedding photos",
    en: [/\b(?:(?:asked|asking) (?:me )?to (?:take|do|shoot) (?:the )?(?:photos|pictures)|(?:shoot|photograph\w*) (?:a|my friend'?s|their|the) wedding|wedding photograph\w*)\b/],
    zh: [/帮.{0,6}拍婚礼|婚礼摄影|让我拍婚礼|婚礼跟拍/],
    terms: 'portrait photography people',
  },
  {
    name: 'waiting for the light',
    en: [/\b(?:golden hour|blue hour|harsh (?:light|sun)|midday sun|best light|(?:the )?light (?:is|was) (?:harsh|terrible|bad|flat))\b/],
    zh: [/黄金时刻|蓝调时刻|光线太硬|光线不好/],
    terms: 'golden hour landscape photography',
  },
  {
    name: 'a blurred background',
    en: [/\b(?:blurr?y backgrounds?|background blur|bokeh|prime lens|50 ?mm|portrait mode)\b/],
    zh: [/虚化|背景模糊|定焦|大光圈|人像模式/],
    terms: 'prime lens 50mm portrait',
  },
  {
    name: 'old family prints',
    en: [/\b(?:old (?:family )?(?:photos|photographs|prints|slides|negatives)|shoebox (?:of|full of) (?:photos|pictures)|scan(?:ning)? (?:old )?(?:photos|slides|negatives)|restore (?:an? )?old (?:photo|picture))\b/],
    zh: [/老照片|扫描照片|修复老照片|底片/],
    terms: 'editing post processing photography',
  },
  {
    name: 'photos on a grey day',
    en: [/\b(?:rain|rainy|grey|gray|overcast|fog|foggy|gloomy)\b/, /\b(?:photograph\w*|photos?|pictures?|shoot(?:ing)?|camera)\b/, /\b(?:(?:what|anything|something) to (?:shoot|photograph)|worth|ideas|go out|still|moody)\b/],
    zh: [/下雨|雨天|阴天|雾天/, /拍照|摄影|拍什么/],
    terms: 'photo walk rain street photography',
  },
  {
    name: 'silky waterfalls',
    en: [/\b(?:silky water|waterfalls?|light trails|long exposures?|motion blur|slow shutter)\b/, /\b(?:photo\w*|pictures?|shoot(?:ing)?|camera|tripod|shutter)\b/],
    zh: [/瀑布|车轨|长曝光|慢门|丝滑/, /拍|照片|三脚架/],
    terms: 'long exposure tripod night photography',
  },
  {
    name: 'selling my photos',
    en: [/\b(?:sell (?:my )?(?:photos|prints|pictures)|stock photos?|photography (?:business|side hustle|as a job|portfolio)|paid (?:shoots?|gigs?))\b/],
    zh: [/卖照片|图库|接单拍照|摄影副业|摄影工作室/],
    terms: 'critique review photography tips',
  },

  // DIY and woodworking: furnishing, fixing and making by hand
  {
    name: 'furnishing a first home',
    en: [/\b(?:(?:new|first|empty|unfurnished) (?:flat|house|home|place|apartment)|just moved|moved in)\b/, /\b(?:furniture|shelves|shelving|storage|table|bed ?frame|desk|bookcase|(?:make|build) (?:my|our) own)\b/],
    zh: [/新家|刚搬|新房|空房子|毛坯/, /家具|架子|置物|桌子|床架|柜子|自己做/],
    terms: 'diy furniture build beginners',
  },
  {
    name: 'inherited tools',
    en: [/\b(?:tools?|workbench|chisels?|hand ?planes?|saws|toolbox)\b/, /\b(?:inherit\w*|(?:grand?dad|grandpa|grandfather|dad|father|uncle)'?s?|passed (?:on|down)|shed full)\b/],
    zh: [/工具|工作台|凿子|刨子|锯/, /爷爷|外公|爸爸|父亲|留下|传下来|遗物/],
    terms: 'hand tools woodworking restoration',
  },
  {
    name: 'a workshop of my own',
    en: [/\b(?:garage|shed|spare room|basement|cellar)\b/, /\b(?:workshop|workbench|(?:make|build|making|building) (?:things|stuff)|woodwork\w*|tinker\w*)\b/],
    zh: [/车库|工具房|地下室|储物间/, /工作室|工作台|做木工|做东西/],
    terms: 'workshop tool wall organisation woodworking',
  },
  {
    name: 'a tired old piece of furniture',
    en: [/\b(?:(?:old|antique|second[- ]hand|thrifted|charity shop|skip|curb|kerbside|found an?) (?:chair|table|dresser|drawers|cabinet|furniture|desk|bench)|chest of drawers)\b/, /\b(?:restor\w*|refinish\w*|sand\w*|paint\w*|fix\w*|upcycl\w*|do (?:it )?up|new life|wobbly|scratched)\b/],
    zh: [/旧椅子|旧桌子|旧家具|二手家具|捡来的|老柜子/, /翻新|修|刷漆|打磨|改造/],
    terms: 'restoration refinish upcycling furniture',
  },
  {
    name: 'a den for the kids',
    en: [KIDS, /\b(?:tree ?house|playhouse|mud kitchen|(?:build|make)(?:ing)? (?:a |them a |him a |her a )?(?:den|fort))\b/],
    zh: [KIDS_ZH, /树屋|小木屋|秘密基地|游戏屋/],
    terms: 'treehouse kids garden build',
  },
  {
    name: 'renting and no storage',
    en: [/\b(?:rent(?:ing|ed|al)|landlord|tenant|flat|apartment|studio)\b/, /\b(?:storage|shelves|shelving|no (?:space|room)|clutter|organi[sz]\w*|(?:can'?t|not allowed to) (?:drill|put holes|paint))\b/],
    zh: [/租房|房东|出租屋|小公寓/, /收纳|架子|放不下|不能打孔|乱/],
    terms: 'floating shelves small space diy',
  },
  {
    name: 'working with my hands',
    en: [/\b(?:(?:work|working|make|making|build|building) (?:something )?with my hands|hands-on hobby|practical (?:skill|hobby))\b/],
    zh: [/动手|做点东西|实用技能/],
    terms: 'woodworking beginners first project build',
  },
  {
    name: 'a handmade wooden gift',
    en: [/\b(?:handmade|homemade|make (?:him|her|them) (?:a|something)|made by me)\b/, /\b(?:gift|present|birthday|christmas|anniversary|wedding)\b/, /\b(?:wood\w*|cutting board|chopping board|box|frame|shelf|bench)\b/],
    zh: [/亲手做|自己做|手作/, /礼物|生日|纪念日/, /木|砧板|相框|盒子/],
    terms: 'cutting board woodworking diy',
  },

  // DIY and woodworking, second batch: a standing desk, garden furniture, wooden toys, the kitchen, joinery, a weekend project, a bed, reclaimed timber
  {
    name: 'a desk of my own',
    en: [/\b(?:standing desk|sit[- ]stand desk|desk (?:for|in) (?:my|the) (?:home office|spare room|bedroom))\b/],
    zh: [/升降桌|站立办公桌|自己做(?:一张)?(?:书桌|电脑桌)/],
    terms: 'standing desk office build',
  },
  {
    name: 'furniture for the garden',
    en: [/\b(?:garden (?:bench|table|furniture|planter)|outdoor (?:furniture|seating|table)|patio (?:furniture|table)|raised planter|herb planter|decking)\b/, /\b(?:build|make|making|building|diy|wood\w*|cheap|own)\b/],
    zh: [/花园长椅|户外家具|露台|花箱|木平台|种植箱/, /做|自己|木/],
    terms: 'garden bench outdoor furniture planter',
  },
  {
    name: 'wooden toys for the grandchildren',
    en: [/\b(?:wooden toys?|toy (?:car|box|truck|kitchen|chest)|rocking horse|dolls'? house|doll ?house)\b/, /\b(?:make|build|making|building|grand(?:son|daughter|kids|children)|hand ?made|carv\w*)\b/],
    zh: [/木头玩具|木制玩具|玩具箱|小木车|娃娃屋/, /做|自己|亲手|孙/],
    terms: 'wooden toy car toys kids',
  },
  {
    name: 'a kitchen makeover',
    en: [/\b(?:kitchen (?:island|renovation|refit|makeover|worktops?|cabinets?)|new kitchen|redo(?:ing)? the kitchen)\b/],
    zh: [/厨房改造|厨房翻新|中岛|橱柜/],
    terms: 'kitchen island renovation',
  },
  {
    name: 'wood without screws',
    en: [/\b(?:joinery|dovetails?|mortise|tenon|without (?:screws|nails|glue)|japanese joinery|wood joints?)\b/],
    zh: [/榫卯|燕尾榫|不用钉子|木工接合/],
    terms: 'joinery joints woodworking',
  },
  {
    name: 'a weekend project',
    en: [/\b(?:weekend project|(?:one|a|this|next) weekend|over the weekend|bank holiday)\b/, /\b(?:build|diy|woodwork\w*|wood(?:working)? projects?)\b/],
    zh: [/周末/, /木工|动手做|diy/],
    terms: 'weekend project quick woodworking',
  },
  {
    name: 'a bed for the new room',
    en: [/\b(?:bunk beds?|loft bed|bed ?frame|headboard|toddler bed|cabin bed)\b/, /\b(?:build|make|making|building|diy|own|wood\w*|cheap)\b/],
    zh: [/上下床|床架|床头板|儿童床|高低床/, /做|自己|木/],
    terms: 'bed frame bedroom furniture',
  },
  {
    name: 'reclaimed timber',
    en: [/\b(?:reclaimed (?:wood|timber)|salvaged (?:wood|timber)|old floorboards|scaffold boards|bamboo|sustainable (?:wood|timber|materials))\b/],
    zh: [/旧木料|回收木|竹子|旧地板|脚手架板/],
    terms: 'reclaimed upcycling bamboo sustainable',
  },

  // kids crafts: holidays, occasions and a box of bits
  {
    name: 'the long school holidays',
    en: [/\b(?:summer (?:holidays?|break|vacation)|six weeks off|half[- ]term|school holidays?|easter holidays)\b/, /\b(?:bored|entertain\w*|keep (?:them|him|her) (?:busy|occupied)|(?:things|stuff) to do at home|fill the days|activities)\b/],
    zh: [/暑假|寒假|放假/, /无聊|打发时间|在家做什么|活动|带娃/],
    terms: 'kids crafts summer activities',
  },
  {
    name: 'a card for mum',
    en: [/\b(?:mother'?s day|father'?s day|mothering sunday|grandparents'? day)\b/, /\b(?:kids?|children|homemade|handmade|cards?|craft\w*|make (?:her|him|them|something))\b/],
    zh: [/母亲节|父亲节|给奶奶|给外婆|给妈妈/, /做|手工|礼物|贺卡/],
    terms: 'gift mothers day crafts kids',
  },
  {
    name: 'ideas for the classroom',
    en: [/\b(?:(?:my|our) (?:class|classroom|pupils|students|year (?:1|2|3|one|two|three))|(?:i'?m|i am|as) a (?:teacher|teaching assistant|childminder)|after[- ]school club|nursery (?:teacher|group))\b/, /\b(?:activit\w*|craft\w*|make|making|projects?|ideas?)\b/],
    zh: [/班上|课堂|学生|我是老师|幼儿园老师|托管班/, /手工|活动|做|课/],
    terms: 'classroom teachers crafts school',
  },
  {
    name: 'the recycling box',
    en: [/\b(?:toilet (?:roll|paper) tubes?|loo rolls?|egg (?:boxes|cartons)|(?:jam|empty) jars|bottle tops|yog(?:h)?urt pots|recycling (?:bin|box)|junk modelling)\b/],
    zh: [/卫生纸筒|卷纸芯|鸡蛋盒|瓶盖|空瓶子|废物利用/],
    terms: 'recycled crafts kids',
  },
  {
    name: 'a party for little ones',
    en: [/\b(?:sleepover|party bags?|kids'? party|children'?s party|party (?:activity|activities))\b/],
    zh: [/生日会|派对|过夜|睡衣派对/, /孩子|小朋友|活动|手工/],
    terms: 'party crafts kids birthday',
  },
  {
    name: 'busy hands',
    en: [KIDS, /\b(?:sensory|fidget\w*|squish\w*|gooey|adhd|autis\w*|can'?t sit still)\b/],
    zh: [KIDS_ZH, /感统|感官|捏捏|坐不住|多动/],
    terms: 'sensory play slime kids',
  },
  {
    name: 'treasures from a walk',
    en: [/\b(?:pine ?cones|conkers|acorns|pebbles|(?:leaves|sticks|shells) (?:we|they|she|he) (?:collected|found)|collected on (?:our|a) walk)\b/],
    zh: [/松果|贝壳|石头|树叶|捡的/, /孩子|小孩|做|手工/],
    terms: 'nature crafts painted rocks kids',
  },
  {
    name: 'grandchildren coming to stay',
    en: [/\b(?:grandkids|grandchildren|grandson|granddaughter)\b/, /\b(?:visit\w*|staying|coming|stay with|look after|babysit\w*|entertain)\b/],
    zh: [/孙子|孙女|外孙|外孙女/, /来住|来玩|带|照顾|陪/],
    terms: 'kids crafts family activities grandparents',
  },

  // kids crafts, second batch: festive decorations, messy play, a day off sick, bracelets, a school model, puppets, paper folding, a new sibling
  {
    name: 'festive decorations with the kids',
    en: [/\b(?:christmas|xmas|festive|diwali|hanukkah|easter|halloween|lunar new year)\b/, /\b(?:decorations?|ornaments?|crafts?|lanterns?|baubles|bunting|paper chains?)\b/],
    zh: [/圣诞|春节|过年|中秋|元宵|万圣节|复活节|端午/, /装饰|手工|灯笼|挂饰|剪纸|窗花|彩灯/],
    terms: 'salt dough ornaments paper lanterns',
  },
  {
    name: 'messy play',
    en: [/\b(?:messy play|finger ?paint\w*|paint everywhere|(?:get|gets|getting) messy|glitter everywhere)\b/],
    zh: [/手指画|玩颜料|弄得到处都是|玩泥巴/],
    terms: 'messy play painting kids',
  },
  {
    name: 'a day off sick',
    en: [KIDS, /\b(?:off school (?:sick|ill|poorly|with)|home (?:from school )?sick|(?:is|are) (?:ill|poorly|sick)|chicken ?pox|stuck in bed|recovering from|broken (?:arm|leg|wrist))\b/, /\b(?:bored|something to do|keep (?:him|her|them) (?:busy|entertained)|activit\w*|crafts?|quiet)\b/],
    zh: [KIDS_ZH, /生病|请假在家|发烧|水痘|卧床/, /无聊|做点什么|玩什么|打发时间|手工/],
    terms: 'quick crafts independent play kids',
  },
  {
    name: 'friendship bracelets',
    en: [/\b(?:friendship bracelets?|loom bands?|beading|bead (?:kits?|bracelets?)|bracelets?)\b/, /\b(?:make|making|kids|daughter|son|friends|craft\w*|sleepover|eras)\b/],
    zh: [/手链|串珠|友谊手链|编绳/],
    terms: 'friendship bracelets threads',
  },
  {
    name: 'a model for school',
    en: [/\b(?:(?:school|class|homework) model|model (?:for|of) (?:school|the solar system|a castle|a volcano|the planets)|diorama|papier[- ]m[aâ]ch[eé]|paper mache)\b/],
    zh: [/手工作业|做模型|立体模型|纸浆/],
    terms: 'paper mache globe geography',
  },
  {
    name: 'a puppet show',
    en: [/\b(?:puppets?|puppet show|sock puppets?|marionettes?)\b/],
    zh: [/木偶|手偶|袜子玩偶|布偶剧/],
    terms: 'sock puppets socks',
  },
  {
    name: 'folding paper',
    en: [/\b(?:origami|paper folding|fold(?:ing)? paper|paper (?:frogs?|cranes?|boats?|hats?))\b/],
    zh: [/折纸|纸鹤|纸青蛙|纸船/],
    terms: 'origami paper folding frogs',
  },
  {
    name: 'a new baby brother or sister',
    en: [/\b(?:new (?:baby|sibling)|(?:be(?:coming)?|going to be) a big (?:sister|brother)|baby (?:brother|sister))\b/, /\b(?:make|craft\w*|gift|present|card|busy|jealous)\b/],
    zh: [/二胎|当姐姐|当哥哥|小弟弟|小妹妹/, /手工|礼物|贺卡|吃醋/],
    terms: 'family time crafts kids',
  },

  // languages: family, a move, a forgotten school language
  {
    name: 'the in-laws speak another language',
    en: [/\b(?:(?:partner|girlfriend|boyfriend|wife|husband|fianc\w*)'?s? (?:family|parents|mum|mom|grandma|relatives)|in-?laws)\b/, /\b(?:(?:don'?t|doesn'?t|only) speak|speak (?:no|any|little)|understand (?:them|what)|talk to them|communicat\w*|language barrier|language)\b/],
    zh: [/对象|男朋友|女朋友|老公|老婆|公婆|岳父母/, /语言不通|听不懂|不会说|沟通|交流/],
    terms: 'language learning conversation greetings',
  },
  {
    name: 'moving abroad',
    en: [
      /\b(?:moving|relocat\w*|move|emigrat\w*|posted|transferred|job) (?:to|in)\b(?= (?:germany|france|spain|italy|japan|korea|china|brazil|portugal|the netherlands|sweden|mexico|turkey|greece|abroad)\b)/,
      /\b(?:language|speak|learn\w*|fluent|get by|understand|locals|fit in|integrate)\b/,
    ],
    zh: [/搬到|移居|外派|调到|(?:去|到)(?=德国|法国|日本|韩国|西班牙|意大利|葡萄牙|国外)/, /语言|说|学|融入|听懂|当地人/],
    terms: 'language learning beginners everyday phrases',
  },
  {
    name: 'a deaf relative',
    en: [/\b(?:deaf|hard of hearing|hearing (?:loss|impaired)|lost (?:his|her|their) hearing|cochlear)\b/],
    zh: [/聋|听障|听力障碍|失聪|助听器/],
    terms: 'sign language asl',
  },
  {
    name: 'a rusty school language',
    en: [
      /\b(?:forgot(?:ten)? (?:everything|it all|most of it|all of it)|rusty|brush(?:ing)? up)\b/,
      /\b(?:language|vocab\w*|grammar|speak\w*|fluen\w*)\b|\b(?=(?:french|spanish|german|italian|japanese|korean|mandarin|portuguese)\b)/,
    ],
    zh: [/忘光|忘了|生疏|捡起来|以前学过|上学时学过/, /单词|语法|口语|外语|开口/],
    terms: 'grammar vocabulary language learning',
  },
  {
    name: 'a bilingual home',
    en: [/\b(?:bilingual|heritage language|mother tongue|(?:teach\w*|pass on) (?:them|him|her|our kids|my kids) (?:my|our) language)\b/],
    zh: [/双语|母语|家乡话|老家话|中文学校/],
    terms: 'language learning vocabulary beginners',
  },
  {
    name: 'without subtitles',
    en: [/\b(?:without (?:the )?subtitles|anime|k-?dramas?|korean dramas?|telenovelas?|understand (?:the )?(?:songs|lyrics|shows))\b/],
    zh: [/不看字幕|脱离字幕|动漫|韩剧|日剧|听懂歌词/],
    terms: 'listening practice comprehension subtitles',
  },
  {
    name: 'a language partner',
    en: [/\b(?:language exchange|pen ?pals?|tandem partner|duolingo|babbel)\b/],
    zh: [/语伴|语言交换|笔友|多邻国/],
    terms: 'conversation practice language learning',
  },
  {
    name: 'my accent',
    en: [/\b(?:my accent|(?:people|they|nobody) (?:can'?t|don'?t|do not) understand (?:me|my)|thick accent|sound (?:more )?native|pronounc\w*)\b/],
    zh: [/口音|发音|听不懂我说|说得像母语/],
    terms: 'pronunciation accent native speaker',
  },

  // languages, second batch: ordering food, an exam, easy stories, a new alphabet, a child's language homework, helping newcomers, learning on the commute, a partner's language
  {
    name: 'ordering food abroad',
    en: [/\b(?:order(?:ing)? (?:food|in (?:a |the )?restaurants?|a coffee|at restaurants?))\b/, /\b(?:language|local language|abroad|phrases?|(?:don'?t|can'?t) speak|menu)\b|\b(?=(?:spanish|french|italian|japanese|korean|german|portuguese|mandarin|chinese|greek|turkish)\b)/],
    zh: [/点菜|点餐|看菜单/, /外语|语言|怎么说|不会说/],
    terms: 'ordering food travel phrases restaurant',
  },
  {
    name: 'a language exam',
    en: [/\b(?:dele|delf|dalf|jlpt|hsk|ielts|toefl|goethe exam|language (?:exam|test|certificate)|(?:gcse|a-?level) (?=(?:french|spanish|german|italian|mandarin)\b))/],
    zh: [/日语等级|日语n[12]|雅思|托福|hsk|外语考试|语言考试/],
    terms: 'grammar listening comprehension',
  },
  {
    name: 'easy stories to read',
    en: [/\b(?:graded readers?|comprehensible input|(?:simple|short|easy) stories (?:in|for learners)|children'?s books in)\b/],
    zh: [/分级读物|外语小故事|可理解输入|用外语看书/],
    terms: 'story reading comprehensible input',
  },
  {
    name: 'a new alphabet',
    en: [/\b(?:alphabet|hiragana|katakana|kanji|hangul|cyrillic|arabic script|chinese characters)\b/, /\b(?:learn\w*|read|write|memori[sz]e|confus\w*|can'?t)\b/],
    zh: [/字母表|五十音|平假名|片假名|韩文字母|西里尔字母|阿拉伯字母/],
    terms: 'alphabet writing beginners',
  },
  {
    name: "a child's language homework",
    en: [KIDS, /\b(?:(?:learning|learns|struggl\w* with|help (?:him|her|them) with) (?=(?:french|spanish|german|mandarin|chinese|italian|japanese|latin)\b)|(?:french|spanish|german|mandarin|language) (?:homework|vocab(?:ulary)? tests?|spelling tests?))/],
    zh: [KIDS_ZH, /英语作业|单词听写|学英语|背单词|外语课/],
    terms: 'vocabulary words beginners language learning',
  },
  {
    name: 'helping newcomers',
    en: [/\b(?:refugees?|new (?:neighbou?rs?|colleagues?) (?:from|who)|(?:teach|teaching|help(?:ing)?) (?:them|him|her|someone|people) (?:with |learn )?english|esol|esl)\b/],
    zh: [/教外国人中文|对外汉语|难民|教.{0,4}说中文/],
    terms: 'everyday phrases greetings conversation',
  },
  {
    name: 'learning on the commute',
    en: [/\b(?:(?:on|during) (?:my|the) (?:commute|drive|walk)|in (?:my|the) car|while (?:i )?(?:sleep|drive|commute|walk|run))\b/, /\b(?:learn\w*|practi[sc]\w*|pick up|listen\w*)\b/, /\b(?:language|vocab\w*|phrases|words)\b|\b(?=(?:spanish|french|italian|japanese|korean|german|portuguese|mandarin|arabic|greek|turkish|dutch|swedish|hindi)\b)/],
    zh: [/通勤|开车|睡觉|走路|地铁上/, /学|听|练/, /外语|单词|语言|日语|英语|西班牙语|法语|韩语|德语/],
    terms: 'sleep learning listening language',
  },
  {
    name: "a partner's language",
    en: [/\b(?:(?:my|new) (?:girlfriend|boyfriend|partner|wife|husband|fianc\w*) (?:is|speaks|comes from)|dating (?:a|someone))\b/, /\b(?:(?:her|his|their) (?:language|mother tongue)|speak\w*|the language)\b/],
    zh: [/(?:女朋友|男朋友|老婆|老公|对象)是(?:外国人|日本人|韩国人|法国人|西班牙人|意大利人|德国人|巴西人)/],
    terms: 'greetings small talk conversation',
  },

  // magic: entertaining, wondering how, and a deck of cards
  {
    name: "entertaining at a children's party",
    en: [/\b(?:entertain(?:er|ment|ing)?|something (?:fun|special) to do|a show)\b/, /\b(?:(?:kids'?|children'?s|birthday|son'?s|daughter'?s) party|party for (?:my|the) (?:son|daughter|kids))\b/],
    zh: [/表演|节目|助兴|娱乐/, /生日会|生日派对|儿童派对|小朋友.{0,4}聚会/],
    terms: 'magic tricks kids party',
  },
  {
    name: 'how did they do that',
    en: [/\b(?:how (?:on earth |the hell )?(?:did|does|do) (?:he|she|they) do (?:that|it)|can'?t figure out how|fooled (?:me|us|everyone)|no idea how (?:it|he|she) (?:works|did))\b/, /\b(?:tricks?|vanish\w*|disappear\w*|levitat\w*|sawed|cards?|coins?|mind[- ]?read\w*|predicted|guessed)\b/],
    zh: [/怎么做到的|看不懂|被骗了|看穿/, /消失|变出|读心|猜中|扑克|硬币|戏法/],
    terms: 'revealed secret illusion magic',
  },
  {
    name: 'a deck of cards',
    en: [/\b(?:deck of cards|pack of cards|playing cards|shuffle (?:cards|a deck))\b/, /\b(?:tricks?|flourish\w*|cool|fancy|impress\w*|show off)\b/],
    zh: [/扑克|纸牌|洗牌/, /花式|花切|技巧|炫|耍/],
    terms: 'card tricks sleight of hand',
  },
  {
    name: 'a party piece',
    en: [/\b(?:ice ?breakers?|break the ice|party piece)\b/],
    zh: [/破冰|冷场|聚会.{0,4}(?:才艺|表演)/],
    terms: 'party tricks magic easy',
  },
  {
    name: 'reading minds',
    en: [/\b(?:read (?:people'?s )?minds?|guess (?:what|which) (?:someone|they|people) (?:is |are )?(?:thinking|picked)|psychic|telepath\w*)\b/],
    zh: [/读心|猜心|猜中别人想的|心灵感应/],
    terms: 'mentalism mind reading magic',
  },
  {
    name: 'wowing the guests',
    en: [/\b(?:wedding|corporate event|drinks reception|office party)\b/, /\b(?:entertain\w*|keep (?:the )?guests (?:entertained|busy)|wow (?:the )?guests|table to table|roaming)\b/],
    zh: [/婚礼|年会|酒会/, /助兴|表演|娱乐|暖场/],
    terms: 'magic wedding performance',
  },
  {
    name: 'a coin behind the ear',
    en: [/\b(?:(?:coin|sweet|pound) (?:from|behind) (?:my |his |her |your )?ear|pull(?:s|ed)? (?:a )?(?:coin|rabbit)|make (?:things|a coin|it) (?:disappear|vanish))\b/],
    zh: [/从耳朵后|变硬币|让东西消失|变没了/],
    terms: 'coin magic easy tricks',
  },

  // magic, second batch: tricks with everyday things, street magic, a young magician, practising moves, a class to wow, an old magic set, a care home, a proposal
  {
    name: 'tricks with everyday things',
    en: [/\b(?:(?:with|using) (?:everyday|household) (?:objects|items|things)|impromptu (?:tricks?|magic)|(?:rubber bands?|pencils?|napkins?|matchbox(?:es)?|banknotes?)\b[^.,!?]{0,25}\btricks?)\b/],
    zh: [/橡皮筋|铅笔|钞票|火柴盒|纸巾|身边的东西/, /魔术|戏法|把戏/],
    terms: 'everyday objects rubber band pencil',
  },
  {
    name: 'street magic',
    en: [/\b(?:street magic(?:ian)?|dynamo|david blaine|penn (?:and|&) teller|fool us)\b/],
    zh: [/街头魔术|刘谦|大卫布莱恩/],
    terms: 'street magic reactions magicians',
  },
  {
    name: 'a young magician',
    en: [KIDS, /\b(?:magician|magic (?:set|kit|show|tricks?)|wand|top hat)\b/],
    zh: [KIDS_ZH, /魔术|魔术师|魔术道具|变魔术/],
    terms: 'easy tutorial beginners magic tricks',
  },
  {
    name: 'practising the moves',
    en: [/\b(?:practi[sc]\w*|rehears\w*|(?:hands|fingers) (?:shake|are (?:too )?clumsy)|clumsy|(?:people|they) (?:always )?(?:see|spot) (?:how|the move)|flash\w*)\b/, /\b(?:sleight of hand|(?:card|coin|magic) (?:moves?|tricks?|flourish\w*|routines?)|palm(?:ing)?|the pass|double lift)\b/],
    zh: [/练习|穿帮|手法|手太笨/, /魔术|戏法|纸牌|扑克|硬币/],
    terms: 'sleight of hand practice progress',
  },
  {
    name: 'magic for a class',
    en: [/\b(?:(?:my|our|the) (?:class|classroom|pupils|students)|(?:i'?m|i am|as) a teacher|school assembly)\b/, /\b(?:tricks?|magic|illusions?|wow|amaze)\b/],
    zh: [/学生|课堂|班上|我是老师/, /魔术|戏法|小把戏/],
    terms: 'classroom kids school magic',
  },
  {
    name: 'an old magic set',
    en: [/\b(?:(?:old|vintage|grandad'?s|dad'?s|childhood) magic (?:set|kit|box|props?)|magic set (?:from|in) the (?:loft|attic))\b/],
    zh: [/旧魔术道具|魔术盒|小时候的魔术套装/],
    terms: 'rope trick rings classic magic',
  },
  {
    name: 'a show at the care home',
    en: [/\b(?:care homes?|nursing homes?|retirement homes?|old people'?s home|hospital wards?)\b/, /\b(?:entertain\w*|tricks?|show|perform\w*|magic|something fun)\b/],
    zh: [/养老院|敬老院|老年公寓/, /表演|魔术|节目|娱乐/],
    terms: 'grandparents family reactions magic',
  },
  {
    name: 'a magical proposal',
    en: [/\b(?:propos(?:e|al|ing)|engagement ring)\b/, /\b(?:tricks?|magic|make (?:the )?ring (?:appear|disappear)|illusion)\b/],
    zh: [/求婚/, /魔术|戏法|变出戒指/],
    terms: 'ring magic tricks performance',
  },

  // board games: evenings without screens, two players, families and puzzles
  {
    name: 'no wifi evenings',
    en: [/\b(?:no (?:wifi|wi-fi|signal|internet|tv|screens?)|power cut|screen[- ]free|off (?:the|our) (?:phones|screens)|without screens)\b/, /\b(?:evenings?|nights?|family|kids|together|play|entertain\w*|something to do|cottage|cabin)\b/],
    zh: [/没网|没有网|没信号|停电|不看手机|放下手机/, /晚上|一家人|全家|一起|玩|消遣/],
    terms: 'board games family game night',
  },
  {
    name: 'games for two',
    en: [/\b(?:(?:just|only) (?:the )?two of us|(?:me|myself) and my (?:partner|wife|husband|girlfriend|boyfriend)|(?:my )?(?:partner|wife|husband|girlfriend|boyfriend) and (?:i|me))\b/, /\b(?:(?:something|games?) to play|play (?:together|in the evenings?|at home|at the table)|instead of (?:tv|netflix|scrolling|screens)|table ?top)\b/, NOT_VIDEO_GAMES],
    zh: [/两个人|我和(?:老公|老婆|对象|男朋友|女朋友)|情侣/, /玩什么|一起玩|代替刷手机|不看电视|桌面/],
    terms: 'two player couples board games',
  },
  {
    name: 'getting into chess',
    en: [/\b(?:queen'?s gambit|checkmate|(?:grandad|grandpa|dad) (?:always )?(?:beats|beat|thrashes) me)\b/],
    zh: [/象棋|国际象棋|围棋|下棋/],
    terms: 'chess openings strategy board games',
  },
  {
    name: 'the whole family at the table',
    en: [/\b(?:christmas day|boxing day|new year'?s eve|family gathering|(?:all|whole) (?:the )?family|all ages|every generation)\b/, /\b(?:games?|something (?:we can )?(?:all )?(?:play|do) together|after (?:christmas )?(?:dinner|lunch))\b/, NOT_VIDEO_GAMES],
    zh: [/过年|春节|除夕|圣诞|全家|一大家子|老老少少/, /游戏|一起玩|饭后|玩什么/],
    terms: 'family game night board games',
  },
  {
    name: 'a mystery to solve',
    en: [/\b(?:murder mystery|whodunn?it (?:party|game|night)|solve (?:a|the) (?:crime|mystery|case) (?:together|with (?:friends|the family))|escape rooms?)\b/],
    zh: [/剧本杀|狼人杀|密室逃脱|谋杀之谜/],
    terms: 'mystery deduction detective game',
  },
  {
    name: 'learning to lose',
    en: [KIDS, /\b(?:(?:sore|bad) los(?:er|ing)|(?:win|lose) gracefully|take turns|turn[- ]taking|maths (?:games?|practice)|spelling practice)\b/],
    zh: [KIDS_ZH, /输不起|轮流|数学游戏|学算数|认字游戏/],
    terms: 'family board games kids',
  },
  {
    name: 'a word lover',
    en: [/\b(?:crosswords?|wordle|anagrams?|word (?:nerd|lover|puzzles?)|spelling bee)\b/],
    zh: [/填字|字谜|成语接龙|猜词|拼字/],
    terms: 'word game scrabble words',
  },
  {
    name: 'beyond monopoly',
    en: [/\b(?:monopoly|cluedo|scrabble|uno|snakes and ladders|trivial pursuit)\b/, /\b(?:bored of|sick of|tired of|beyond|better than|instead of|more than|grown[- ]?up|modern|proper)\b/],
    zh: [/大富翁|飞行棋|uno|斗地主/, /玩腻|腻了|更好玩|别的|除了/],
    terms: 'board games strategy recommendation beginners',
  },

  // board games, second batch: old classics, a big group, a family that argues, a board game café, a homemade game, long heavy games, steady hands, a confusing rulebook
  {
    name: 'classic games with grandad',
    en: [/\b(?:backgammon|dominoes|mahjong|mah-?jongg?|weiqi|baduk|cribbage|draughts|checkers)\b/],
    zh: [/麻将|双陆棋|多米诺|跳棋/],
    terms: 'backgammon dominoes classic',
  },
  {
    name: 'games for a big group',
    en: [/\b(?:(?:big|large) groups?|(?:8|10|12|eight|ten|twelve) (?:people|players|of us)|house ?party|office party|hen (?:do|party)|stag (?:do|party))\b/, /\b(?:games?|something (?:fun )?to play)\b/, NOT_VIDEO_GAMES],
    zh: [/一大群人|十几个人|团建|很多人/, /桌游|玩什么游戏|聚会游戏/],
    terms: 'party game groups laughter',
  },
  {
    name: 'a family that argues over games',
    en: [/\b(?:(?:always )?(?:argue|argues|arguing|fight|fights|row|falls? out|ends? in (?:tears|a fight|an argument))|too competitive|sore losers|(?:work|play) together (?:instead|as a team)|cooperative)\b/, /\b(?:board ?games?|monopoly|game night|games? (?:night|evening))\b/, NOT_VIDEO_GAMES],
    zh: [/吵架|吵起来|太好胜|合作类/, /桌游|棋|大富翁|牌/],
    terms: 'cooperative board game co-op',
  },
  {
    name: 'a board game café',
    en: [/\b(?:board ?game caf[eé]s?|games caf[eé]s?|tabletop caf[eé]s?)\b/],
    zh: [/桌游吧|桌游店|桌游咖啡/],
    terms: 'recommendation beginners board games',
  },
  {
    name: 'a homemade board game',
    en: [/\b(?:(?:make|making|design\w*|invent\w*|create) (?:my|our|a|their|his|her) own board ?games?|homemade (?:board )?games?)\b/],
    zh: [/自制桌游|自己做(?:一个)?桌游|自己设计(?:一个)?(?:桌游|棋)/],
    terms: 'cardboard diy homemade game',
  },
  {
    name: 'a long heavy game',
    en: [/\b(?:(?:heavy|epic|meaty|deep) (?:strategy |board )?games?|games? that (?:takes?|lasts?) (?:hours|all (?:day|evening|night))|legacy games?)\b/, NOT_VIDEO_GAMES],
    zh: [/重策|大型桌游|要玩好几个小时|策略桌游/],
    terms: 'strategy guide tabletop gaming',
  },
  {
    name: 'steady hands',
    en: [/\b(?:jenga|stacking|dexterity|steady hands?|fine motor)\b/, /\b(?:games?|play|tower|fun)\b/, NOT_VIDEO_GAMES],
    zh: [/叠叠乐|堆叠|手眼协调|精细动作/],
    terms: 'dexterity game stacking',
  },
  {
    name: 'a confusing rulebook',
    en: [/\b(?:rule ?books?|rules (?:are|were|seem) (?:so )?(?:confusing|complicated|long)|(?:can'?t|couldn'?t) (?:figure out|understand) the rules|learn (?:the )?rules)\b/, /\b(?:board ?games?|tabletop|card games?|dice games?|(?:the|this|a new) game we (?:bought|got))\b/, NOT_VIDEO_GAMES],
    zh: [/规则书|规则太复杂|看不懂规则|怎么玩/, /桌游|卡牌游戏|骰子/],
    terms: 'how to play rules tutorial',
  },
];
