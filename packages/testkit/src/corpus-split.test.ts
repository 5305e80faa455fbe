import path from 'node:path';
import { businessCorpus } from './business-corpus';
import { committedSplit, partOf, splitByHash } from './corpus-split';
import { qualityCorpus } from './quality-corpus';

const corpusDir = (folder: string) => path.resolve(__dirname, '../corpora', folder);

describe('the corpora’s committed splits', () => {
  it('is the hash split of every readability page', () => {
    const pages = qualityCorpus();
    expect(committedSplit(corpusDir('readability'))).toEqual(splitByHash(pages.map((p) => p.label.page)));
    for (const page of pages) expect(page.part).toBe(partOf(page.label.page));
  });

  it('is the hash split of every webstruct site', () => {
    const sites = businessCorpus();
    expect(sites).toHaveLength(54);
    expect(committedSplit(corpusDir('webstruct'))).toEqual(splitByHash(sites.map((s) => s.label.domain)));
    for (const site of sites) expect(site.part).toBe(partOf(site.label.domain));
  });

  it('puts about half of each corpus in each part', () => {
    for (const folder of ['readability', 'webstruct']) {
      const split = committedSplit(corpusDir(folder));
      const total = split.tuning.length + split['held-out'].length;
      expect(split.tuning.length / total).toBeGreaterThan(0.35);
      expect(split.tuning.length / total).toBeLessThan(0.65);
    }
  });
});
