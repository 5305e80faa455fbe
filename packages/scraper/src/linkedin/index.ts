export { guessLinkedInCompanyUrls, linkedInCompanyUrl } from './company-url';
export { employeeRange } from './counts';
export { parseLinkedInCompanyPage } from './parse-company-page';
export type { LinkedInAddress, LinkedInCompany, LinkedInField, LinkedInPageFailure, LinkedInPageResult, LinkedInSource } from './types';
export { unwrapLinkedInRedirect, websiteDomain, websiteMatchesDomain } from './website-match';
