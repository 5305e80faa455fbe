import type { Client } from 'pg';

// Synthetic but varied company records for scripts/bench-search.ts. A fixed seed makes every
// run search the same data, so numbers from two runs can be compared.

export interface BenchCompany {
  domain: string;
  name: string;
  description: string;
  industry: string;
  employeeCount: string;
  location: string;
  businessStage: string;
  fundingStatus: string;
  socialProfiles: string;
  confidence: number;
  sources: string;
  provenance: string;
  enrichedAt: Date;
}

const NAME_HEADS = `Acme Apex Arc Atlas Aurora Beacon Birch Blue Bold Bright Cedar Circle Clear Cloud Cobalt Comet Coral
Crest Crimson Delta Drift Echo Ember Evergreen Falcon Fern Flux Forge Fox Frontier Galaxy Garnet Glacier Granite Harbor
Hawk Helix Horizon Indigo Iron Island Jade Juniper Keystone Kite Lantern Lark Legacy Lumen Lunar Maple Meadow Meridian
Mesa Metro Mint Monarch Mosaic Nimbus Noble North Nova Oak Oasis Onyx Orbit Orchid Pacific Peak Pine Pioneer Pixel Polar
Prism Pulse Quantum Quartz Radiant Raven Redwood Ridge River Rocket Sage Sapphire Scout Sequoia Shore Sierra Signal Silver
Solar Spark Spruce Stellar Stone Summit Swift Tidal Timber Titan Trail Trident True Union Urban Vector Velvet Vertex Vista
Willow Wolf Zenith Zephyr Amber Anchor Aspen Basalt Bluebird Canyon Cardinal Cascade Citadel Cliff Condor Copper Cypress
Dawn Dune Eagle Elm Fable Flint Gale Grove Harvest Heron Ivy Jasper Kestrel Linden Lotus Magnolia Marble Mist Nectar Opal
Osprey Pebble Pepper Plume Quill Reef Rowan Saffron Sparrow Sterling Thistle Topaz Tundra Valley Wren Yarrow`.split(/\s+/);

const NAME_MIDS = `Data Cloud Health Pay Bio Logic Net Grid Soft Works Med Fin Geo Labs Code Mind Flow Sense Stack Link
Path Core Wave Byte Care Craft Farm Freight Home Learn Legal Motion Ops Power Print Retail Robot Secure Ship Sound Space Talk
Trade Travel Vision Voice`.split(/\s+/);

const NAME_TAILS = `Analytics Systems Labs Technologies Solutions Logistics Robotics Networks Software Partners Group Health
Capital Dynamics Industries Media Studios Ventures Energy Foods Bio Therapeutics Security Consulting Devices Works Holdings
Digital Interactive Innovations Instruments Materials Mobility Payments Pharma Platforms Research Services Supply`.split(/\s+/);

const INDUSTRIES = `Software|Financial Services|Healthcare|Biotechnology|E-commerce|Retail|Logistics|Manufacturing|Energy|
Education|Real Estate|Media|Telecommunications|Cybersecurity|Artificial Intelligence|Agriculture|Automotive|Aerospace|
Construction|Consulting|Insurance|Legal Services|Hospitality|Travel|Food and Beverage|Gaming|Marketing|Human Resources|
Pharmaceuticals|Robotics|Semiconductors|Clean Technology|Transportation|Fashion|Sports|Nonprofit|Government|Mining|
Chemicals|Fintech`
  .replace(/\n/g, '')
  .split('|');

const LOCATIONS = `San Francisco, USA|New York, USA|Austin, USA|Seattle, USA|Boston, USA|Chicago, USA|Denver, USA|Miami, USA|
Atlanta, USA|Los Angeles, USA|Toronto, Canada|Vancouver, Canada|Montreal, Canada|London, United Kingdom|
Manchester, United Kingdom|Edinburgh, United Kingdom|Dublin, Ireland|Paris, France|Lyon, France|Berlin, Germany|
Munich, Germany|Hamburg, Germany|Amsterdam, Netherlands|Rotterdam, Netherlands|Brussels, Belgium|Zurich, Switzerland|
Geneva, Switzerland|Vienna, Austria|Stockholm, Sweden|Copenhagen, Denmark|Oslo, Norway|Helsinki, Finland|Madrid, Spain|
Barcelona, Spain|Lisbon, Portugal|Milan, Italy|Rome, Italy|Warsaw, Poland|Prague, Czech Republic|Tallinn, Estonia|
Tel Aviv, Israel|Dubai, United Arab Emirates|Bangalore, India|Mumbai, India|Singapore, Singapore|Tokyo, Japan|Seoul, South Korea|
Sydney, Australia|Melbourne, Australia|Auckland, New Zealand|São Paulo, Brazil|Mexico City, Mexico|Bogotá, Colombia|
Buenos Aires, Argentina|Lagos, Nigeria|Nairobi, Kenya|Cape Town, South Africa|Cairo, Egypt|Istanbul, Turkey|Kraków, Poland`
  .replace(/\n/g, '')
  .split('|');

const ADJECTIVES = `modern secure scalable affordable automated intelligent collaborative sustainable reliable open
real-time cloud-native mobile enterprise-grade developer-friendly privacy-first data-driven end-to-end lightweight trusted`.split(/\s+/);

const PRODUCTS = `platform software tools infrastructure marketplace network services APIs dashboards devices sensors
workflows apps solutions engines pipelines hardware models products systems`.split(/\s+/);

const AUDIENCES = `small businesses|enterprises|hospitals|banks|retailers|manufacturers|developers|schools|farmers|
insurers|carriers|restaurants|hotels|governments|creators|investors|clinics|lawyers|recruiters|shippers`
  .replace(/\n/g, '')
  .split('|');

const GOALS = `reduce costs|ship faster|grow revenue|manage risk|track inventory|automate compliance|hire talent|
understand customers|monitor operations|cut emissions|process payments|secure data|forecast demand|serve patients|
train teams|close deals`
  .replace(/\n/g, '')
  .split('|');

const STAGES = ['startup', 'growth', 'scaleup', 'enterprise', 'public'];
const FUNDING = ['Bootstrapped', 'Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Public', 'Acquired'];
const SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000'];
const TLDS = ['com', 'com', 'com', 'io', 'co', 'ai', 'net', 'dev', 'de', 'co.uk'];

// mulberry32: tiny, fast, and the same sequence on every machine.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function companyGenerator(seed = 42) {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Skewed towards the front of a list, as real industries and cities are.
  const pickSkewed = <T>(list: readonly T[]): T => list[Math.floor(random() ** 2 * list.length)]!;
  const used = new Set<string>();
  const start = Date.UTC(2025, 10, 21);

  return (): BenchCompany => {
    const shape = random();
    const name =
      shape < 0.5
        ? `${pick(NAME_HEADS)} ${pick(NAME_TAILS)}`
        : shape < 0.8
          ? `${pick(NAME_HEADS)}${pick(NAME_MIDS).toLowerCase()} ${pick(NAME_TAILS)}`
          : `${pick(NAME_HEADS)} ${pick(NAME_MIDS)}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    let domain = `${slug}.${pick(TLDS)}`;
    for (let n = 2; used.has(domain); n += 1) domain = `${slug}${n}.${pick(TLDS)}`;
    used.add(domain);
    const industry = pickSkewed(INDUSTRIES);
    const location = pickSkewed(LOCATIONS);
    const description =
      `${name} builds ${pick(ADJECTIVES)} ${pick(PRODUCTS)} for ${pick(AUDIENCES)} in ${industry.toLowerCase()}. ` +
      `Its ${pick(ADJECTIVES)} ${pick(PRODUCTS)} help ${pick(AUDIENCES)} ${pick(GOALS)} and ${pick(GOALS)}. ` +
      `Headquartered in ${location.split(',')[0]}, the team works with ${pick(AUDIENCES)} across ${pick(LOCATIONS).split(', ')[1]}.`;
    const observedAt = new Date(start - Math.floor(random() * 365 * 86_400_000));
    const sourceSet = random() < 0.7 ? ['website', 'linkedin', 'ai'] : random() < 0.5 ? ['website', 'ai'] : ['website'];
    const field = (source: string) => ({ source, url: `https://${domain}/`, observedAt: observedAt.toISOString() });
    return {
      domain,
      name,
      description,
      industry,
      employeeCount: pick(SIZES),
      location,
      businessStage: pick(STAGES),
      fundingStatus: pick(FUNDING),
      socialProfiles: JSON.stringify({ linkedin: `https://www.linkedin.com/company/${slug}`, twitter: `https://x.com/${slug}` }),
      confidence: 20 + Math.floor(random() * 80),
      sources: sourceSet.join(','),
      provenance: JSON.stringify({
        name: field('website'),
        description: field('website'),
        industry: field('ai'),
        location: field('linkedin'),
        employeeCount: field('linkedin'),
        businessStage: field('ai'),
      }),
      enrichedAt: observedAt,
    };
  };
}

const COLUMNS = [
  ['domain', 'text'],
  ['name', 'text'],
  ['description', 'text'],
  ['industry', 'text'],
  ['employee_count', 'text'],
  ['location', 'text'],
  ['business_stage', 'text'],
  ['funding_status', 'text'],
  ['social_profiles', 'jsonb'],
  ['confidence', 'int'],
  ['sources', 'text'],
  ['provenance', 'jsonb'],
  ['enriched_at', 'timestamp'],
] as const;

// One INSERT per chunk with a column array each (unnest), so 100,000 rows take seconds, not
// minutes. `sources` travels as a comma list: unnest would flatten an array of arrays.
// This machine's PostgreSQL runs without autovacuum: the tables are analyzed here whenever a
// tenth of their rows are new since the last ANALYZE (autovacuum_analyze_scale_factor's
// default), as production's autovacuum would; without it the triggers' lookups plan against
// empty tables and turn into sequential scans. Answers how many times ANALYZE ran.
export async function seedCompanies(client: Client, teamId: string, count: number, chunk = 5000): Promise<number> {
  let analyzedAt = 0;
  let analyzed = 0;
  const next = companyGenerator();
  const columnList = COLUMNS.map(([name]) => name).join(', ');
  const unnest = COLUMNS.map(([, type], i) => `$${i + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = COLUMNS.map(([name, type]) =>
    name === 'sources' ? "string_to_array(sources, ',')" : type === 'jsonb' ? `${name}::jsonb` : name,
  ).join(', ');
  for (let done = 0; done < count; done += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - done) }, next);
    const values: BenchCompany[keyof BenchCompany][][] = [
      rows.map((r) => r.domain),
      rows.map((r) => r.name),
      rows.map((r) => r.description),
      rows.map((r) => r.industry),
      rows.map((r) => r.employeeCount),
      rows.map((r) => r.location),
      rows.map((r) => r.businessStage),
      rows.map((r) => r.fundingStatus),
      rows.map((r) => r.socialProfiles),
      rows.map((r) => r.confidence),
      rows.map((r) => r.sources),
      rows.map((r) => r.provenance),
      rows.map((r) => r.enrichedAt.toISOString()),
    ];
    await client.query(
      `INSERT INTO companies (${columnList})
       SELECT ${select} FROM unnest(${unnest}) AS t(${columnList})`,
      values,
    );
    await client.query(
      `INSERT INTO team_companies (team_id, domain, enriched_at)
       SELECT $1, domain, enriched_at FROM unnest($2::text[], $3::timestamp[]) AS t(domain, enriched_at)`,
      [teamId, values[0], values[12]],
    );
    const loaded = done + rows.length;
    if (loaded - analyzedAt > 50 + 0.1 * analyzedAt) {
      await client.query('ANALYZE companies, team_companies, search_words');
      analyzedAt = loaded;
      analyzed += 1;
    }
  }
  return analyzed;
}
