import { safeDecodeURIComponent } from '@enrich/domain';
// Which fact page a URL path or link text points at. Slugs are compared after lower-casing,
// stripping diacritics (über → uber) and turning any run of non-alphanumerics into "-".

export const FACT_KINDS = ['about', 'company', 'contact', 'imprint', 'team', 'careers', 'pricing'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

// Order of usefulness for company facts; earlier kinds are fetched first.
export const KIND_RANK: Record<FactKind, number> = {
  about: 0,
  company: 1,
  contact: 2,
  imprint: 3,
  team: 4,
  careers: 5,
  pricing: 6,
};

const SLUGS: Record<FactKind, string[]> = {
  about: [
    'about',
    'about-us',
    'aboutus',
    'who-we-are',
    'our-story',
    'uber-uns',
    'ueber-uns',
    'a-propos',
    'apropos',
    'qui-sommes-nous',
    'chi-siamo',
    'sobre',
    'sobre-nosotros',
    'quienes-somos',
    'nosotros',
    'over-ons',
  ],
  company: ['company', 'our-company', 'unternehmen', 'empresa', 'entreprise', 'societe', 'azienda', 'firma'],
  contact: [
    'contact',
    'contact-us',
    'contacts',
    'contactus',
    'get-in-touch',
    'kontakt',
    'contacto',
    'contato',
    'contatti',
    'contactez-nous',
    'contactenos',
  ],
  imprint: [
    'imprint',
    'impressum',
    'legal',
    'legal-notice',
    'legal-notices',
    'mentions-legales',
    'aviso-legal',
    'note-legali',
    'colofon',
    'colophon',
  ],
  team: [
    'team',
    'our-team',
    'the-team',
    'meet-the-team',
    'people',
    'leadership',
    'management',
    'founders',
    'unser-team',
    'equipe',
    'equipo',
    'il-team',
  ],
  careers: ['careers', 'career', 'jobs', 'join-us', 'work-with-us', 'karriere', 'emploi', 'empleo', 'lavora-con-noi'],
  pricing: ['pricing', 'prices', 'plans', 'preise', 'tarifs', 'precios', 'prezzi'],
};

const BY_SLUG = new Map<string, FactKind>(FACT_KINDS.flatMap((kind) => SLUGS[kind].map((s) => [s, kind] as const)));

// Words that, alone in a short link text ("About Acme", "Jobs at Acme"), name the page.
const WORDS = new Map<string, FactKind>([
  ...(['about', 'uber', 'propos'] as const).map((w) => [w, 'about'] as const),
  ...(['contact', 'kontakt', 'contacto', 'contatti'] as const).map((w) => [w, 'contact'] as const),
  ...(['imprint', 'impressum'] as const).map((w) => [w, 'imprint'] as const),
  ...(['team', 'leadership'] as const).map((w) => [w, 'team'] as const),
  ...(['careers', 'jobs', 'karriere'] as const).map((w) => [w, 'careers'] as const),
  ...(['pricing'] as const).map((w) => [w, 'pricing'] as const),
]);

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Kind named by the last path segment (/en/about-us.html → about), or null. */
export function kindForPath(pathname: string): FactKind | null {
  const segments = pathname.split('/').filter((s) => s !== '');
  const last = segments.at(-1);
  if (last === undefined) return null;
  // A bad escape keeps the raw segment; it only costs a match.
  const decoded = safeDecodeURIComponent(last);
  return BY_SLUG.get(slugify(decoded.replace(/\.(html?|php|aspx?|jsp)$/i, ''))) ?? null;
}

/** Kind named by a link's visible text: an exact phrase, or a keyword in a text of ≤ 4 words. */
export function kindForText(text: string): FactKind | null {
  const slug = slugify(text);
  if (slug === '' || slug.length > 40) return null;
  const exact = BY_SLUG.get(slug);
  if (exact) return exact;
  const words = slug.split('-');
  if (words.length > 4) return null;
  for (const word of words) {
    const kind = WORDS.get(word);
    if (kind) return kind;
  }
  return null;
}
