import { describe, expect, it } from 'vitest';
import { TextPass } from './text-pass.ts';

const ALL = new Set(['emails', 'phones', 'urls', 'mentions'] as const);
const scrub = (text: string) => new TextPass({ scrub: ALL }).run([text])[0];

// Hostile cases of the scrub (docs/decisions/036): [input, output with every kind scrubbed].
const CASES: readonly (readonly [string, string])[] = [
  // E-mail addresses, plain and obfuscated
  ['write to jane.doe@example.com today', 'write to [email] today'],
  ['JANE.DOE@EXAMPLE.COM', '[email]'],
  ['first+tag@sub.mail.example.co.uk.', '[email].'],
  ['(jane_doe@example.org)', '([email])'],
  ['jane@localhost is not an address', 'jane@localhost is not an address'],
  ['jane [at] example [dot] com', '[email]'],
  ['jane(at)example(dot)com', '[email]'],
  ['jane {at} example {dot} org', '[email]'],
  ['jane <at> example <dot> net', '[email]'],
  ['jane [AT] example [DOT] com', '[email]'],
  ['jane at example dot com', '[email]'],
  ['jane @ example.com', '[email]'],
  ['jane＠example.com', '[email]'],
  ['mail: a.b-c_d%e@mx-1.example.io, thanks', 'mail: [email], thanks'],
  ['two: a@x.com;b@y.org', 'two: [email];[email]'],
  ['look at example.com for it', 'look at [url] for it'],
  ['meet me at noon dot', 'meet me at noon dot'],
  // Phone numbers in international and national forms
  ['call +44 20 7946 0958 now', 'call [phone] now'],
  ['+1 (555) 123-4567', '[phone]'],
  ['(555) 123-4567', '[phone]'],
  ['555-123-4567', '[phone]'],
  ['555.123.4567', '[phone]'],
  ['5551234567', '[phone]'],
  ['+49 30 1234567', '[phone]'],
  ['0044 20 7946 0958', '[phone]'],
  ['+33 1 23 45 67 89', '[phone]'],
  ['+81-3-1234-5678', '[phone]'],
  ['+91 98765 43210', '[phone]'],
  ['07700 900123', '[phone]'],
  ['+61 2 9876 5432.', '[phone].'],
  ['tel:+14155550132', 'tel:[phone]'],
  ['on 2024-01-15 call 555-123-4567', 'on 2024-01-15 call [phone]'],
  ['the date 2024-01-15 stays', 'the date 2024-01-15 stays'],
  ['15/01/2024 stays', '15/01/2024 stays'],
  ['server 192.168.100.200 stays', 'server 192.168.100.200 stays'],
  ['1 2 3 4 5 6 7 8 stays', '1 2 3 4 5 6 7 8 stays'],
  ['pi is 3.14159265', 'pi is 3.14159265'],
  ['in 1999 and 2004', 'in 1999 and 2004'],
  ['a score of 1234567', 'a score of 1234567'],
  ['$1,250,000 stays', '$1,250,000 stays'],
  // Links, with and without a scheme
  ['see https://example.org/page?a=1#x.', 'see [url].'],
  ['HTTP://EXAMPLE.ORG', '[url]'],
  ['ftp://files.example.net/a.zip', '[url]'],
  ['www.example.com/path', '[url]'],
  ['example.com', '[url]'],
  ['bit.ly/3xYz', '[url]'],
  ['youtu.be/dQw4w9WgXcQ)', '[url])'],
  ['docs.google.com/document/d/1', '[url]'],
  ['[link](https://example.com/a)', '[link]([url])'],
  ['<https://example.com>', '<[url]>'],
  ['reddit.com/r/python', '[url]'],
  ['e.g. this and i.e. that', 'e.g. this and i.e. that'],
  ['file.txt and script.py stay', 'file.txt and script.py stay'],
  ['end of sentence.Next one', 'end of sentence.Next one'],
  // Mentions
  ['u/SomeUser said so', '[user] said so'],
  ['/u/SomeUser said so', '[user] said so'],
  ['thanks u/some_user-2!', 'thanks [user]!'],
  ['first line\nu/LineStart here', 'first line\n[user] here'],
  ['(u/paren)', '([user])'],
  ['menu/item stays', 'menu/item stays'],
  ['emu/bird stays', 'emu/bird stays'],
  ['/user/Someone too', '[user] too'],
  ['U/Shouting', '[user]'],
  ['r/python stays', 'r/python stays'],
  // Everything at once, and texts with nothing to do
  [
    'u/a: mail a@b.com, call +1 415 555 0132 or see www.example.com',
    '[user]: mail [email], call [phone] or see [url]',
  ],
  ['', ''],
  ['nothing personal here', 'nothing personal here'],
  ['ünïcödé ✓ and 日本語 stay', 'ünïcödé ✓ and 日本語 stay'],
];

describe('the scrub pattern set', () => {
  it('has at least 60 hostile cases', () => expect(CASES.length).toBeGreaterThanOrEqual(60));

  it.each(CASES)('%j', (input, expected) => {
    expect(scrub(input)).toBe(expected);
  });

  it('gives the same answers for a whole batch as for each text alone, and counts by token', () => {
    const pass = new TextPass({ scrub: ALL });
    expect(pass.run(CASES.map(([input]) => input))).toEqual(CASES.map(([, expected]) => expected));
    const tokens = (token: string) =>
      CASES.reduce((n, [, expected]) => n + expected.split(token).length - 1, 0);
    expect(pass.counts).toEqual({
      email: tokens('[email]'),
      phone: tokens('[phone]'),
      url: tokens('[url]'),
      user: tokens('[user]'),
    });
  });

  it('passes a text holding the batch separator on its own, counting each replacement once', () => {
    const pass = new TextPass({ scrub: ALL });
    expect(pass.run(['a\u0001 u/x', 'mail a@b.com'])).toEqual(['a\u0001 [user]', 'mail [email]']);
    expect(pass.counts).toEqual({ email: 1, phone: 0, url: 0, user: 1 });
  });

  it('scrubs only the chosen kinds', () => {
    const text = 'mail a@b.com, call +44 20 7946 0958, see example.com, thanks u/bob';
    expect(new TextPass({ scrub: new Set(['emails']) }).run([text])[0]).toBe(
      'mail [email], call +44 20 7946 0958, see example.com, thanks u/bob',
    );
    expect(new TextPass({ scrub: new Set(['phones', 'mentions']) }).run([text])[0]).toBe(
      'mail a@b.com, call [phone], see example.com, thanks [user]',
    );
    expect(new TextPass({ scrub: new Set() }).isActive).toBe(false);
  });

  it('puts pseudonyms in mentions and profile links when authors are pseudonymised', () => {
    const pass = new TextPass({ scrub: new Set(), pseudonymOf: (name) => `P(${name.toLowerCase()})` });
    expect(
      pass.run(['hi u/Bob and /u/bob, see https://www.reddit.com/user/Bob/comments and menu/item'])[0],
    ).toBe('hi u/P(bob) and /u/P(bob), see https://www.reddit.com/user/P(bob)/comments and menu/item');
  });
});
