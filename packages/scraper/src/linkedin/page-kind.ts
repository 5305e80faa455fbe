import { linkedInCompanyUrl } from '@enrich/domain';
import type { Element } from 'domhandler';
import type { JsonLdDocument } from '../extract/json-ld';
import { metaContent } from '../extract/meta';
import { canonicalHref, type HtmlDocument, hasClass, titleText } from '../extract/parse-html';
import { findOrganization } from './json-ld-company';

export type LinkedInPageKind = 'company' | 'authwall' | 'not_company_page';

// Where LinkedIn sends a logged-out visitor it will not serve: the wall, login, sign-up, checkpoint.
const WALL_PATH = /^\/(?:authwall|login|signup|checkpoint|uas\/login|uas\/authenticate)(?:[/?]|$)/i;
// pageKey meta values of those pages ("d_checkpoint_lg_consumerLogin", "…_authwall", …).
const WALL_PAGE_KEY = /authwall|login|checkpoint|signup|registration|join/i;
const WALL_TITLE = /^(?:sign up|sign in|log in|join linkedin|linkedin login)\b/i;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * What a fetched LinkedIn page is. Company markers are checked before wall markers on purpose:
 * a real logged-out company page is full of sign-in modals and login links.
 */
// [data-test-id="about-us"], [data-test-id^="about-us__"]
const isAboutUs = (el: Element): boolean => {
  const id = el.attribs['data-test-id'];
  return id === 'about-us' || (id?.startsWith('about-us__') ?? false);
};

export function classifyLinkedInPage($: HtmlDocument, doc: JsonLdDocument, pageUrl: string): LinkedInPageKind {
  if (WALL_PATH.test(pathOf(pageUrl))) return 'authwall';
  const pageKey = metaContent($, 'pageKey') ?? '';
  if (WALL_PAGE_KEY.test(pageKey)) return 'authwall';

  const canonical = canonicalHref($) ?? metaContent($, 'og:url');
  const pointsElsewhere = canonical !== undefined && canonical !== null && linkedInCompanyUrl(canonical) === null;
  const isCompany =
    pageKey.startsWith('d_org_guest') ||
    findOrganization(doc) !== null ||
    $.elements().some(isAboutUs) ||
    ($.elements().some((el) => hasClass(el, 'top-card-layout')) && linkedInCompanyUrl(canonical ?? pageUrl) !== null);
  // A canonical naming a person or post overrides weaker markers (a profile may embed an Organization).
  if (isCompany && (!pointsElsewhere || pageKey.startsWith('d_org_guest'))) return 'company';

  // LinkedIn's HTTP 999 block page is a bare script that redirects to /authwall.
  const redirectsToWall = $.elements('script').some((el) => /\/authwall\b/.test($(el).text()));
  if (redirectsToWall || WALL_TITLE.test(titleText($).trim())) return 'authwall';
  if ($('form.join-form, .authwall-join-form, form.login__form').length > 0) return 'authwall';
  return 'not_company_page';
}
