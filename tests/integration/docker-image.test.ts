import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The image installs its dependencies from the manifests alone (a layer rebuilt only when one
// changes): a workspace whose package.json the Dockerfile does not copy makes `npm ci` fail there.
const ROOT = path.resolve(__dirname, '../..');

describe('Dockerfile', () => {
  it('copies the manifest of every workspace before npm ci', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const workspaces = ['apps', 'packages'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir))
        .filter((name) => existsSync(path.join(ROOT, dir, name, 'package.json')))
        .map((name) => `${dir}/${name}`),
    );
    expect(workspaces.length).toBeGreaterThan(10);
    const missing = workspaces.filter((workspace) => !dockerfile.includes(`COPY ${workspace}/package.json ${workspace}/\n`));
    expect(missing).toEqual([]);
  });
});
