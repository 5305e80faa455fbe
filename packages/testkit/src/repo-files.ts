import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';

/** The checkout's root: where `npm run …` runs and the apps' entry files are found. */
export const repoRoot = path.resolve(__dirname, '../../..');

/**
 * Folders no repository scan looks into: installed packages, generated code, build output (the
 * dashboard's dist, built on this machine and git-ignored), third-party corpora.
 */
export const UNSCANNED = new Set(['node_modules', 'generated', 'dist', 'corpora']);

/**
 * Every file below `relative` (a folder or a file of `root`), as paths relative to `root`, in
 * name order, skipping `skipped` folders. Nothing when it does not exist.
 */
export function* repoFiles(relative: string, root = repoRoot, skipped: ReadonlySet<string> = UNSCANNED): Generator<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') yield relative;
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (skipped.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* repoFiles(child, root, skipped);
    else if (entry.isFile()) yield child;
  }
}
