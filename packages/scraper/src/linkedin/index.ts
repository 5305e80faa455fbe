export { guessLinkedInCompanyUrls } from './company-url';
export { employeeRange } from './counts';
export {
  fetchLinkedInCompany,
  type LinkedInCandidates,
  type LinkedInDeps,
  type LinkedInGate,
  type LinkedInInput,
  linkedInCandidates,
} from './fetch-linkedin-company';
export { backoffMs, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, MIN_COOLDOWN_MS, parseRetryAfter } from './linkedin-backoff';
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
} from './linkedin-company';
export { type LinkedInEnv, linkedInEnv } from './linkedin-env';
export { parseLinkedInCompanyPage } from './parse-company-page';
export { unwrapLinkedInRedirect, websiteDomain, websiteMatchesDomain } from './website-match';
