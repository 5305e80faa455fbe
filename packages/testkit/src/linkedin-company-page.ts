// A logged-out LinkedIn company page, modelled on the saved Audiense page
// (packages/testkit/corpora/metascraper/linkedin-company-audiense.html): the JSON-LD
// Organization block LinkedIn embeds, the top card, and the "About us" section with its
// data-test-id'd <dl> facts.
// packages/scraper's parseLinkedInCompanyPage reads it like the real page.

export interface LinkedInProfile {
  /** The vanity name: https://www.linkedin.com/company/<slug>. */
  slug: string;
  name: string;
  tagline: string;
  description: string;
  /** The company's website as it typed it ("https://www.acme.com"). */
  website: string;
  industry: string;
  /** The size band as LinkedIn shows it ("51-200 employees"). */
  size: string;
  employeesOnLinkedIn: number;
  followers: number;
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  /** "Privately Held", "Public Company", "Partnership", … */
  companyType: string;
  founded: number;
  specialties: string[];
  logoUrl: string;
}

export const linkedInPageUrl = (slug: string): string => `https://www.linkedin.com/company/${slug}`;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Inside <script>, only "</" could end the block early.
const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/<\//g, '<\\/');
const count = (n: number): string => n.toLocaleString('en-US');

function aboutItem(key: string, label: string, value: string): string {
  return `
    <div class="mb-2 flex papabear:mr-3 mamabear:mr-3 babybear:flex-wrap" data-test-id="about-us__${key}">
      <dt class="font-sans text-md font-bold text-color-text break-words w-40">
          ${label}
      </dt>
      <dd class="font-sans text-md text-color-text break-words overflow-hidden">
                  ${value}
      </dd>
    </div>`;
}

export function linkedInCompanyPage(p: LinkedInProfile): string {
  const url = linkedInPageUrl(p.slug);
  const hq = `${p.address.locality}, ${p.address.region}`;
  const metaDescription = `${p.name} | ${count(p.followers)} followers on LinkedIn. ${p.tagline} | ${p.description}`;
  const jsonLd = {
    '@context': 'http://schema.org',
    '@type': 'Organization',
    name: p.name,
    url,
    // LinkedIn writes "type", not "@type", for the address.
    address: {
      type: 'PostalAddress',
      streetAddress: p.address.street,
      addressLocality: p.address.locality,
      addressRegion: p.address.region,
      postalCode: p.address.postalCode,
      addressCountry: p.address.country,
    },
    description: p.description,
    // The members who list the company as employer, not the size band.
    numberOfEmployees: { value: p.employeesOnLinkedIn, '@type': 'QuantitativeValue' },
    logo: { contentUrl: p.logoUrl, description: p.name, '@type': 'ImageObject' },
    slogan: p.tagline,
    sameAs: p.website,
  };
  const redirect = `https://www.linkedin.com/redir/redirect?url=${encodeURIComponent(p.website)}&urlhash=${p.slug.slice(0, 4)}&trk=about_website`;
  const websiteValue = `
    <a class="link-no-visited-state hover:no-underline" data-tracking-control-name="about_website" href="${escapeHtml(redirect)}" target="_blank" rel="noopener">
      ${escapeHtml(p.website)}
    </a>
    <p class="hidden" id="websiteLinkDescription">External link for ${escapeHtml(p.name)}</p>`;

  return `<!DOCTYPE html>
<html lang="en"><head>
        <meta name="pageKey" content="d_org_guest_company_overview">
        <meta name="robots" content="max-image-preview:large, noarchive">
        <meta name="locale" content="en_US">
        <link rel="canonical" href="${url}">
    <title>${escapeHtml(p.name)} | LinkedIn</title>
    <meta name="description" content="${escapeHtml(metaDescription)}">
    <meta property="og:title" content="${escapeHtml(p.name)} | LinkedIn">
    <meta property="og:description" content="${escapeHtml(metaDescription)}">
    <meta property="og:image" content="${escapeHtml(p.logoUrl)}">
    <meta property="og:type" content="website">
    <meta property="og:url" content="${url}">
    <script type="application/ld+json">
      ${jsonForScript(jsonLd)}
    </script>
</head>
<body dir="ltr">
  <header class="nav"><a class="nav__logo-link" href="https://www.linkedin.com/?trk=organization_guest_nav-header-logo">LinkedIn</a>
    <a class="nav__button-secondary" href="https://www.linkedin.com/login?trk=organization_guest_nav-header-signin">Sign in</a>
    <a class="nav__button-primary" href="https://www.linkedin.com/signup/cold-join?trk=organization_guest_nav-header-join">Join now</a></header>
  <main class="main" id="main-content" role="main">
    <section class="top-card-layout container-lined overflow-hidden babybear:rounded-[0px]">
      <div class="top-card-layout__card relative p-2 papabear:p-details-container-padding">
        <div class="top-card-layout__entity-image-container flex">
          <img class="inline-block relative w-16 h-16 top-card-layout__entity-image" alt="${escapeHtml(p.name)}" src="${escapeHtml(p.logoUrl)}">
        </div>
        <div class="top-card-layout__entity-info-container flex flex-wrap papabear:flex-nowrap">
          <div class="top-card-layout__entity-info flex-grow flex-shrink-0 basis-0">
            <h1 class="top-card-layout__title font-sans text-lg papabear:text-xl font-bold leading-open text-color-text mb-0">
              ${escapeHtml(p.name)}
            </h1>
            <h2 class="top-card-layout__headline break-words font-sans text-md leading-open text-color-text">
              ${escapeHtml(p.industry)}
            </h2>
            <h3 class="top-card-layout__first-subline font-sans text-md leading-open text-color-text-low-emphasis">
              ${escapeHtml(hq)} <span class="before:middot"></span> ${count(p.followers)} followers
            </h3>
            <h4 class="top-card-layout__second-subline font-sans text-sm leading-open text-color-text-low-emphasis mt-0.5">
              <span class="line-clamp-2">${escapeHtml(p.tagline)}</span>
            </h4>
            <div class="top-card-layout__cta-container flex flex-wrap mt-0.5">
              <a class="top-card-layout__cta" href="https://www.linkedin.com/signup/cold-join?trk=top-card-primary-button-follow-cta">Follow</a>
            </div>
          </div>
          <ul><li><a href="https://www.linkedin.com/signup?trk=org-employees_cta_face-pile-cta" class="face-pile flex !no-underline">
            <p class="face-pile__text self-center font-sans text-sm link-styled hover:underline">View all ${count(p.employeesOnLinkedIn)} employees</p>
          </a></li></ul>
        </div>
      </div>
    </section>
    <div class="details mx-details-container-padding">
      <section class="core-section-container core-section-container--with-border border-b-1 py-4 text-color-text" data-test-id="about-us">
        <h2 class="core-section-container__title section-title">
          About us
        </h2>
        <div class="core-section-container__content break-words">
          <p class="break-words whitespace-pre-wrap text-color-text" data-test-id="about-us__description">${escapeHtml(p.description)}</p>
          <dl class="mt-6">${[
            aboutItem('website', 'Website', websiteValue),
            aboutItem('industry', 'Industry', escapeHtml(p.industry)),
            aboutItem('size', 'Company size', escapeHtml(p.size)),
            aboutItem('headquarters', 'Headquarters', escapeHtml(hq)),
            aboutItem('organizationType', 'Type', escapeHtml(p.companyType)),
            aboutItem('foundedOn', 'Founded', String(p.founded)),
            aboutItem('specialties', 'Specialties', escapeHtml(p.specialties.join(', ').replace(/, ([^,]*)$/, ', and $1'))),
          ].join('')}
          </dl>
        </div>
      </section>
      <section class="core-section-container py-4" data-test-id="locations">
        <h2 class="core-section-container__title section-title">Locations</h2>
        <ul><li><div id="address-0"><p>${escapeHtml(p.address.street)}</p><p>${escapeHtml(`${p.address.locality}, ${p.address.region} ${p.address.postalCode}, ${p.address.country}`)}</p></div></li></ul>
      </section>
    </div>
  </main>
  <div class="modal" data-outlet="sign-in-modal"><a href="https://www.linkedin.com/login?trk=organization_guest_contextual-sign-in-modal_sign-in">Sign in</a></div>
</body></html>
`;
}
