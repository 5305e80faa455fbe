import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoFiles, repoRoot } from './repo-files';

// Tests, scripts and docs must work from a bare clone: nothing may point outside the checkout
// (a sibling "shared" folder, or the absolute paths of one machine). Fixtures from other
// projects belong in packages/testkit/corpora.
const SCANNED = ['apps', 'packages', 'scripts', 'tests', 'docs', 'README.md', '.ci'];
// (A sibling folder named so, not a module whose name only starts the same way.)
const OUTSIDE = new RegExp(['/w' + 'ork/', '\\.\\./sh' + 'ared(?![\\w-])'].join('|'));

describe('the repository is self-contained', () => {
  it('no source, test, script, CI or doc file points outside the checkout', () => {
    const offending: string[] = [];
    for (const top of SCANNED) {
      for (const file of repoFiles(top)) {
        readFileSync(path.join(repoRoot, file), 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (OUTSIDE.test(line)) offending.push(`${file}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offending).toEqual([]);
  });
});
