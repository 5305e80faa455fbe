/**
 * Finds a "City, Region, Country" location in free address text (footer, <address>, contact block).
 * Deliberately narrow: only shapes with a strong anchor (US/Canadian state + ZIP, UK postcode, or a
 * known country name closing the address) are accepted, so a stray sentence never becomes a location.
 */

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

const COUNTRIES = new Map<string, string>(
  [
    'United States',
    'United Kingdom',
    'Canada',
    'Australia',
    'New Zealand',
    'Ireland',
    'Germany',
    'France',
    'Spain',
    'Portugal',
    'Italy',
    'Netherlands',
    'The Netherlands',
    'Belgium',
    'Luxembourg',
    'Switzerland',
    'Austria',
    'Denmark',
    'Sweden',
    'Norway',
    'Finland',
    'Iceland',
    'Poland',
    'Czech Republic',
    'Czechia',
    'Slovakia',
    'Hungary',
    'Romania',
    'Bulgaria',
    'Greece',
    'Croatia',
    'Slovenia',
    'Serbia',
    'Estonia',
    'Latvia',
    'Lithuania',
    'Ukraine',
    'Turkey',
    'Türkiye',
    'Israel',
    'United Arab Emirates',
    'UAE',
    'Saudi Arabia',
    'Qatar',
    'Egypt',
    'South Africa',
    'Nigeria',
    'Kenya',
    'Morocco',
    'India',
    'Pakistan',
    'Bangladesh',
    'Sri Lanka',
    'Singapore',
    'Malaysia',
    'Indonesia',
    'Philippines',
    'Thailand',
    'Vietnam',
    'China',
    'Hong Kong',
    'Taiwan',
    'Japan',
    'South Korea',
    'Korea',
    'Mexico',
    'Brazil',
    'Argentina',
    'Chile',
    'Colombia',
    'Peru',
    'Uruguay',
    'Costa Rica',
    'Cyprus',
    'Malta',
    'Scotland',
    'England',
    'Wales',
    'Northern Ireland',
    'USA',
    'U.S.A.',
    'UK',
    'U.K.',
    'Deutschland',
    'España',
    'Italia',
    'Nederland',
    'Schweiz',
    'Österreich',
  ].map((name) => [name.toLowerCase(), name]),
);
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'United States',
  'u.s.a.': 'United States',
  uk: 'United Kingdom',
  'u.k.': 'United Kingdom',
};

const STREET_WORD =
  /\b(?:street|st|avenue|ave|road|rd|boulevard|blvd|suite|ste|floor|fl|drive|dr|lane|ln|way|plaza|place|pl|court|ct|highway|hwy|parkway|pkwy|square|sq|unit|building|bldg|po box|p\.o\. box)\b\.?/gi;
// A plausible place name: capitalised words, no digits, at most four words.
const PLACE = /^[\p{Lu}][\p{L}.'’\- ]{1,40}$/u;

const AU_STATE_CODES = new Set('NSW VIC QLD SA WA TAS ACT NT'.split(' '));
/** A state's or province's code ("NSW", "ON", "TX"): a region, never the city before it. */
const isRegionCode = (text: string): boolean => US_STATES.has(text) || CA_PROVINCES.has(text) || AU_STATE_CODES.has(text);

function cleanPlace(raw: string): string | null {
  let text = raw.replace(/\s+/g, ' ').trim();
  // Keep only what follows the last street word ("123 Main Street Springfield" → "Springfield").
  const streetMatches = [...text.matchAll(STREET_WORD)];
  const last = streetMatches[streetMatches.length - 1];
  // A street word at the very start is part of the name ("St. Louis"), not a street.
  if (last?.index !== undefined && last.index > 0) text = text.slice(last.index + last[0].length).trim();
  text = text.replace(/^[,.\s-]+|[,.\s-]+$/g, '');
  if (!PLACE.test(text) || text.split(' ').length > 4 || isRegionCode(text)) return null;
  return text;
}

function segmentsOf(line: string): string[] {
  return line
    .split(/\s*[,|·•]\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function fromUsOrCanada(line: string): string | null {
  const re = /([\p{L}.'’\- ]{2,60}),\s*([A-Z]{2})\.?,?\s+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)\b/gu;
  for (const match of line.matchAll(re)) {
    const [, cityRaw = '', state = '', postal = ''] = match;
    const isUs = US_STATES.has(state) && /^\d/.test(postal);
    const isCa = CA_PROVINCES.has(state) && /^[A-Z]/.test(postal);
    const city = cleanPlace(cityRaw);
    if (city && (isUs || isCa)) return `${city}, ${state}, ${isUs ? 'United States' : 'Canada'}`;
  }
  return null;
}

/** "Austin, TX", "Toronto, ON" closing a line of an address block: a city and a state or province code, no postal code. */
function fromCityAndState(line: string): string | null {
  const match = /(?:^|,\s*)([\p{Lu}][\p{L}.'’\- ]{1,40}),\s*([A-Z]{2})\.?$/u.exec(line);
  if (!match) return null;
  const [, cityRaw = '', state = ''] = match;
  const country = US_STATES.has(state) ? 'United States' : CA_PROVINCES.has(state) ? 'Canada' : null;
  const city = cleanPlace(cityRaw);
  return city && country ? `${city}, ${state}, ${country}` : null;
}

// A county between the town and the postcode ("Cheltenham, Gloucestershire, GL51 9PL").
const UK_COUNTY =
  /(?:shire|^(?:kent|essex|surrey|sussex|east sussex|west sussex|middlesex|devon|cornwall|norfolk|suffolk|dorset|cumbria|merseyside|greater manchester|greater london|west midlands|tyne and wear|rutland|county durham|co\. \p{L}+))$/iu;

// Outward and inward codes; in running text they must be apart, as a model number ("LC51BK") is not.
const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/;
const UK_POSTCODE_SPACED = /\b([A-Z]{1,2}\d[A-Z\d]?)\s+(\d[A-Z]{2})\b/;

function fromUkPostcode(line: string, anchoredOnly = false): string | null {
  const segments = segmentsOf(line);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    const match = (anchoredOnly ? UK_POSTCODE_SPACED : UK_POSTCODE).exec(segment);
    if (!match) continue;
    const before = segment.slice(0, match.index).trim();
    const city = cleanPlace(before) ?? (before ? null : cleanPlace(segments[i - 1] ?? ''));
    if (city && UK_COUNTY.test(city)) {
      const town = cleanPlace((before ? segments[i - 1] : segments[i - 2]) ?? '');
      if (town && !UK_COUNTY.test(town)) return `${town}, ${city}, United Kingdom`;
      // A county alone in the segment before the postcode is no town.
      if (!before) continue;
    }
    if (city) return `${city}, United Kingdom`;
  }
  return null;
}

/** "North Vancouver, V7P 1B3, BC": a Canadian postal code in a segment of its own, the city before it. */
function fromCanadianPostcode(line: string): string | null {
  if (!/[A-Z]\d[A-Z]\s?\d[A-Z]\d/.test(line)) return null;
  const segments = segmentsOf(line);
  for (let i = 1; i < segments.length; i++) {
    const match = /^([A-Z]\d[A-Z]\s?\d[A-Z]\d)(?:\s+([A-Z]{2}))?\.?$/.exec(segments[i] ?? '');
    if (!match) continue;
    const province = [match[2], segments[i + 1]?.replace(/\.$/, ''), segments[i - 1]].find((p) => p && CA_PROVINCES.has(p));
    const city = cleanPlace(segments[province === segments[i - 1] ? i - 2 : i - 1] ?? '');
    if (city && province) return `${city}, ${province}, Canada`;
  }
  return null;
}

const AU_STATES = [...AU_STATE_CODES].join('|');

/** "Chatswood NSW 2067", "Perth, WA 6000": a suburb, an Australian state and a four-digit postcode. */
const AU_POSTCODE = new RegExp(`\\b(?:${AU_STATES})\\s+\\d{4}\\b`);
const AU_ADDRESS = new RegExp(`([\\p{L}.'’\\- ]{2,60}?),?\\s+(${AU_STATES})\\s+(\\d{4})\\b`, 'gu');
function fromAustralia(line: string): string | null {
  if (!AU_POSTCODE.test(line)) return null;
  for (const match of line.matchAll(AU_ADDRESS)) {
    const city = cleanPlace(match[1] ?? '');
    if (city) return `${city}, ${match[2]}, Australia`;
  }
  return null;
}

/** "Tullamore, Co. Offaly": an Irish town and its county. */
function fromIrishCounty(line: string): string | null {
  if (!/\b(?:Co\.?|County)\s/.test(line)) return null;
  const match = /([\p{Lu}][\p{L}'’\- ]{1,30}),\s*(?:Co\.?|County)\s+(\p{Lu}\p{Ll}+)\b/u.exec(line);
  const city = match && cleanPlace(match[1] ?? '');
  return city ? `${city}, Co. ${match![2]}, Ireland` : null;
}

function fromCountryName(line: string): string | null {
  const segments = segmentsOf(line);
  for (let i = segments.length - 1; i >= 1; i--) {
    const key = (segments[i] ?? '').replace(/\.$/, '').toLowerCase();
    const country = COUNTRY_ALIASES[key] ?? COUNTRIES.get(key);
    if (!country) continue;
    // A state or province code between the city and the country ("North Vancouver, BC, Canada").
    const region = segments[i - 1] ?? '';
    if (i >= 2 && (US_STATES.has(region) || CA_PROVINCES.has(region))) {
      const city = cleanPlace(segments[i - 2] ?? '');
      if (city) return `${city}, ${region}, ${country}`;
    }
    // European order puts the postcode before the city ("10115 Berlin"); drop it.
    const city = cleanPlace(
      (segments[i - 1] ?? '').replace(/^(?:[A-Z]{1,3}[- ]?)?\d{3,6}(?:[- ]\d{2,4})?\s+/, '').replace(/\s+\d{3,6}$/, ''),
    );
    if (city && city.toLowerCase() !== key) return `${city}, ${country}`;
  }
  return null;
}

/**
 * First recognisable location in the text, reading line by line and across adjacent lines.
 * `anchoredOnly` reads only addresses anchored by a postal code or a county, for text that is
 * not known to be an address block (a whole page): "Offices in London, United Kingdom" is not
 * taken from running text.
 */
export function parseAddressText(text: string, options: { anchoredOnly?: boolean } = {}): string | null {
  // A whole page is read only around the lines an anchor stands on: the parsers are too slow for
  // every line of it, and its lines may be paragraphs that carry an address ("Registered
  // Office: …, Coventry CV1 5QN.").
  const maxLine = options.anchoredOnly ? 1_000 : 300;
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0 && l.length < maxLine);
  const starts = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!options.anchoredOnly) starts.add(i);
    else if (ANCHOR.test(lines[i]!)) for (let start = Math.max(0, i - 2); start <= i; start++) starts.add(start);
  }
  const windows: string[] = [];
  for (const i of [...starts].sort((a, b) => a - b)) {
    windows.push(lines[i] ?? '');
    // Addresses are often split over <br>s: "Kemp House<br>London EC1V 2NX<br>United Kingdom".
    windows.push(lines.slice(i, i + 3).join(', '));
  }
  return firstFound(windows, options.anchoredOnly ?? false);
}

// What anchors an address in running text: a US ZIP after a state code, a Canadian, British or
// Australian postal code, an Irish county.
const ANCHOR =
  /\b[A-Z]{2}\.?,?\s+\d{5}\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b|\b(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)\s+\d{4}\b|\b(?:Co\.?|County)\s+\p{Lu}/u;

function firstFound(windows: string[], anchoredOnly: boolean): string | null {
  for (const window of windows) {
    const found =
      fromUsOrCanada(window) ??
      fromUkPostcode(window, anchoredOnly) ??
      fromCanadianPostcode(window) ??
      fromAustralia(window) ??
      fromIrishCounty(window) ??
      (anchoredOnly ? null : (fromCountryName(window) ?? fromCityAndState(window)));
    if (found) return found;
  }
  return null;
}
