export { emptyCompanyFacts, extractCompanyFacts } from './extract-company-facts';
export { parseJsonLd, parseJsonLoosely, type JsonLdDocument, type JsonLdNode, type JsonObject } from './json-ld';
export { parseSocialUrl, type SocialLink } from './social-url';
export {
  extractTechnologies,
  technologyCategory,
  TECHNOLOGIES,
  type Technology,
  type TechnologyCategory,
  type TechnologyMatchers,
  type TechnologyMethod,
} from './technology';
export type { CompanyFacts, Fact } from './types';
