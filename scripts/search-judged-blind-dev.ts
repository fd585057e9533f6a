import { and, tagged, topic, type Predicate } from './search-predicates';

/**
 * A blind development set of conversational requests: 80 things a person might type into the
 * site's AI search box when they describe their situation instead of naming a subject (2 per
 * topic, 56 in English and 24 in Chinese, a few of those in traditional characters). They were
 * written from the catalogue's topic vocabularies only, without looking at the search code or at
 * the other judged sets, so they do not echo its cue words; the need is implied by the situation
 * (a life event, a problem, a gift, a place, a season, a feeling) and mostly not named with the
 * catalogue's words. Each request is judged by a predicate: a video is relevant when it belongs to
 * the topic a knowledgeable person would search in and carries at least one of the specific tags
 * such a person would pick for that need; every predicate matches between 6 and 70 videos.
 */
export const CONVERSATIONAL_BLIND_DEV: Array<[string, Predicate]> = [
  // pets
  [
    'we pick up a nervous dog from the pound on saturday, first one we have ever had, he flinches when you reach for him',
    and(topic('pets'), tagged('rescue', 'adoption', 'dog training', 'obedience')),
  ],
  ['我们住的公寓不让养猫狗，孩子天天吵着要养个小动物，有什么适合放在卧室里的', and(topic('pets'), tagged('small pets', 'rodent', 'pet care'))],
  // wildlife
  [
    "saving up for a honeymoon in tanzania and my wife wants to know what we'd actually see from the jeep",
    and(topic('wildlife'), tagged('serengeti', 'tanzania', 'safari')),
  ],
  ['女儿看完新闻哭了，说好多动物快要没了，想让她看看现在有人在怎么帮它们', and(topic('wildlife'), tagged('conservation', 'endangered', 'ranger'))],
  // birds
  [
    'grandma moved into a cottage with a little garden and keeps asking me what the small brown things hopping outside her window are',
    and(topic('birds'), tagged('garden feeder', 'songbird', 'visitor', 'beginners')),
  ],
  [
    'cant sleep with the traffic noise in my new city flat, i miss waking up in the countryside at dawn',
    and(topic('birds'), tagged('birdsong', 'nature sounds')),
  ],
  // ocean
  [
    "first trip to the maldives in march and i've only ever swum in a pool, what is going to be under me",
    and(topic('ocean'), tagged('maldives lagoon', 'snorkeling', 'coral reef')),
  ],
  ['儿子看完那部找小鱼的动画片，天天问大海里到底住着些什么', and(topic('ocean'), tagged('clownfish', 'sea turtle', 'coral reef', 'education'))],
  // timelapse
  ['off to lapland in december, praying the sky turns green and starts moving', and(topic('timelapse'), tagged('northern lights', 'aurora'))],
  ['失眠好几个月了，想找点安安静静的画面放空，最好是云慢慢飘的那种', and(topic('timelapse'), tagged('clouds', 'relaxing', 'sleep', 'peaceful'))],
  // gardening
  [
    'first apartment, tiny south facing balcony, want to grow something i can actually eat',
    and(topic('gardening'), tagged('balcony', 'urban gardening', 'container gardening', 'herbs')),
  ],
  ['退休了，老伴说后院那块空地种点菜吧，可我连土都不会翻', and(topic('gardening'), tagged('vegetables', 'raised beds', 'compost', 'soil'))],
  // weather
  [
    "we're moving to oklahoma this summer and my kids are already scared of the sirens they read about",
    and(topic('weather'), tagged('tornado', 'twister', 'tornado alley')),
  ],
  [
    'my 6yo asks why the sky flashes and booms at night and honestly i have no idea how to explain it',
    and(topic('weather'), tagged('lightning', 'thunder', 'thunderstorm')),
  ],
  // cooking
  [
    'our anniversary is friday, every restaurant is booked out, I want to make her something special at home',
    and(topic('cooking'), tagged('date night', 'dinner for two', 'restaurant')),
  ],
  ['刚在学校外面租了房，生活费不多，想学几道便宜又能一次做好吃一星期的菜', and(topic('cooking'), tagged('budget', 'cheap', 'meal prep'))],
  // baking
  [
    "my niece just found out she can't have wheat and her birthday party is at our house next month",
    and(topic('baking'), tagged('gluten free', 'coeliac')),
  ],
  ['下周幼儿园有亲子活动，要和孩子一起做点甜的带去分享', and(topic('baking'), tagged('kids', 'family'))],
  // travel
  [
    'got two weeks off in april, not much money saved, and nobody to go with this time',
    and(topic('travel'), tagged('solo travel', 'budget travel', 'cheap')),
  ],
  ['第一次带爸妈出国，他们喜欢逛古寺、看庭院，想找个节奏慢一点的地方', and(topic('travel'), tagged('kyoto', 'temples'))],
  // outdoors
  [
    'just finished finals and want to walk for a week straight through mountains, sleeping wherever I end up',
    and(topic('outdoors'), tagged('thru hike', 'trek', 'long distance')),
  ],
  [
    'me and my husband are thinking of quitting our jobs, selling the house and living out of a vehicle for a year',
    and(topic('outdoors'), tagged('van life', 'campervan', 'camper van')),
  ],
  // architecture
  [
    "kids have all moved out and we're seriously thinking of going really small, like under 30 square metres",
    and(topic('architecture'), tagged('tiny house', 'small living')),
  ],
  [
    "visiting barcelona next month and my teenage son asked why the churches there look like they're melting",
    and(topic('architecture'), tagged('barcelona', 'gaudi', 'cathedral')),
  ],
  // science
  [
    'snow day, kids bored out of their minds, what can we do at the kitchen table that feels like a real lab',
    and(topic('science'), tagged('kitchen science', 'home experiment', 'at home')),
  ],
  ['儿子问我冰箱门上那个小东西为什么能贴住不掉，我竟然答不上来', and(topic('science'), tagged('magnets', 'magnetism', 'magnet'))],
  // space
  [
    'apparently the moon is going to block out the sun next spring and i want my kids to get why it happens',
    and(topic('space'), tagged('solar eclipse', 'eclipse')),
  ],
  ['爺爺買了一台望遠鏡放在院子裡，晚上想看點什麼卻不知道從哪裡開始', and(topic('space'), tagged('stargazing', 'amateur astronomy', 'telescope', 'observing'))],
  // technology
  [
    "my roommate and I both hate vacuuming, is there something that just does it while we're in class",
    and(topic('technology'), tagged('robot vacuum', 'smart home')),
  ],
  ['孩子每天坐地铁通勤一个多小时，想在路上看书又嫌纸书太沉', and(topic('technology'), tagged('e-reader', 'ebook'))],
  // gaming
  [
    'little bro is home from college for christmas and we want something to play together on the couch',
    and(topic('gaming'), tagged('co-op', 'siblings', 'little brother', 'multiplayer')),
  ],
  [
    'work is so stressful i just want to water some crops and chill at night, nothing with shooting or timers',
    and(topic('gaming'), tagged('farming sim', 'cozy life sim', 'cozy')),
  ],
  // cars
  [
    "thinking about ditching my diesel but I drive 200 miles a week and I'm scared of getting stranded",
    and(topic('cars'), tagged('electric car', 'range', 'ev')),
  ],
  [
    'grandpa found his old car under a tarp in the barn, hasnt run since the 80s, we want to bring it back to life',
    and(topic('cars'), tagged('barn find', 'restoration', 'project car', 'rebuild')),
  ],
  // trains
  [
    'flying freaks me out so im going chicago to the west coast overland, booked a bed onboard',
    and(topic('trains'), tagged('sleeper train', 'night train', 'transcontinental')),
  ],
  [
    'our 4 year old stops dead at every level crossing, thinking of building him a little one in the basement',
    and(topic('trains'), tagged('model railway', 'model trains')),
  ],
  // aviation
  [
    'nervous flyer, booked a flight to see my sister and I want to understand how something that heavy stays up',
    and(topic('aviation'), tagged('lift', 'physics')),
  ],
  [
    "i'm 16 and want to be a pilot one day but nobody in my family knows where you even start",
    and(topic('aviation'), tagged('flight school', 'flight training', 'student pilot')),
  ],
  // football
  [
    "just got roped into coaching my son's under 12s and i've never coached anything in my life",
    and(topic('football'), tagged('drills', 'coaching', 'youth football')),
  ],
  ['我爸六十八了，膝盖不好跑不动，可周末还是想跟老伙计们踢两脚', and(topic('football'), tagged('walking football', 'veterans', 'old timers'))],
  // basketball
  [
    "trying out for the school team next month, i'm short so i need to be way better with the ball in my hands",
    and(topic('basketball'), tagged('dribbling', 'handles', 'crossover')),
  ],
  [
    "my cousin's been in a wheelchair since the accident and misses shooting hoops with us more than anything",
    and(topic('basketball'), tagged('wheelchair basketball', 'adaptive sports')),
  ],
  // tennis
  [
    'nobody to play with in my town so it is just me and the wall behind the school most evenings',
    and(topic('tennis'), tagged('wall practice', 'ball machine', 'solo')),
  ],
  [
    'the first shot of every point i play goes straight into the net and my doubles partner keeps sighing',
    and(topic('tennis'), tagged('serve', 'serving', 'ace')),
  ],
  // cycling
  ['flat tyre on my way to work again, stood there clueless', and(topic('cycling'), tagged('puncture', 'flat tyre', 'repair'))],
  ['公司搬到离家八公里的地方了，不想再挤公交，打算以后骑车上下班', and(topic('cycling'), tagged('commuting', 'city commute', 'e-bike', 'folding bike'))],
  // winter-sports
  [
    'booked a family week in the alps for february and none of us has ever had anything strapped to our feet',
    and(topic('winter-sports'), tagged('beginners', 'first time')),
  ],
  ['我妈快六十了，说退休以后想去学滑雪，会不会太晚了', and(topic('winter-sports'), tagged('seniors', 'never too late', 'late starter'))],
  // surfing
  [
    "heading to costa rica for spring break and i've never stood up on a board in my life",
    and(topic('surfing'), tagged('beginners', 'costa rica')),
  ],
  ['暑假要带女儿去海边玩，我俩都是旱鸭子，听说浪会把人卷走', and(topic('surfing'), tagged('safety', 'rip currents'))],
  // running
  [
    'doctor says i need to lose weight and i get winded running for the bus, want to do 3 miles nonstop by summer',
    and(topic('running'), tagged('5k', 'parkrun', 'beginners')),
  ],
  [
    'first full marathon in three weeks and no clue what to eat the night before or on the way round',
    and(topic('running'), tagged('nutrition', 'fuel')),
  ],
  // fitness
  ['desk job ten hours a day, lower back screaming by friday', and(topic('fitness'), tagged('back pain relief', 'posture'))],
  [
    "my nan is in her seventies, the doctor told her to keep moving but her knees can't take anything bouncy",
    and(topic('fitness'), tagged('seniors', 'older people', 'gentle')),
  ],
  // yoga
  [
    'my mind starts racing every night around 2am and i end up scrolling until the birds start',
    and(topic('yoga'), tagged('sleep', 'insomnia', 'bedtime')),
  ],
  ['期末前压力大到心慌手抖，想找个能让自己平静几分钟的东西', and(topic('yoga'), tagged('stress', 'anxiety', 'breathwork'))],
  // music
  [
    'need something on while i write my thesis, no lyrics, nothing that grabs my attention',
    and(topic('music'), tagged('study music', 'background music', 'lofi')),
  ],
  ['我爸年輕時在愛爾蘭待過幾年，常念叨那邊小酒館裡的傳統小調', and(topic('music'), tagged('celtic', 'irish'))],
  // dance
  [
    "my sister's wedding is in june and the groom has two left feet, they don't want to embarrass themselves when everyone's watching",
    and(topic('dance'), tagged('wedding', 'first dance')),
  ],
  [
    'our class wants to surprise our form teacher on her last day with something we all do together, none of us can move',
    and(topic('dance'), tagged('flash mob', 'surprise', 'school class')),
  ],
  // art
  [
    'therapist sugested I find something quiet to do with my hands in the evenings, never held a brush before',
    and(topic('art'), tagged('relaxing', 'calm', 'beginners')),
  ],
  ['家里的猫十五岁了，想趁它还在的时候给它画一张像', and(topic('art'), tagged('cat sleeping', 'animal art', 'portrait', 'pet portrait'))],
  // comedy
  [
    'rough week of back to back zoom calls, need something dumb to laugh at that i will recognise',
    and(topic('comedy'), tagged('online meeting', 'video call', 'work from home')),
  ],
  ['周末第一次去女朋友家见她爸妈吃饭，紧张死了，先看点好笑的放松一下', and(topic('comedy'), tagged('family dinner'))],
  // history
  [
    'my 9 year old has a school project on egypt and keeps asking how they got those giant stones up there',
    and(topic('history'), tagged('pyramids of giza', 'ancient egypt')),
  ],
  ['下个月带孩子去西安和八达岭，想出发前先让他知道这些地方以前发生过什么', and(topic('history'), tagged('silk road', 'great wall'))],
  // fashion
  [
    'starting my first office job on monday and literally all i own is hoodies and ripped jeans',
    and(topic('fashion'), tagged('office outfits', 'work wear', 'formal')),
  ],
  [
    'my closet is overflowing but every morning I still have nothing to wear, I want to own way less',
    and(topic('fashion'), tagged('capsule wardrobe', 'capsule', 'minimalism')),
  ],
  // photography
  ['fireworks pics all came out as blurry orange smudges', and(topic('photography'), tagged('night photography', 'long exposure', 'tripod'))],
  [
    'started selling my cakes online from home and the pictures I take on my phone look nothing like how they taste',
    and(topic('photography'), tagged('food photography', 'phone camera')),
  ],
  // diy
  [
    'just moved into our first place, books stacked all over the floor and even flat pack is out of budget',
    and(topic('diy'), tagged('bookshelf', 'shelves', 'floating shelves', 'budget')),
  ],
  [
    'retired carpenter here, my first grandson is due in may and i want to make him something he can push around the floor',
    and(topic('diy'), tagged('wooden toy car', 'toys')),
  ],
  // kids-crafts
  [
    "it's rained all week, the twins are climbing the walls and i've got a pile of delivery boxes and some glue",
    and(topic('kids-crafts'), tagged('rainy day', 'indoor', 'cardboard')),
  ],
  ['母亲节快到了，想让五岁的儿子自己动手给妈妈准备点什么', and(topic('kids-crafts'), tagged("mother's day", 'mothers day', 'gift'))],
  // languages
  [
    "a deaf boy is joining my class after half term and i'd love to at least say hi to him properly",
    and(topic('languages'), tagged('sign language', 'deaf', 'asl')),
  ],
  ['下学期要去马德里交换一年，现在只会说你好和谢谢', and(topic('languages'), tagged('spanish', 'espanol'))],
  // magic
  [
    'im always the quiet one at parties, want one thing that makes people go whoa with just the stuff in my pockets',
    and(topic('magic'), tagged('party tricks', 'everyday objects')),
  ],
  ['外孙下个月过生日，想给他变个小戏法，我手笨，越简单越好', and(topic('magic'), tagged('easy', 'tutorial', 'beginners'))],
  // board-games
  [
    "girlfriend and I are snowed in all weekend, just the two of us, and we're sick of our phones",
    and(topic('board-games'), tagged('two player', 'couples', 'chess', 'backgammon')),
  ],
  ['過年一大家子二十多口人聚在一起，除了打麻將還能一起玩點什麼', and(topic('board-games'), tagged('party game', 'big groups', 'party'))],
];
