/**
 * Everyday situations: how people describe their life, a plan, a problem, a memory or a wish
 * that implies one of the catalogue's 40 topics without naming it ("my kids have never seen
 * snow" → a family ski trip). Same shape and rules as SITUATIONS (situations.ts): every cue of
 * the list must match the lower-cased request (or the simplified Chinese one), the cue spans are
 * taken out and `terms` (catalogue words of that topic, most important first) become the subject.
 *
 * Written from the topic vocabulary (server/catalogue/topics) and general knowledge of how people
 * talk — not from any list of benchmark requests. A matched span is removed from the request, so
 * cues stay off words the search itself needs (an instrument, an animal, a language): a country
 * or language name is only looked at with a lookahead, whose empty span removes nothing; the same
 * trick keeps board-game situations off video-game requests (NOT_VIDEO_GAMES).
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
    en: [/\b(?:(?:grand(?:dad|pa|father)|dad|father|uncle)(?:'s)? (?:old )?(?:car|mini|beetle|mg|truck)|old car (?:in|sitting)|in the (?:garage|barn) for (?:years|decades)|hasn'?t (?:run|been driven|started) (?:in|for) (?:years|decades))\b/],
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

  // DIY and woodworking: furnishing, fixing and making by hand
  {
    name: 'furnishing a first home',
    en: [/\b(?:(?:new|first|empty|unfurnished) (?:flat|house|home|place|apartment)|just moved|moved in)\b/, /\b(?:furniture|shelves|shelving|storage|table|bed ?frame|desk|bookcase|(?:make|build) (?:my|our) own)\b/],
    zh: [/新家|刚搬|新房|空房子|毛坯/, /家具|架子|置物|桌子|床架|柜子|自己做/],
    terms: 'diy furniture build beginners',
  },
  {
    name: 'inherited tools',
    en: [/\b(?:tools?|workbench|chisels?|hand ?planes?|saws|toolbox)\b/, /\b(?:inherit\w*|(?:grand(?:dad|pa|father)|dad|father|uncle)'?s?|passed (?:on|down)|shed full)\b/],
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
];
