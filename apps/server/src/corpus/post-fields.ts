import type { PostKind } from '@threadcart/contracts';
import type { RawRedditPost } from './raw-types.ts';

/** The version of the filter fields a normalised row carries (posts.fields_version / comments.fields_version). */
export const FIELDS_VERSION = 1;

const VIDEO_HINTS = new Set(['hosted:video', 'rich:video']);
const VIDEO_DOMAINS = new Set([
  'v.redd.it',
  'youtube.com',
  'youtu.be',
  'm.youtube.com',
  'vimeo.com',
  'streamable.com',
]);
const IMAGE_DOMAINS = new Set(['i.redd.it', 'i.imgur.com', 'imgur.com', 'preview.redd.it']);
const IMAGE_FILE = /\.(jpe?g|png|gif|gifv|webp|bmp)(\?|#|$)/i;
const GALLERY_PATH = /^https?:\/\/(www\.)?reddit\.com\/gallery\//i;

/** The host of a URL in lower case, without `www.`; undefined when it is not an absolute http(s) URL. */
export function hostOf(url: string): string | undefined {
  const match = /^https?:\/\/([^/?#:]+)/i.exec(url.trim());
  return match ? match[1]!.toLowerCase().replace(/^www\./, '') : undefined;
}

/**
 * The domain a post links to: the dump's `domain` when it has one (every era but 2022-08/09, where it may be null),
 * else `self.<subreddit>` for a text post, else the URL's host.
 */
export function domainOf(raw: RawRedditPost, subreddit: string, url: string): string {
  if (typeof raw.domain === 'string' && raw.domain.trim()) return raw.domain.trim();
  if (raw.is_self === true) return subreddit ? `self.${subreddit}` : '';
  return hostOf(url) ?? '';
}

/**
 * What a post is (docs/decisions/017-filter-fields.md): `self` for a text post; `gallery` (is_gallery, a
 * reddit.com/gallery URL); `video` (is_video, a video post_hint or a video site); `image` (the image post_hint, an
 * image host or an image file); else `link`. Old dumps have only is_self, domain and url, and these decide alone.
 */
export function postKindOf(raw: RawRedditPost, domain: string, url: string): PostKind {
  if (raw.is_self === true) return 'self';
  if (raw.is_gallery === true || GALLERY_PATH.test(url)) return 'gallery';
  const site = domain.toLowerCase().replace(/^www\./, '');
  if (raw.is_video === true || VIDEO_HINTS.has(String(raw.post_hint)) || VIDEO_DOMAINS.has(site))
    return 'video';
  if (raw.post_hint === 'image' || IMAGE_DOMAINS.has(site) || IMAGE_FILE.test(url)) return 'image';
  return 'link';
}
