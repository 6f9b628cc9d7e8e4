/** A generated subreddit: its name, how popular it is (relative weight) and its topical words. */
export interface SampleSubreddit {
  readonly name: string;
  readonly weight: number;
  readonly words: readonly string[];
  /** how often "python" (the "High Quality Posts" preset term) appears in its post titles */
  readonly python: number;
  /** how often "data" (the "Active Comments" preset term) appears in its comments */
  readonly data: number;
  readonly domains?: readonly string[];
}

const sub = (
  name: string,
  weight: number,
  words: string,
  python = 0.01,
  data = 0.04,
  domains?: string,
): SampleSubreddit => ({ name, weight, words: words.split(' '), python, data, domains: domains?.split(' ') });

/** About 50 subreddits with topical vocabularies; tech and science ones make the preset terms common. */
export const SAMPLE_SUBREDDITS: readonly SampleSubreddit[] = [
  sub(
    'Python',
    6,
    'python script pandas django flask pip venv async decorator typing library module package import function class loop list dict',
    0.8,
    0.4,
    'github.com realpython.com pypi.org',
  ),
  sub(
    'learnpython',
    5,
    'python beginner tutorial exercise syntax error loop function variable string list course homework debug indentation',
    0.8,
    0.35,
    'github.com stackoverflow.com',
  ),
  sub(
    'programming',
    6,
    'code compiler language rust python java performance refactor design pattern abstraction bug release benchmark memory',
    0.35,
    0.4,
    'github.com news.ycombinator.com blog.codinghorror.com',
  ),
  sub(
    'datascience',
    5,
    'data python pandas model dataset notebook feature regression cleaning pipeline dashboard sql analyst interview',
    0.6,
    0.6,
    'kaggle.com towardsdatascience.com',
  ),
  sub(
    'MachineLearning',
    5,
    'model training python pytorch transformer dataset gradient paper benchmark inference embedding tensor gpu data',
    0.55,
    0.55,
    'arxiv.org paperswithcode.com github.com',
  ),
  sub(
    'dataisbeautiful',
    4,
    'chart data visualization map graph trend population plot python survey oc colour axis',
    0.35,
    0.55,
    'i.redd.it imgur.com',
  ),
  sub(
    'statistics',
    2,
    'regression variance sample bayesian hypothesis distribution data python model p-value confidence test',
    0.35,
    0.5,
  ),
  sub(
    'webdev',
    4,
    'javascript css html react frontend backend server api deploy framework browser hosting python',
    0.2,
    0.3,
    'developer.mozilla.org github.com',
  ),
  sub(
    'javascript',
    3,
    'javascript node typescript react promise async npm bundler closure framework browser',
    0.05,
    0.25,
    'github.com npmjs.com',
  ),
  sub(
    'rust',
    2,
    'rust borrow checker cargo crate lifetime trait async compiler unsafe python performance',
    0.2,
    0.3,
    'github.com blog.rust-lang.org',
  ),
  sub(
    'golang',
    2,
    'go goroutine channel interface module compiler concurrency python service',
    0.15,
    0.3,
    'go.dev github.com',
  ),
  sub(
    'linux',
    4,
    'linux kernel distro arch ubuntu debian terminal bash driver desktop wayland package python',
    0.12,
    0.2,
    'lwn.net kernel.org',
  ),
  sub(
    'sysadmin',
    3,
    'server backup outage ticket network firewall patch script python powershell monitoring data',
    0.2,
    0.35,
  ),
  sub(
    'homelab',
    2,
    'server rack proxmox nas switch cluster docker power backup data python',
    0.15,
    0.35,
    'i.redd.it imgur.com',
  ),
  sub(
    'selfhosted',
    2,
    'docker container nextcloud backup reverse proxy domain server data python',
    0.15,
    0.35,
    'github.com',
  ),
  sub(
    'cscareerquestions',
    4,
    'interview offer salary job leetcode python resume recruiter internship manager promotion data',
    0.3,
    0.3,
  ),
  sub(
    'technology',
    6,
    'tech company privacy data ai phone chip software regulation startup internet python',
    0.08,
    0.3,
    'theverge.com arstechnica.com wired.com',
  ),
  sub(
    'science',
    5,
    'study research scientists data experiment climate cells journal results species university',
    0.03,
    0.35,
    'nature.com sciencedaily.com phys.org',
  ),
  sub(
    'askscience',
    3,
    'physics chemistry biology energy light gravity atom evolution experiment data',
    0.02,
    0.3,
  ),
  sub(
    'space',
    4,
    'nasa rocket launch orbit mars telescope galaxy moon satellite data spacex',
    0.02,
    0.3,
    'nasa.gov space.com',
  ),
  sub(
    'snakes',
    2,
    'python ball python snake reptile shed enclosure humidity feeding morph corn snake',
    0.6,
    0.05,
    'i.redd.it imgur.com',
  ),
  sub(
    'reptiles',
    2,
    'python gecko lizard snake enclosure heat lamp terrarium tortoise shed',
    0.35,
    0.05,
    'i.redd.it',
  ),
  sub(
    'gaming',
    7,
    'game console level boss multiplayer patch release studio controller story trailer',
    0.01,
    0.08,
    'youtube.com store.steampowered.com',
  ),
  sub(
    'pcgaming',
    4,
    'gpu fps steam settings benchmark driver mod port launcher release',
    0.01,
    0.1,
    'store.steampowered.com',
  ),
  sub('buildapc', 4, 'gpu cpu motherboard psu ram cooler build budget case ssd', 0.01, 0.12),
  sub(
    'movies',
    5,
    'film director trailer scene actor sequel cinema review plot soundtrack',
    0.01,
    0.05,
    'youtube.com variety.com',
  ),
  sub('television', 4, 'show season episode series finale streaming cast writer network', 0.01, 0.05),
  sub(
    'Music',
    4,
    'album song band vinyl concert guitar lyrics tour release single',
    0.01,
    0.04,
    'youtube.com bandcamp.com',
  ),
  sub(
    'books',
    4,
    'novel author chapter reading library fantasy series classic ending recommendation',
    0.01,
    0.05,
  ),
  sub('history', 3, 'empire war century king battle archive medieval ancient revolution treaty', 0.005, 0.1),
  sub('cooking', 4, 'recipe pan oven garlic sauce bread dough knife butter roast', 0.005, 0.04, 'i.redd.it'),
  sub('food', 3, 'homemade pizza burger ramen dessert steak cheese spicy dinner', 0.005, 0.03, 'i.redd.it'),
  sub('fitness', 4, 'workout squat protein routine gym cardio program lifting progress', 0.005, 0.08),
  sub('running', 2, 'marathon pace shoes race training mileage injury tempo', 0.005, 0.12),
  sub(
    'personalfinance',
    5,
    'budget debt savings retirement credit loan tax income account emergency fund',
    0.005,
    0.1,
  ),
  sub('investing', 4, 'stocks portfolio index fund market dividend etf risk valuation data', 0.02, 0.25),
  sub('stocks', 3, 'earnings shares market price analyst buy sell rally data', 0.02, 0.25),
  sub('CryptoCurrency', 3, 'bitcoin ethereum wallet exchange token blockchain price data', 0.02, 0.2),
  sub(
    'worldnews',
    6,
    'government minister election war sanctions protest treaty report',
    0.005,
    0.1,
    'reuters.com bbc.com apnews.com',
  ),
  sub(
    'news',
    5,
    'police court city report officials lawsuit investigation company',
    0.005,
    0.08,
    'apnews.com nbcnews.com',
  ),
  sub('soccer', 4, 'goal match league transfer striker manager club penalty season', 0.005, 0.05),
  sub('nba', 4, 'game points rebounds playoffs trade season coach dunk', 0.005, 0.06),
  sub(
    'photography',
    3,
    'camera lens shot exposure light portrait edit raw sensor',
    0.005,
    0.06,
    'i.redd.it flickr.com',
  ),
  sub('DIY', 3, 'project wood drill paint wall repair tool build garage', 0.005, 0.04, 'i.redd.it'),
  sub('woodworking', 2, 'table oak joint finish sanding chisel walnut shop build', 0.005, 0.03, 'i.redd.it'),
  sub(
    'gardening',
    3,
    'plants tomato soil seeds garden harvest compost water bloom',
    0.005,
    0.03,
    'i.redd.it',
  ),
  sub('travel', 3, 'trip flight hotel city itinerary visa backpacking train beach', 0.005, 0.04),
  sub('AskReddit', 9, 'people life weird best worst advice story friend job childhood secret', 0.01, 0.05),
  sub(
    'todayilearned',
    5,
    'til discovered fact history scientists invented actually named',
    0.01,
    0.1,
    'en.wikipedia.org',
  ),
  sub('explainlikeimfive', 4, 'eli5 why how work explain actually happens difference', 0.02, 0.15),
];

/** Everyday words that fill the sentences around the topical ones. */
export const COMMON_WORDS: readonly string[] = (
  'the a this that it is was are be have has had do does did not just really very much more most some any ' +
  'all every one two first new old good great best better bad big small long little same different other ' +
  'I you we they he she my your our their me them people time year day week thing way part place work ' +
  'think know want need make get see look use find give tell try ask feel seem leave call keep start show ' +
  'help talk turn move like love hate agree guess mean happen remember wonder honestly probably actually ' +
  'maybe always never often still already again also even only here there now then today yesterday ' +
  'because but and or so if when while since though about with without from into over after before ' +
  'anyone someone everyone nobody question answer idea problem reason point example result case fact'
).split(' ');

export const TITLE_OPENERS: readonly string[] = [
  'Anyone else',
  'How do I',
  'Finally finished',
  'What is the best',
  'PSA:',
  'Help with',
  'My first',
  'Why does',
  'TIL',
  'Thoughts on',
  'Question about',
  'Update on',
  'Is it worth',
  'I made',
];

export const COMMENT_OPENERS: readonly string[] = [
  'This.',
  'Honestly,',
  'I disagree,',
  'Came here to say',
  'Source:',
  'Same here,',
  'Not sure but',
  'Great point,',
  'lol',
  'Thanks!',
  'Edit:',
  'Fair enough,',
];

/** Link-post domains for subreddits without their own list. */
export const GENERIC_DOMAINS: readonly string[] = [
  'i.redd.it',
  'imgur.com',
  'youtube.com',
  'v.redd.it',
  'twitter.com',
];

/** Link flairs (link_flair_text) most subreddits offer. */
export const GENERIC_FLAIRS: readonly string[] = [
  'Discussion',
  'Question',
  'News',
  'Meta',
  'Help',
  'OC',
  'Article',
  'Image',
  'Video',
  'Serious',
];

/** The flairs of the science subreddits (r/science files every post under one). */
export const SCIENCE_FLAIRS: readonly string[] = [
  'Biology',
  'Physics',
  'Health',
  'Astronomy',
  'Psychology',
  'Environment',
  'Medicine',
  'Social Science',
  'Computer Science',
];
