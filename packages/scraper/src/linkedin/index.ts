export { guessLinkedInCompanyUrls } from './company-url';
export { employeeRange } from './counts';
export {
  fetchLinkedInCompany,
  linkedInCandidates,
  type LinkedInCandidates,
  type LinkedInDeps,
  type LinkedInGate,
  type LinkedInInput,
} from './fetch-linkedin-company';
export { backoffMs, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, MIN_COOLDOWN_MS, parseRetryAfter } from './linkedin-backoff';
export { linkedInEnv, type LinkedInEnv } from './linkedin-env';
export { parseLinkedInCompanyPage } from './parse-company-page';
export type {
  LinkedInAddress,
  LinkedInCompany,
  LinkedInField,
  LinkedInMatch,
  LinkedInPageFailure,
  LinkedInPageResult,
  LinkedInSource,
  LinkedInSourceData,
  LinkedInUnavailableReason,
} from './types';
export { unwrapLinkedInRedirect, websiteDomain, websiteMatchesDomain } from './website-match';
