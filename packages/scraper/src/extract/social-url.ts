import { hostOf, isLinkedInHost, parseLinkedInCompanyUrl, safeDecodeURIComponent } from '@enrich/domain';
import type { SocialNetwork } from '@enrich/record';

/**
 * Canonical profile URL forms (one per identity so duplicates collapse; path case is lowered where
 * the network treats it case-insensitively, matching the Company.socialProfiles examples):
 *   linkedin   https://www.linkedin.com/company/<slug>  (school and showcase pages too: @enrich/domain's
 *              parseLinkedInCompanyUrl, the one LinkedIn normaliser)
 *   twitter    https://x.com/<handle>                   (twitter.com and x.com inputs alike)
 *   facebook   https://www.facebook.com/<page>          (or /profile.php?id=<n>, or /<numeric id>)
 *   github     https://github.com/<owner>
 *   youtube    https://www.youtube.com/@<handle> (lowercased) | /channel/<id> | /c/<name> | /user/<name> (case kept:
 *              channel ids are case-sensitive); bare vanity paths, videos and embeds are rejected
 *   instagram  https://www.instagram.com/<username>
 *   crunchbase https://www.crunchbase.com/organization/<slug>
 */
export interface SocialLink {
  network: SocialNetwork;
  url: string;
  /** The handle/slug identifying the account, for resemblance checks against the company name. */
  slug: string;
  /** True when only inferred from a deeper link (a GitHub repository's owner): weak evidence. */
  derived: boolean;
}

const TWITTER_RESERVED = new Set([
  'intent',
  'share',
  'home',
  'hashtag',
  'search',
  'i',
  'explore',
  'settings',
  'login',
  'logout',
  'signup',
  'messages',
  'notifications',
  'tos',
  'privacy',
  'compose',
  'widgets',
  'about',
  'download',
  'jobs',
  'account',
  'oauth',
  'personalization',
  'following',
  'followers',
  'lists',
  'twitter',
  'x',
]);
const FACEBOOK_RESERVED = new Set([
  'sharer.php',
  'sharer',
  'share',
  'share.php',
  'dialog',
  'plugins',
  'tr',
  'login',
  'login.php',
  'groups',
  'events',
  'photo.php',
  'photo',
  'photos',
  'watch',
  'story.php',
  'permalink.php',
  'hashtag',
  'help',
  'policies',
  'policy.php',
  'privacy',
  'legal',
  'ads',
  'business',
  'gaming',
  'marketplace',
  'home.php',
  'settings',
  'people',
  'public',
  'search',
  'l.php',
  'media',
  'notes',
  'video.php',
  'reel',
  'stories',
  'messages',
  'fundraisers',
  'about',
  'facebook',
  'pages',
  'pg',
  'profile.php',
  'recover',
  'signup',
  'r.php',
  'v2.0',
  'offsite_event',
]);
const FACEBOOK_SUBPAGES = new Set(['about', 'timeline', 'community', 'reviews', 'services', 'shop', 'info', 'home']);
const GITHUB_RESERVED = new Set([
  'about',
  'features',
  'pricing',
  'enterprise',
  'team',
  'marketplace',
  'sponsors',
  'topics',
  'collections',
  'trending',
  'explore',
  'login',
  'join',
  'signup',
  'settings',
  'notifications',
  'site',
  'security',
  'contact',
  'customer-stories',
  'readme',
  'apps',
  'new',
  'organizations',
  'search',
  'issues',
  'pulls',
  'codespaces',
  'events',
  'resources',
  'solutions',
  'premium-support',
  'git-guides',
  'open-source',
  'home',
  'github',
  'orgs',
  'users',
  'marketplace',
  'logout',
  'dashboard',
  'showcases',
  'mobile',
  'copilot',
]);
const INSTAGRAM_RESERVED = new Set([
  'p',
  'reel',
  'reels',
  'tv',
  'explore',
  'stories',
  'accounts',
  'direct',
  'about',
  'developer',
  'legal',
  'web',
  'challenge',
  'emails',
  'session',
  'privacy',
  'ar',
  's',
  'share',
  'invites',
  'instagram',
  'oauth',
  'graphql',
  'api',
]);

function toUrl(href: string, base?: string): URL | null {
  let text = href.trim();
  if (!text) return null;
  if (text.startsWith('//')) text = `https:${text}`;
  // sameAs values and hand-written links sometimes omit the scheme ("twitter.com/acme").
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text) && /^(?:www\.)?[a-z0-9-]+\.(?:com|io)\//i.test(text)) text = `https://${text}`;
  try {
    const url = base ? new URL(text, base) : new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function segmentsOf(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter((s) => s.length > 0)
    .map(safeDecodeURIComponent);
}

const link = (network: SocialNetwork, url: string, slug: string, derived = false): SocialLink => ({ network, url, slug, derived });
const SLUG = /^[\p{L}\p{N}_.\-&']{1,100}$/u;

/** Normalises a URL to a company profile on a supported network, or null for anything else. */
export function parseSocialUrl(href: string, base?: string): SocialLink | null {
  const url = toUrl(href, base);
  if (!url) return null;
  const host = hostOf(url) ?? '';
  const segs = segmentsOf(url);
  const [first = '', second = ''] = segs;
  const lower = first.toLowerCase();

  if (isLinkedInHost(host)) {
    const page = parseLinkedInCompanyUrl(url);
    return page ? link('linkedin', page.url, page.slug) : null;
  }
  if (/^(?:(?:www|mobile|m)\.)?(?:twitter|x)\.com$/.test(host)) {
    if (segs.length !== 1 || !/^[A-Za-z0-9_]{1,15}$/.test(first) || TWITTER_RESERVED.has(lower)) return null;
    return link('twitter', `https://x.com/${lower}`, first);
  }
  if (/^(?:[a-z-]+\.)?(?:facebook|fb)\.com$/.test(host) && !/^(?:l|lm|business|developers|graph|connect|static)\./.test(host)) {
    return parseFacebook(url, segs);
  }
  if (host === 'github.com' || host === 'www.github.com') {
    if (lower === 'orgs' && /^[A-Za-z0-9-]{1,39}$/.test(second))
      return link('github', `https://github.com/${second.toLowerCase()}`, second);
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(first) || GITHUB_RESERVED.has(lower)) return null;
    return link('github', `https://github.com/${lower}`, first, segs.length > 1);
  }
  if (/^(?:(?:www|m)\.)?youtube\.com$/.test(host)) return parseYoutube(segs);
  if (/^(?:(?:www|m)\.)?instagram\.com$/.test(host)) {
    if (segs.length !== 1 || !/^[A-Za-z0-9._]{1,30}$/.test(first) || INSTAGRAM_RESERVED.has(lower)) return null;
    return link('instagram', `https://www.instagram.com/${lower}`, first);
  }
  if (host === 'crunchbase.com' || host === 'www.crunchbase.com') {
    if (!['organization', 'company'].includes(lower) || !SLUG.test(second)) return null;
    return link('crunchbase', `https://www.crunchbase.com/organization/${encodeURIComponent(second.toLowerCase())}`, second);
  }
  return null;
}

function parseFacebook(url: URL, segs: string[]): SocialLink | null {
  const [first = '', second = ''] = segs;
  const lower = first.toLowerCase();
  if (lower === 'profile.php') {
    const id = url.searchParams.get('id');
    return id && /^\d{5,}$/.test(id) ? link('facebook', `https://www.facebook.com/profile.php?id=${id}`, id) : null;
  }
  if (lower === 'pages' || lower === 'pg') {
    // /pages/<Name>/<id> and /pages/category/<cat>/<Name-id>: the trailing number identifies the page.
    const numeric = [...segs]
      .reverse()
      .map((s) => /(\d{5,})$/.exec(s)?.[1])
      .find(Boolean);
    if (numeric) return link('facebook', `https://www.facebook.com/${numeric}`, segs[segs.length - 2] ?? numeric);
    if (lower === 'pg' && /^[A-Za-z0-9.\-_]{2,}$/.test(second))
      return link('facebook', `https://www.facebook.com/${second.toLowerCase()}`, second);
    return null;
  }
  if (!/^[A-Za-z0-9.\-_]{2,80}$/.test(first) || FACEBOOK_RESERVED.has(lower)) return null;
  if (segs.length > 2 || (segs.length === 2 && !FACEBOOK_SUBPAGES.has(second.toLowerCase()))) return null;
  return link('facebook', `https://www.facebook.com/${lower}`, first);
}

function parseYoutube(segs: string[]): SocialLink | null {
  const [first = '', second = ''] = segs;
  const lower = first.toLowerCase();
  if (first.startsWith('@') && /^@[\p{L}\p{N}_.-]{2,100}$/u.test(first)) {
    return link('youtube', `https://www.youtube.com/@${encodeURIComponent(first.slice(1).toLowerCase())}`, first.slice(1));
  }
  if (lower === 'channel' && /^[A-Za-z0-9_-]{10,}$/.test(second))
    return link('youtube', `https://www.youtube.com/channel/${second}`, second);
  if ((lower === 'c' || lower === 'user') && SLUG.test(second)) {
    return link('youtube', `https://www.youtube.com/${lower}/${encodeURIComponent(second)}`, second);
  }
  return null;
}
