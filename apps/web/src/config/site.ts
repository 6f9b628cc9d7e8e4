/** Fixed facts about the site shown in several places. */
export const SITE = {
  name: 'Threadcart',
  supportEmail: 'support@threadcart.app',
  instagramUrl: 'https://www.instagram.com/threadcart',
  redditUrl: 'https://www.reddit.com/r/threadcart',
} as const;
