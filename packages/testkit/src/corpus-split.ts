import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Every corpus the extraction rules are tuned on is split in two before any rule is changed: a
// tuning part, which a developer reads misses from, and a held-out part, which only the scores
// are read from. A rule that raises the tuning part and not the held-out part fits pages, not
// the web. The split is by a hash of the page's name (a readability page's folder name, a
// webstruct site's domain), so it cannot follow what the rules get right; it is committed as
// `split.json` in each corpus folder, and corpus-split.test.ts holds the file to the hash.

export type CorpusPart = 'tuning' | 'held-out';
export const CORPUS_PARTS: readonly CorpusPart[] = ['tuning', 'held-out'];

/** The part a page belongs to: the first byte of the SHA-256 of its name, even → tuning. */
export function partOf(name: string): CorpusPart {
  const first = createHash('sha256').update(name, 'utf8').digest()[0]!;
  return first % 2 === 0 ? 'tuning' : 'held-out';
}

export interface CorpusSplit {
  tuning: string[];
  'held-out': string[];
}

/** The split of `names` by partOf, each part sorted. */
export function splitByHash(names: readonly string[]): CorpusSplit {
  const split: CorpusSplit = { tuning: [], 'held-out': [] };
  for (const name of names) split[partOf(name)].push(name);
  split.tuning.sort();
  split['held-out'].sort();
  return split;
}

/** The committed split of a corpus folder (corpora/<folder>/split.json). */
export function committedSplit(corpusDir: string): CorpusSplit {
  const split = JSON.parse(readFileSync(path.join(corpusDir, 'split.json'), 'utf8')) as CorpusSplit;
  if (!Array.isArray(split.tuning) || !Array.isArray(split['held-out'])) throw new Error(`${corpusDir}/split.json: not a split`);
  return split;
}
