import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Tests, scripts and docs must work from a bare clone: nothing may point outside the checkout
// (a sibling "shared" folder, or the absolute paths of one machine). Fixtures from other
// projects belong in packages/testkit/corpora.
const ROOT = path.resolve(__dirname, '../../..');
const SCANNED = ['apps', 'packages', 'scripts', 'tests', 'docs', 'README.md', '.ci'];
const SKIPPED = new Set(['node_modules', 'generated', 'corpora']);
// (A sibling folder, not a module such as ../shared-runs.)
const OUTSIDE = new RegExp(['/w' + 'ork/', '\\.\\./sh' + 'ared(?![\\w-])'].join('|'));

function* files(relative: string): Generator<string> {
  const entries = (() => {
    try {
      return readdirSync(path.join(ROOT, relative), { withFileTypes: true });
    } catch {
      return undefined;
    }
  })();
  if (!entries) {
    yield relative;
    return;
  }
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (entry.isFile()) yield child;
  }
}

describe('the repository is self-contained', () => {
  it('no source, test, script, CI or doc file points outside the checkout', () => {
    const offending: string[] = [];
    for (const top of SCANNED) {
      for (const file of files(top)) {
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (OUTSIDE.test(line)) offending.push(`${file}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offending).toEqual([]);
  });
});
