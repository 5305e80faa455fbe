import type { Prisma } from '@enrich/db';
import { SAMPLE_AI_ANSWER } from '@enrich/testkit';

// A full company row, every column set and a provenance entry for each value, as a finalize
// step with all three sources (website, LinkedIn, AI) would leave it (packages/pipeline
// finalize-step.ts; the columns as in tests/integration/db-schema.test.ts). Enriched now, so
// a submission of its domain completes at once from the stored record.
export function fullCompanyRow(domain: string, now = new Date()): Prisma.CompanyCreateInput {
  const observedAt = now.toISOString();
  const site = `https://${domain}/`;
  const linkedin = `https://www.linkedin.com/company/${domain.split('.')[0]}`;
  const from = (source: 'website' | 'linkedin' | 'ai', url: string, method: string, agreedBy: string[] = []) => ({
    source,
    url,
    method,
    observedAt,
    inferred: source === 'ai',
    agreedBy,
    disagreedBy: [],
    confidence: source === 'ai' ? 50 : 90,
  });
  return {
    domain,
    name: 'Benchmark Analytics GmbH',
    description: 'Benchmark Analytics builds invoicing and payment reconciliation software for mid-sized logistics companies in Europe.',
    industry: 'Computer Software',
    employeeCount: '51-200',
    location: 'Berlin, Germany',
    businessStage: 'growth',
    fundingStatus: 'Series B',
    foundedYear: 2014,
    logoUrl: `${site}logo.png`,
    email: `hello@${domain}`,
    phone: '+49 30 1234567',
    socialProfiles: { linkedin, twitter: 'https://x.com/benchmark', github: 'https://github.com/benchmark' },
    technologies: ['WordPress', 'HubSpot', 'Google Analytics', 'Cloudflare', 'React'],
    insights: SAMPLE_AI_ANSWER.insights as unknown as Prisma.InputJsonValue,
    b2bMatch: SAMPLE_AI_ANSWER.b2bMatch as unknown as Prisma.InputJsonValue,
    confidence: 87,
    sources: ['website', 'linkedin', 'ai'],
    provenance: {
      name: from('website', site, 'json-ld', ['linkedin']),
      description: from('website', site, 'og:description'),
      industry: from('linkedin', `${linkedin}/about/`, 'linkedin:about-us', ['ai']),
      employeeCount: from('linkedin', `${linkedin}/about/`, 'linkedin:about-us'),
      location: from('website', `${site}contact`, 'footer-address', ['linkedin']),
      businessStage: from('ai', 'llm:claude-sonnet-5-5', 'llm'),
      fundingStatus: from('ai', 'llm:claude-sonnet-5-5', 'llm'),
      foundedYear: from('linkedin', `${linkedin}/about/`, 'linkedin:about-us'),
      logoUrl: from('website', site, 'og:logo'),
      email: from('website', `${site}contact`, 'mailto'),
      phone: from('website', `${site}contact`, 'tel'),
      technologies: from('website', site, 'generator'),
      'socialProfiles.linkedin': from('website', site, 'footer-link'),
      'socialProfiles.twitter': from('website', site, 'footer-link'),
      'socialProfiles.github': from('website', site, 'footer-link'),
    },
    enrichedAt: now,
  };
}
