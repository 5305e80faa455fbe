// Where a small business names its place in words rather than in an address block: "Toledo,
// Ohio - New Car Pricing", "Screen Printing in Miami FL". Read after every address with a
// postal code, which names a place more exactly.

const US_STATE_NAMES = new Map<string, string>(
  Object.entries({
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  }).map(([code, name]) => [name.toLowerCase(), code]),
);

// A capitalised word of a place's name ("St." as in "St. Louis"; no other full stop, which ends a sentence).
const WORD = String.raw`(?:St\.|\p{Lu}[\p{L}'’-]*)`;
const STATE_NAME = [...US_STATE_NAMES.keys()].map((name) => name.replace(/\b\p{L}/gu, (c) => c.toUpperCase())).join('|');
// "Toledo, Ohio"; "Miami, FL" or "in Miami FL" with the state's code (a Canadian province's too).
const CITY_AND_STATE = new RegExp(
  `(?<![\\p{L}\\p{N}])(${WORD}(?: ${WORD}){0,2}), (${STATE_NAME})(?!\\p{L})|\\b(?:in|In) (${WORD}(?: ${WORD}){0,2}),? ([A-Z]{2})(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])(${WORD}(?: ${WORD}){0,2}), ([A-Z]{2})(?![\\p{L}\\p{N}])`,
  'gu',
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
const US_STATE_CODES = new Set(US_STATE_NAMES.values());

/**
 * "Toledo, Ohio", "Miami, FL": a city and a US state (or a Canadian province's code), when the
 * text names one such place only; a page naming many ("Albany, New York", "Atlanta, Georgia",
 * …) lists where it serves or ships.
 */
export function cityAndStateName(text: string): string | null {
  const places = new Map<string, string>();
  for (const match of text.matchAll(CITY_AND_STATE)) {
    const city = match[1] ?? match[3] ?? match[5]!;
    const region = match[2] ? US_STATE_NAMES.get(match[2].toLowerCase())! : (match[4] ?? match[6]!);
    const country = US_STATE_CODES.has(region) ? 'United States' : CA_PROVINCES.has(region) ? 'Canada' : null;
    if (country) places.set(`${city}|${region}`.toLowerCase(), `${city}, ${region}, ${country}`);
  }
  return places.size === 1 ? [...places.values()][0]! : null;
}
