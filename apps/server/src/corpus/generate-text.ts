import { COMMENT_OPENERS, COMMON_WORDS, TITLE_OPENERS, type SampleSubreddit } from './generate-vocabulary.ts';
import type { Random } from './generate-random.ts';

const ADJECTIVES =
  'quiet brave lazy happy salty rusty cosmic tiny grumpy swift hidden lucky silver purple wild'.split(' ');
const NOUNS =
  'otter falcon badger panda walrus moose gecko heron lynx koala raven bison tiger whale fox'.split(' ');
const EXTRAS = ['Q&A', 'R&D', '<3', 'pros & cons', '->', 'AT&T', 'rock & roll'];

/** A stable, realistic-looking username for author number k. */
export function authorName(k: number): string {
  const a = ADJECTIVES[k % ADJECTIVES.length]!;
  const n = NOUNS[Math.floor(k / ADJECTIVES.length) % NOUNS.length]!;
  const suffix = Math.floor(k / (ADJECTIVES.length * NOUNS.length));
  return k % 3 === 0 ? `${a}_${n}${suffix}` : `${capital(a)}${capital(n)}${suffix || ''}`;
}

function words(random: Random, subreddit: SampleSubreddit, count: number, topical: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(random.chance(topical) ? random.pick(subreddit.words) : random.pick(COMMON_WORDS));
  }
  return out;
}

function insertWord(random: Random, list: string[], word: string): void {
  list.splice(random.int(list.length + 1), 0, word);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function sentence(random: Random, subreddit: SampleSubreddit, extraWord?: string): string {
  const list = words(random, subreddit, 5 + random.int(12), 0.3);
  if (extraWord) insertWord(random, list, extraWord);
  if (random.chance(0.03)) insertWord(random, list, random.pick(EXTRAS));
  const end = random.chance(0.15) ? '?' : random.chance(0.1) ? '!' : '.';
  return capital(list.join(' ')) + end;
}

/** A post title: sometimes an opener, topical words, the preset term at the subreddit's rate. */
export function makeTitle(random: Random, subreddit: SampleSubreddit): string {
  const list = words(random, subreddit, 4 + random.int(9), 0.5);
  if (random.chance(subreddit.python)) insertWord(random, list, random.chance(0.5) ? 'Python' : 'python');
  if (random.chance(0.03)) insertWord(random, list, random.pick(EXTRAS));
  const title = list.join(' ');
  return random.chance(0.35) ? `${random.pick(TITLE_OPENERS)} ${title}` : capital(title);
}

/** A self post's text: a few sentences, now and then a quote or a list. */
export function makeSelftext(random: Random, subreddit: SampleSubreddit): string {
  const paragraphs: string[] = [];
  const count = 1 + random.int(4);
  for (let i = 0; i < count; i++) {
    const extra = random.chance(subreddit.python * 0.3) ? 'python' : undefined;
    const sentences = [sentence(random, subreddit, extra)];
    if (random.chance(0.5)) sentences.push(sentence(random, subreddit));
    paragraphs.push(sentences.join(' '));
  }
  if (random.chance(0.08))
    paragraphs.push(`* ${sentence(random, subreddit)}\n* ${sentence(random, subreddit)}`);
  if (random.chance(0.05)) paragraphs.push(`> ${sentence(random, subreddit)}`);
  return paragraphs.join('\n\n');
}

/** A comment: one to three sentences; "data" at the subreddit's rate; quotes of the parent now and then. */
export function makeBody(random: Random, subreddit: SampleSubreddit): string {
  const parts: string[] = [];
  if (random.chance(0.08)) parts.push(`> ${sentence(random, subreddit)}\n\n`);
  if (random.chance(0.25)) parts.push(`${random.pick(COMMENT_OPENERS)} `);
  const extra = random.chance(subreddit.data) ? 'data' : undefined;
  const count = 1 + random.int(3);
  for (let i = 0; i < count; i++) {
    parts.push(sentence(random, subreddit, i === 0 ? extra : undefined));
    if (i < count - 1) parts.push(' ');
  }
  return parts.join('');
}

/** The URL slug Reddit builds from a title. */
export function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50)
      .replace(/_+$/, '') || '_'
  );
}

/** Reddit's escaping of text fields in dumps: only &, < and >. */
export function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
}
