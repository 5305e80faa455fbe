export type { CompanyFacts, Fact } from './company-facts';
export { emptyCompanyFacts, extractCompanyFacts } from './extract-company-facts';
export { type JsonLdDocument, type JsonLdNode, type JsonObject, parseJsonLd, parseJsonLoosely } from './json-ld';
export { parseSocialUrl, type SocialLink } from './social-url';
export {
  extractTechnologies,
  TECHNOLOGIES,
  type Technology,
  type TechnologyCategory,
  type TechnologyMatchers,
  type TechnologyMethod,
  technologyCategory,
} from './technology';
