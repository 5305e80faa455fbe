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

function cleanPlace(raw: string): string | null {
  let text = raw.replace(/\s+/g, ' ').trim();
  // Keep only what follows the last street word ("123 Main Street Springfield" → "Springfield").
  const streetMatches = [...text.matchAll(STREET_WORD)];
  const last = streetMatches[streetMatches.length - 1];
  // A street word at the very start is part of the name ("St. Louis"), not a street.
  if (last?.index !== undefined && last.index > 0) text = text.slice(last.index + last[0].length).trim();
  text = text.replace(/^[,.\s-]+|[,.\s-]+$/g, '');
  if (!PLACE.test(text) || text.split(' ').length > 4) return null;
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

function fromUkPostcode(line: string): string | null {
  const segments = segmentsOf(line);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    const match = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/.exec(segment);
    if (!match) continue;
    const before = segment.slice(0, match.index).trim();
    const city = cleanPlace(before) ?? (before ? null : cleanPlace(segments[i - 1] ?? ''));
    if (city) return `${city}, United Kingdom`;
  }
  return null;
}

function fromCountryName(line: string): string | null {
  const segments = segmentsOf(line);
  for (let i = segments.length - 1; i >= 1; i--) {
    const key = (segments[i] ?? '').replace(/\.$/, '').toLowerCase();
    const country = COUNTRY_ALIASES[key] ?? COUNTRIES.get(key);
    if (!country) continue;
    // European order puts the postcode before the city ("10115 Berlin"); drop it.
    const city = cleanPlace(
      (segments[i - 1] ?? '').replace(/^(?:[A-Z]{1,3}[- ]?)?\d{3,6}(?:[- ]\d{2,4})?\s+/, '').replace(/\s+\d{3,6}$/, ''),
    );
    if (city && city.toLowerCase() !== key) return `${city}, ${country}`;
  }
  return null;
}

/** First recognisable location in the text, reading line by line and across adjacent lines. */
export function parseAddressText(text: string): string | null {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0 && l.length < 300);
  const windows: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    windows.push(lines[i] ?? '');
    // Addresses are often split over <br>s: "Kemp House<br>London EC1V 2NX<br>United Kingdom".
    windows.push(lines.slice(i, i + 3).join(', '));
  }
  for (const window of windows) {
    const found = fromUsOrCanada(window) ?? fromUkPostcode(window) ?? fromCountryName(window);
    if (found) return found;
  }
  return null;
}
