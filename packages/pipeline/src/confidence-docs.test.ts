import { readFileSync } from 'node:fs';
import path from 'node:path';
import { METHOD_QUALITY } from '@enrich/record';
import { AGREEMENT_GAIN, DISAGREEMENT_FACTOR, FIELD_WEIGHTS, INFERRED_QUALITY, SOCIAL_WEIGHTS } from './confidence';

// docs/confidence.md writes the score's constants out for readers; this keeps its tables the
// code's, so that a weight changed here cannot leave the page saying the old one.
const page = readFileSync(path.resolve(__dirname, '../../../docs/confidence.md'), 'utf8');

/** The rows of the page's first table whose header is `| first | second |`, as [cell, cell]. */
function tableRows(first: string, second: string): [string, string][] {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => line.replace(/\s+/g, ' ').trim() === `| ${first} | ${second} |`);
  const rows: [string, string][] = [];
  for (const line of lines.slice(start + 2)) {
    const cells = line.trim().match(/^\|(.*)\|(.*)\|$/);
    if (!cells) break;
    rows.push([cells[1]!.trim(), cells[2]!.trim()]);
  }
  return rows;
}

describe('docs/confidence.md', () => {
  it('gives every weighted field the weight the score uses, and a total of 100', () => {
    const written = Object.fromEntries(
      tableRows('Field', 'Weight').map(([field, weight]) => [field.replace(/\*/g, ''), weight.replace(/\*/g, '')]),
    );
    const expected: Record<string, string> = Object.fromEntries(
      Object.entries(FIELD_WEIGHTS).map(([field, weight]) => [field, String(weight)]),
    );
    expected['socialProfiles.linkedin'] = String(SOCIAL_WEIGHTS.linkedin);
    expected['socialProfiles.twitter'] = String(SOCIAL_WEIGHTS.twitter);
    expected['any other social profile (one counts)'] = String(SOCIAL_WEIGHTS.other);
    expected.total = '100';
    expect(written).toEqual(expected);
    const sum =
      Object.values(FIELD_WEIGHTS).reduce((a, b) => a + b, 0) + SOCIAL_WEIGHTS.linkedin + SOCIAL_WEIGHTS.twitter + SOCIAL_WEIGHTS.other;
    expect(sum).toBe(100);
  });

  it('names every method in its quality table with the quality the score uses', () => {
    const rows = tableRows('Method', 'Quality');
    const qualityOf = new Map<string, string>();
    for (const [methods, quality] of rows) for (const [, method] of methods.matchAll(/`([^`…]+)`/g)) qualityOf.set(method!, quality);
    // A family written once ("`json-ld…`", "`linkedin:top-card`, `linkedin:meta`, …") stands for its members.
    const listed = (method: string) => qualityOf.get(method) ?? (method.startsWith('json-ld') ? qualityOf.get('json-ld') : undefined);
    const unlisted = Object.keys(METHOD_QUALITY).filter((method) => {
      const quality = listed(method);
      return quality !== undefined && Number(quality) !== METHOD_QUALITY[method as keyof typeof METHOD_QUALITY];
    });
    expect(unlisted).toEqual([]);
    for (const method of [
      'og:site_name',
      'title',
      'title-partial',
      'domain-spelled',
      'copyright',
      'title-edge',
      'domain-label',
      'first-paragraph',
    ])
      expect([method, Number(listed(method))]).toEqual([method, METHOD_QUALITY[method as keyof typeof METHOD_QUALITY]]);
  });

  it('states the agreement, disagreement and inferred-value rules with the score’s numbers', () => {
    expect(page).toContain(`closes ${AGREEMENT_GAIN * 100} % of its remaining doubt: \`q + (1 − q) × ${AGREEMENT_GAIN}\``);
    expect(page).toContain(`\`q × ${DISAGREEMENT_FACTOR}\``);
    expect(page).toContain(`at most **${INFERRED_QUALITY}**`);
  });
});
