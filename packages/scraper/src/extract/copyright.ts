// The holder in a copyright line ("© 2009-2014 Acme Widgets Ltd. All rights reserved."): the
// owner of the site by its own statement, written out in full where the title and the logo
// carry a slogan, an address or a picture. Small business sites show it on every page's footer.

const MARK = /©|\(c\)|\bcopyright\b/giu;
// What a copyright line may say around its holder: the marks, the years ("2009-", "1995 - 2014",
// "2014 to present"), and the punctuation between them.
const MARKS_AND_YEARS = /^(?:\s|[©,.:;–—-]|\(c\)|\bcopyright\b|\b(?:19|20)\d{2}\b|\bto\b|\bpresent\b)*/iu;
const TRAILING_YEARS = /(?:[\s,.–—-]|\b(?:19|20)\d{2}\b)*$/u;
// Where the holder ends: a reservation, a separator, a credit for the web designer, a sentence.
const HOLDER_END =
  /\s*(?:\ball\s+rights\b|\brights\s+reserved\b|\bregistered\b|[|•·]|\s[–—-]\s|\b(?:(?:web\s*)?site\s+)?(?:site|design(?:ed)?|powered|built|hosted|developed|created)\s+(?:and\s+\w+\s+)?by\b|,\s*(?:19|20)\d{2}\b|(?<=\p{Ll}{2})\.(?:\s|$))/iu;
const MAX_WORDS = 6;

// The word "copyright" marks a notice where it opens the line or a part of it, or comes with a
// sign or a year ("Copyright © 2014", "| Copyright 2014"); elsewhere it is a sentence about copyright.
function isNotice(line: string, at: number, mark: string): boolean {
  if (!/^copyright$/i.test(mark)) return true;
  return /^\s*(?:©|\(c\)|(?:19|20)\d{2})/i.test(line.slice(at + mark.length)) || /(?:^|[|•·©–—-])\s*$/.test(line.slice(0, at));
}

function holderAfter(text: string): string {
  const rest = text.replace(MARKS_AND_YEARS, '');
  const end = HOLDER_END.exec(rest);
  return (end ? rest.slice(0, end.index) : rest).replace(TRAILING_YEARS, '').trim();
}

// "Acme Widgets © 1926 - 2012": the holder before the mark, when nothing follows it.
function holderBefore(text: string): string {
  const parts = text.split(/\s*[|•·]\s*|\s[–—-]\s/u);
  return (parts.at(-1) ?? '').replace(TRAILING_YEARS, '').trim();
}

const plausible = (holder: string): boolean =>
  holder.length >= 2 &&
  /\p{L}/u.test(holder) &&
  !/[@/]/.test(holder) &&
  holder.split(/\s+/).length <= MAX_WORDS &&
  // A sentence about copyright ("Copyright notice", "Copyright of images") is not a holder line.
  !/^(?:notice|policy|information|infringement|of|and|the|by|all|info)\b/i.test(holder);

/**
 * The copyright holder named in the page's text (`lines`: a line per block), read from the last
 * copyright line up: a footer is at the end, and a line mentioning copyright higher up is more
 * often about something else. Null when no line names a holder.
 */
export function copyrightHolder(lines: string): string | null {
  const all = lines.split('\n');
  for (let i = all.length - 1; i >= 0; i--) {
    const line = all[i]!;
    const marks = [...line.matchAll(MARK)].filter((mark) => isNotice(line, mark.index, mark[0]));
    if (marks.length === 0 || line.length > 300) continue;
    const first = marks[0]!.index;
    const last = marks.at(-1)!;
    let holder = holderAfter(line.slice(last.index + last[0].length));
    // "©Copyright" alone on its line: the years and the holder are on the next lines.
    if (!holder && line.slice(last.index + last[0].length).trim() === '' && first === line.search(/\S/)) {
      holder = holderAfter(all.slice(i + 1, i + 3).join(' '));
    }
    if (!holder) holder = holderBefore(line.slice(0, first));
    if (plausible(holder)) return holder;
  }
  return null;
}
