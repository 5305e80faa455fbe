import { domainLabel } from '@enrich/domain';
import type { WebsiteMethod } from '@enrich/record';
import { type Element, isTag } from 'domhandler';
import type { Fact } from './company-facts';
import { copyrightHolder } from './copyright';
import { describedAs } from './description';
import { metaContent } from './meta';
import { type OrganizationContext, stringProp } from './organization';
import { type HtmlDocument, isFooter, titleText } from './parse-html';
import { cityAndStateName } from './stated-place';
import type { PageText } from './text';
import { cleanText, collapseWhitespace, escapeRegExp, fact, resembles, squash } from './util';

const MAX_NAME = 60;
// A street address ("325 Cherry Street", "12 High St"), a postal code after a state ("CT 06605")
// or a phone number ("(203) 367-3000"): what a title carries beside a name, never the name.
const ADDRESS_OR_PHONE =
  /\b\d{1,5}\s+(?:\p{Lu}[\p{L}.'-]*\s+){1,3}(?:street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|way|highway|hwy|parkway|pkwy)\b|\b[A-Z]{2}\s+\d{5}\b|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/iu;
// Values CMSes put in name slots that are never a company name.
const JUNK_NAMES = new Set([
  'home',
  'homepage',
  'home page',
  'index',
  'welcome',
  'untitled',
  'default',
  'wordpress',
  'website',
  'site',
  'blog',
  'main',
  'start',
  // "Home" and "welcome" in the languages small business sites are most often written in.
  'startseite',
  'willkommen',
  'accueil',
  'bienvenue',
  'inicio',
  'bienvenido',
  'bienvenidos',
  'benvenuti',
  'hem',
  'välkommen',
  'hjem',
  'forside',
  'welkom',
]);
// "Welcome to …" before a name, in English and the other languages above.
const WELCOME_TO =
  /^(?:welcome\s+to\s+(?:the\s+)?|willkommen\s+(?:bei|auf)\s+(?:der\s+|dem\s+)?|bienvenue\s+(?:chez|à|sur)\s+|bienvenidos?\s+a\s+|benvenuti\s+(?:da|su|in)\s+|välkommen\s+till\s+|welkom\s+(?:bij|op)\s+)/i;
const GENERIC_SUFFIX = /(?:\s*[|\-–—·•:»]\s*|\s+)(?:home\s*page|homepage|home|official\s+(?:web\s*)?site|official\s+page)\s*$/i;
// Between a title's parts: spaced dashes and bars, bullets, an underscore (common in Chinese
// titles: "headline_section_site"), and brackets around a part ("Headline [Site]").
const TITLE_SEPARATORS = /\s+[|\-–—·•:»]\s+|\s*[|·•»_]\s*|\s*[[\]【】]\s*/;
// A colon also ends a headline's topic ("Topic: what it is about"): its parts count only when
// one of them echoes the domain ("Site: tagline").
const COLON = /:\s+/;
// A company's legal form ("Inc.", "Ltd", "GmbH"): what it is in law, not the name people use.
const LEGAL_FORMS = String.raw`inc|incorporated|llc|l\.l\.c|llp|ltd|limited|corp|corporation|plc|gmbh|ag|s\.?a|s\.?a\.?s|b\.?v|pty\.?\s*ltd`;
// After a comma ("Wikimedia Foundation, Inc."), "Co" too: the name people use is before it.
const LEGAL_FORM_AFTER_COMMA = new RegExp(String.raw`,\s*(?:${LEGAL_FORMS}|co)\.?$`, 'i');
// Closing a name without a comma ("Acme Widgets Ltd"); not "Co", which many names end with ("London Roofing Co").
const LEGAL_FORM_AT_END = new RegExp(String.raw`[\s,]+(?:${LEGAL_FORMS})\.?$`, 'i');
// A legal form alone, as a title writes it after the name ("Acme Plumbing Inc.", "Acme Plumbing Co.").
const LEGAL_FORM = new RegExp(String.raw`^(?:${LEGAL_FORMS}|co)\.?$`, 'i');
// A part longer than this many words reads as a headline or a slogan, not a name.
const MAX_NAME_WORDS = 6;
const MAX_LONE_TITLE_WORDS = 3;

interface Candidate {
  value: string;
  method: WebsiteMethod;
}

/** Trims, decodes and strips "Home"/"Official site" decorations; null when nothing usable remains. */
export function cleanName(raw: unknown, stripGeneric = true): string | null {
  let text = cleanText(raw);
  if (!text) return null;
  if (stripGeneric) {
    text = text.replace(WELCOME_TO, '');
    for (let i = 0; i < 2 && GENERIC_SUFFIX.test(text); i++) text = text.replace(GENERIC_SUFFIX, '');
  }
  text = collapseWhitespace(text.replace(/^[\s|\-–—·•:»]+|[\s|\-–—·•:»]+$/g, '').replace(LEGAL_FORM_AFTER_COMMA, ''));
  // A URL is where the site is, not what it is called; an address or a phone number is where to find it.
  if (/^(?:https?:\/\/|www\.)/i.test(text) || ADDRESS_OR_PHONE.test(text)) return null;
  if (text.length < 2 || JUNK_NAMES.has(text.toLowerCase())) return null;
  return text;
}

const cleanParts = (parts: string[]): string[] => parts.map((part) => cleanName(part)).filter((part): part is string => part !== null);
// Asides after a title's part ("Jane Doe (jdoe)") say who else it is, not what it is called.
const TRAILING_ASIDES = /(?:\s*\([^()]*\))+\s*$/;
const splitParts = (text: string): string[] => cleanParts(text.split(TITLE_SEPARATORS).map((part) => part.replace(TRAILING_ASIDES, '')));
/** The parts, and each part's parts around a colon: where a name echoing the domain may stand. */
const echoCandidates = (parts: string[]): string[] => [...parts, ...parts.flatMap((part) => cleanParts(part.split(COLON)))];

const echoesDomain = (part: string, label: string): boolean => squash(part) === squash(label) || resembles(part, [label]);

/**
 * A site name that carries a tagline ("Site – the web developer blog", "Site - Latest News &
 * Headlines"): the part that echoes the domain, else the value as it is (a site may be named
 * unlike its domain, and then no part can be told from the tagline).
 */
export function siteNameOf(value: string, domain: string): string {
  const parts = echoCandidates(splitParts(value));
  if (parts.length < 2) return withoutTagline(value) || value;
  const label = domainLabel(domain);
  return parts.filter((part) => echoesDomain(part, label)).sort((a, b) => a.length - b.length)[0] ?? (withoutTagline(value) || value);
}

// Where a name ends and its tagline starts: a full stop, a colon, a dash or a bar.
const TAGLINE_BREAK = /(?<=\p{L}{2,}[.!])\s+(?=\p{Lu})|\s*:\s+|\s+[|\-–—]\s+/u;

/**
 * A name followed by a tagline ("Upward Construction. Let's build a better future.", "Acme: we
 * make widgets"): the name, when it does not read as a phrase and every part after it does.
 */
export function withoutTagline(value: string): string | null {
  const [first, ...rest] = value
    .split(TAGLINE_BREAK)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!first || rest.length === 0 || readsAsPhrase(first) || wordCount(first) > MAX_NAME_WORDS) return null;
  // A tagline reads as a phrase, or runs in lower case ("we ship what you need").
  const tagline = (part: string) => readsAsPhrase(part) || /^\p{Ll}+ \p{Ll}/u.test(part);
  return rest.every((part) => tagline(part.replace(/[.!]+$/, ''))) ? cleanName(first.replace(/[.!]+$/, '')) : null;
}

/** A part holding the label among other words, without the words in front that say which page it is ("Contact Smith Law Firm"). */
function withoutPageWords(part: string, label: string): string {
  const words = part.split(' ');
  for (let n = words.length - 1; n > 0; n--) {
    const rest = words.slice(n).join(' ');
    if (PAGE_WORDS.test(words.slice(0, n).join(' ')) && squash(rest).includes(squash(label))) return rest;
  }
  return part;
}

/** The words a part opens with that spell the domain's label ("MathJax v3 with …" on mathjax.github.io), if any. */
function leadingEcho(part: string, label: string): string | null {
  const words = part.split(' ');
  for (let n = 1; n < words.length && n <= 3; n++) {
    const lead = words.slice(0, n).join(' ');
    if (squash(lead) === squash(label)) return lead;
  }
  return null;
}

const wordCount = (part: string): number => part.split(' ').length;

// What a title puts before a site's name to say which page this is ("Contact Acme Plumbing",
// "About Us - Acme"): never the name.
const PAGE_WORDS =
  /^(?:(?:about|contact|welcome(?:\s+to)?)(?:\s+us)?|home(?:\s*page)?|services|products|gallery|portfolio|testimonials|reviews|locations|directions|careers|jobs|faqs?|links|news|blog|(?:meet\s+)?(?:the|our)\s+team|kontakt|contacto|über\s+uns|om\s+oss|om\s+os|à\s+propos|chi\s+siamo|quiénes\s+somos)$/i;

/** The part without the page's words in front, when what is left is the domain's label and at most its legal form ("Contact Acme Plumbing Inc."). */
function labelAmongPageWords(part: string, label: string): string | null {
  const rest = withoutPageWords(part, label);
  const words = rest.split(' ');
  for (let end = 1; end <= words.length; end++) {
    // The legal form stays as the title writes it (asPageWritesIt drops one the text leaves out).
    if (squash(words.slice(0, end).join(' ')) === squash(label) && (end === words.length || LEGAL_FORM.test(words.slice(end).join(' ')))) {
      return rest;
    }
  }
  return null;
}

// Words that join a name's capitalised words ("Bank of America", "Ministère de la Culture").
const JOINING_WORDS = new Set([
  'of',
  'and',
  'for',
  'the',
  'in',
  'on',
  'at',
  'to',
  'de',
  'la',
  'le',
  'du',
  'des',
  'der',
  'die',
  'das',
  'und',
  'et',
  'y',
  'van',
  'von',
]);

/**
 * A few words in sentence case ("Our little site", "Accelerate growth with us"): a phrase, not
 * a name. A sentence opens with a capital and goes on in lower case; a name capitalises its
 * words (but the ones that join them), or is styled all in lower case on purpose ("acme tools
 * for Widgets"). Scripts without case never read as a phrase.
 */
export function readsAsPhrase(part: string): boolean {
  const [first = '', ...rest] = part.split(' ');
  return /^\p{Lu}/u.test(first) && rest.some((word) => /^\p{Ll}{2,}$/u.test(word) && !JOINING_WORDS.has(word));
}

/** A title's name for the site, and whether the domain vouches for it. */
export interface TitleName {
  value: string;
  /** The part echoes the domain's label: the site's name, not a guess from its place. */
  echoesDomain: boolean;
  /** It echoes only in part: holds the label with other words, or is held in it ("AgileZen Support"). */
  partial?: boolean;
  /** The title is this one part, which echoes nothing: a name only when the page bears it out. */
  lone?: boolean;
}

/**
 * Picks the title part naming the site: the one echoing the domain label (or the words a part
 * opens with, when they spell it); else the shorter edge part (first or last; the last on a
 * tie) when it has a few words and reads as a name, as "Headline | Site" and "Site | Tagline"
 * put the name at an edge. A title of one part that echoes nothing is marked `lone`: a few
 * words long at most, and a name only when the page bears it out (extractName).
 */
export function nameFromTitle(title: string, domain: string): TitleName | null {
  const label = domainLabel(domain);
  const parts = splitParts(title);
  if (parts.length === 0) return null;
  const echoing = echoCandidates(parts);
  const echo = (value: string, partial = false): TitleName =>
    partial ? { value, echoesDomain: true, partial } : { value, echoesDomain: true };
  const exact =
    echoing.find((part) => squash(part) === squash(label)) ??
    echoing.map((part) => labelAmongPageWords(part, label)).find((part) => part !== null);
  if (exact) return echo(exact);
  // A part holding the whole label ("Ace Braces O'Regan Orthodontics" on acebraces.ie) before the
  // words a part opens with, and those before a part holding only some of it ("Braces").
  const similar = echoing
    .filter((part) => wordCount(part) <= MAX_NAME_WORDS && resembles(part, [label]))
    .sort((a, b) => a.length - b.length);
  const whole = similar.find((part) => squash(part).includes(squash(label)));
  if (whole) return echo(withoutPageWords(whole, label), true);
  for (const part of echoing) {
    const lead = leadingEcho(part, label);
    if (lead) return echo(lead);
  }
  if (similar[0]) return echo(similar[0], true);
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const edge = first.length < last.length ? first : last;
  // A title of one part that does not echo the domain may be a name when it is as short as one
  // ("Acme Labs"); longer, it says what the page is (a headline, a slogan).
  const lone = parts.length === 1;
  if (wordCount(edge) > (lone ? MAX_LONE_TITLE_WORDS : MAX_NAME_WORDS) || readsAsPhrase(edge)) return null;
  return lone ? { value: edge, echoesDomain: false, lone } : { value: edge, echoesDomain: false };
}

/** Where a regular expression's match ends in the text it was found in. */
const endOf = (match: RegExpMatchArray): number => match.index! + match[0].length;

/**
 * A run of capitalised words in the page's text whose initials spell the domain's label
 * ("Internet Engineering Task Force" on ietf.org): the organisation the domain abbreviates.
 * Labels of three to six letters only; joining words in the run are skipped.
 */
export function nameFromInitials(text: string, domain: string): string | null {
  const label = domainLabel(domain).toLowerCase();
  if (!/^[a-z]{3,6}$/.test(label)) return null;
  const words = [...text.matchAll(/[\p{L}\p{M}'’-]+/gu)];
  for (let start = 0; start < words.length; start++) {
    let letters = '';
    let last = start;
    for (let i = start; i < words.length && letters.length < label.length; i++) {
      const word = words[i]![0];
      // Within one run of a line: spaces, an initial's full stop, an ampersand or a comma between words.
      if (i > start && !/^[\s.,&]*$/.test(text.slice(endOf(words[i - 1]!), words[i]!.index))) break;
      if (i > start && JOINING_WORDS.has(word)) continue;
      // A capitalised word, or an initial ("R.S. Pressman & Associates" on rspa.com).
      if (!/^\p{Lu}(?:\p{Ll}|$)/u.test(word)) break;
      letters += word[0]!.toLowerCase();
      last = i;
    }
    if (letters === label) return text.slice(words[start]!.index, endOf(words[last]!));
  }
  return null;
}

/**
 * The domain's label as the page writes it, spaced or capitalised ("Blue Dog Ink",
 * "BlueDogInk.com", "MotoClassifieds.US" for bluedogink.com and motoclassifieds.us): the
 * spelling written most often with a capital, never as part of an address (www., @, /). Labels
 * of five letters or more, which a page does not spell by chance.
 */
export function nameFromSpelledDomain(text: string, domain: string): string | null {
  const label = domainLabel(domain).toLowerCase();
  if (!/^[a-z][a-z0-9]{4,}$/.test(label)) return null;
  const letters = spelledPattern(label);
  const suffix = domain.slice(domain.lastIndexOf('.') + 1);
  const spelled = new RegExp(`(?<![\\p{L}\\p{N}@/.])${letters}(?:\\.${escapeRegExp(suffix)})?(?![\\p{L}\\p{N}]|\\.\\p{L})`, 'giu');
  const counts = new Map<string, number>();
  for (const match of text.matchAll(spelled)) {
    if (/\p{Lu}/u.test(match[0])) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * The domain's label as the page writes it out in full, where the label shortens its words
 * ("First California" on firstcal.net, "Source Technologies" on source-tech.net): a run of two
 * to six capitalised words, each giving the label its first two letters or more, one of them
 * shortened. The run written most often; labels of five letters or more.
 */
export function nameFromSpelledOutDomain(text: string, domain: string): string | null {
  const label = domainLabel(domain).toLowerCase().replace(/-/g, '');
  if (!/^[a-z]{5,}$/.test(label)) return null;
  const words = [...text.matchAll(/(?<![@/.\p{L}\p{N}])[\p{L}'’]+/gu)];
  // The last word of a run from word `i` writing out the label from letter `at`, or -1; `count` words came before it.
  const runEnd = (i: number, at: number, count: number, shortened: boolean): number => {
    const word = words[i]?.[0];
    if (!word || count >= MAX_NAME_WORDS || !/^\p{Lu}/u.test(word)) return -1;
    const letters = word.toLowerCase().replace(/['’]/g, '');
    for (let size = Math.min(letters.length, label.length - at); size >= 2; size--) {
      if (!label.startsWith(letters.slice(0, size), at)) continue;
      const cut = shortened || size < letters.length;
      if (at + size === label.length) {
        if (cut && count > 0) return i;
        continue;
      }
      const next = words[i + 1];
      if (!next || !/^ +(?:& +)?$/.test(text.slice(endOf(words[i]!), next.index))) continue;
      const end = runEnd(i + 1, at + size, count + 1, cut);
      if (end >= 0) return end;
    }
    return -1;
  };
  const counts = new Map<string, number>();
  for (let start = 0; start < words.length; start++) {
    if (!words[start]![0].toLowerCase().startsWith(label.slice(0, 2))) continue;
    const end = runEnd(start, 0, 0, false);
    if (end < 0) continue;
    const run = text.slice(words[start]!.index, endOf(words[end]!));
    counts.set(run, (counts.get(run) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

// What a page writes between a label's letters: a space or a hyphen ("Blue Dog Ink"), an
// initial's full stop ("J. M. Smith"), an apostrophe ("Bob's Auto Repair").
const SPELLING_GAP = "(?:[.'’]?[ -]?)";

/** A pattern for the label as a page may write it; its "and" may be written "&" ("Hartley & Sons"). */
function spelledPattern(label: string): string {
  let pattern = '';
  for (let i = 0; i < label.length; i++) {
    if (i > 0) pattern += SPELLING_GAP;
    if (i > 0 && label.startsWith('and', i) && i + 3 < label.length) {
      pattern += `(?:a${SPELLING_GAP}n${SPELLING_GAP}d|&)`;
      i += 2;
    } else pattern += escapeRegExp(label[i]!);
  }
  return pattern;
}

/** The domain's own label as a name ("webmd.com" → "Webmd"): what is left when the page names nothing. */
export function nameFromDomain(domain: string): string | null {
  const label = domainLabel(domain);
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(label) || /^\d+$/.test(label)) return null;
  return label
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

const mentionsLogo = (value: string | undefined): boolean => value?.toLowerCase().includes('logo') ?? false;
/** An image source's file name, without its folders, query or fragment ("/images/logo.png?v=2" → "logo.png"). */
const fileName = (src: string | undefined): string | undefined => src?.split(/[?#]/)[0]?.split('/').at(-1);

function hasAncestor(el: Element, test: (ancestor: Element) => boolean): boolean {
  for (let node = el.parent; node && isTag(node); node = node.parent) if (test(node)) return true;
  return false;
}

function logoAltCandidates($: HtmlDocument, domain: string): Candidate[] {
  const withAlt = $.elements('img').filter((img) => img.attribs.alt !== undefined);
  // In turn, like the selectors: header img[alt], [class*="logo" i] img[alt], img[class*="logo" i][alt], img[alt*="logo" i].
  const places: ((img: Element) => boolean)[] = [
    (img) => hasAncestor(img, (el) => el.name === 'header'),
    (img) => hasAncestor(img, (el) => mentionsLogo(el.attribs.class)),
    (img) => mentionsLogo(img.attribs.class),
    (img) => mentionsLogo(img.attribs.alt),
  ];
  const out: Candidate[] = [];
  const take = (img: Element, method: WebsiteMethod) => {
    const alt = (img.attribs.alt ?? '').replace(/\s*[-|]?\s*\blogo(?:type)?\b\s*$/i, '').replace(/^logo\s+(?:of\s+)?/i, '');
    const name = cleanName(alt);
    if (name) out.push({ value: siteNameOf(name, domain), method });
  };
  for (const isPlace of places) {
    for (const img of withAlt.filter(isPlace).slice(0, 5)) take(img, 'logo-alt');
    if (out.length > 0) return out;
  }
  // Where no class says it, the logo's id or file name ("id=site-logo", "/images/logo.png"): the
  // first such image only, outside the footer, where partners' and badges' logos stand.
  const byFile = withAlt.find(
    (img) =>
      (mentionsLogo(img.attribs.id) || mentionsLogo(fileName(img.attribs.src)) || hasAncestor(img, (el) => mentionsLogo(el.attribs.id))) &&
      !hasAncestor(img, isFooter),
  );
  if (byFile) take(byFile, 'logo-file');
  return out;
}

// Candidates read from the domain rather than stated by a slot of the page: they vouch for a name
// by the domain, which the order already weighs, and are no second witness ("Cable News
// Network" from cnn's initials and its copyright line is CNN's legal name, not CNNMoney's).
const DOMAIN_READ: ReadonlySet<WebsiteMethod> = new Set<WebsiteMethod>(['domain-label', 'domain-initials', 'domain-spelled']);
const sameName = (a: string, b: string): boolean => squash(a.replace(LEGAL_FORM_AT_END, '')) === squash(b.replace(LEGAL_FORM_AT_END, ''));

/**
 * The first candidate that a second slot of the page names too ("Acme" in og:site_name and in
 * the logo's alt text): two of the page's statements agreeing outweigh one slot's alone, which
 * may name a section, a product or a parent. Null when no two slots agree.
 */
function witnessed(candidates: Candidate[]): Candidate | undefined {
  const stated = candidates.filter((c) => c.value.length <= MAX_NAME && !DOMAIN_READ.has(c.method));
  return stated.find((c) => stated.some((other) => other.method !== c.method && sameName(other.value, c.value)));
}

/**
 * A title part holding the name with more words ("ZenBrew Pro 3000 Coffee Maker", "AgileZen
 * Support") whose opening words another slot of the page states as the name (the copyright
 * line, the logo): the title names a product or a section of the company the other slot names.
 */
function openingWitness(partial: Candidate, candidates: Candidate[]): Candidate | undefined {
  const words = partial.value.split(' ');
  return candidates.find((c) => {
    const size = wordCount(c.value.replace(LEGAL_FORM_AT_END, ''));
    return !DOMAIN_READ.has(c.method) && size < words.length && sameName(words.slice(0, size).join(' '), c.value);
  });
}

/** The site's name on one page; `text` is the page's visible text (extractText). */
export function extractName(
  $: HtmlDocument,
  ctx: OrganizationContext,
  domain: string,
  url: string,
  text: Pick<PageText, 'lines' | 'textSample'> = { lines: '', textSample: '' },
  location?: string,
): Fact<string> | null {
  const pageText = text.textSample;
  const candidates: Candidate[] = [];
  const push = (value: string | null, method: WebsiteMethod): void => {
    if (value) candidates.push({ value, method });
  };
  const orgName = cleanName(stringProp(ctx.org, 'name'), false) ?? cleanName(stringProp(ctx.org, 'legalName'), false);
  // A top-level Organization is an explicit statement; a nested publisher is weaker than og:site_name.
  const siteName = (value: unknown) => {
    const name = cleanName(value);
    return name && siteNameOf(name, domain);
  };
  if (!ctx.nested) push(orgName, 'json-ld');
  push(siteName(metaContent($, 'og:site_name')), 'og:site_name');
  push(siteName(metaContent($, 'application-name')), 'application-name');
  if (ctx.nested) push(orgName, 'json-ld-publisher');
  push(cleanName(stringProp(ctx.website, 'name'), false), 'json-ld-website');
  const inHead = $.elements('title').find((el) => hasAncestor(el, (ancestor) => ancestor.name === 'head'));
  const title = cleanText(inHead ? $(inHead).text() : '') ?? cleanText(titleText($));
  const fromTitle = title ? nameFromTitle(title, domain) : null;
  if (fromTitle?.echoesDomain) push(fromTitle.value, fromTitle.partial ? 'title-partial' : 'title');
  // og:title is the title written for sharing: where <title> is a slogan, it may name the site.
  const ogTitle = cleanText(metaContent($, 'og:title'));
  const fromOgTitle = !fromTitle?.echoesDomain && ogTitle ? nameFromTitle(ogTitle, domain) : null;
  if (fromOgTitle?.echoesDomain) push(fromOgTitle.value, fromOgTitle.partial ? 'title-partial' : 'title');
  // The domain abbreviates a name the page spells out: vouched for by the domain, as an echo is.
  push(nameFromInitials(pageText, domain), 'domain-initials');
  // The domain as the page spells it is vouched for by the domain: before a title's part taken
  // by its place alone ("Used Cars For Sale"). Read only when no name is found yet: it reads the whole text.
  if (!candidates.some((c) => c.value.length <= MAX_NAME)) {
    push(nameFromSpelledDomain(pageText, domain) ?? nameFromSpelledOutDomain(pageText, domain), 'domain-spelled');
  }
  // A lone title is a page's subject as often as the site's name: the site's description must
  // open with it ("ShellWorks renders …"). An edge part naming the company's own town says what
  // it does and where ("Dentist Toronto", "Plumber in Toledo, OH"): a name the domain does not
  // echo seldom holds its town.
  if (
    fromTitle &&
    !fromTitle.echoesDomain &&
    (!fromTitle.lone || describedAs($, fromTitle.value)) &&
    !namesPlace(fromTitle.value, location) &&
    !OFFER.test(fromTitle.value)
  ) {
    push(fromTitle.value, 'title-edge');
  }
  for (const logo of logoAltCandidates($, domain)) push(logo.value, logo.method);
  // The copyright line's holder: the owner by its own statement, where the title carries only a
  // slogan or an address. Last of what the page states: it names a parent company or a legal
  // entity ("CBS Interactive Inc." on cnet.com) as often as the name people use.
  push(cleanName(copyrightHolder(text.lines)), 'copyright');
  // Nothing on the page names the site: its domain does, weakly (marked inferred downstream).
  push(nameFromDomain(domain), 'domain-label');

  const first =
    witnessed(candidates) ?? candidates.find((c) => c.value.length <= MAX_NAME) ?? candidates.find((c) => c.value.length <= 100);
  if (!first) return null;
  const pick = first.method === 'title-partial' ? (openingWitness(first, candidates) ?? first) : first;
  return fact(asPageWritesIt(pick.value, pageText), url, pick.method);
}

// What a shop's or an agent's title offers ("Used Cars For Sale", "Cheap Flights", "Free
// Quotes"): what the page sells, for search engines, not who sells it.
const OFFER =
  /\b(?:for\s+(?:sale|rent|lease|hire)|to\s+(?:let|rent)|buy|cheap|discount(?:s|ed)?|deals?|free|best|near\s+me|quotes?|prices?|pricing)\b/i;

/** The part names the town of the page's location, or a city and its state ("Miami, FL"). */
function namesPlace(part: string, location: string | undefined): boolean {
  // A location's first part is its town, but for a region's code alone ("MA").
  const city = location?.split(',')[0]?.trim();
  if (city && city.length > 2 && new RegExp(`(?<![\\p{L}])${escapeRegExp(city)}(?![\\p{L}])`, 'iu').test(part)) return true;
  return cityAndStateName(part) !== null;
}

const withoutMarks = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');
const foldForm = (text: string): string => withoutMarks(text).toLowerCase();

/**
 * The name as the page's text writes it, where a name slot wrote it otherwise: in ordinary case
 * for one in capitals ("BOND NEW YORK" → "Bond New York"), with the accents the page gives it
 * ("Cafe Rene" → "Café René"), and without a legal form the page leaves out ("Acme Widgets
 * Ltd" → "Acme Widgets"). The spelling the text uses most often among those; else the name as it is.
 */
export function asPageWritesIt(name: string, pageText: string): string {
  const bare = name.replace(LEGAL_FORM_AT_END, '');
  const capitals = /\p{Lu}/u.test(name) && !/\p{Ll}/u.test(name);
  const unmarked = withoutMarks(name) === name;
  // Accents to restore only where the text has accented letters at all.
  if (!capitals && bare === name && (!unmarked || !/[\u00c0-\u024f\u1e00-\u1eff]/.test(pageText))) return name;
  const size = bare.split(' ').length;
  const words = pageText.split(/\s+/);
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= words.length; i++) {
    const window = words
      .slice(i, i + size)
      .join(' ')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '');
    if (foldForm(window) !== foldForm(bare)) continue;
    const better = (capitals && /\p{Ll}/u.test(window)) || (unmarked && withoutMarks(window) !== window) || bare !== name;
    if (better) counts.set(window, (counts.get(window) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? name;
}
