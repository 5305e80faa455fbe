import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Reads a V8 .cpuprofile (node --cpu-prof) and adds up self time per module and per function,
// from `fromMs` after the profile started (approximately: the profile starts when the process
// does, so a benchmark passes how long after spawning its measurement began). Used by
// bench:pipeline and bench:api.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  byModule: [string, number][];
  byFunction: [string, number][];
}

function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return `wasm ${url.slice('wasm://'.length)}`; // Prisma's query compiler, for one
  const file = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inModules) return inModules[1]!;
  const inRepo = /\/(packages|apps)\/([^/]+)\/src\/(.+)$/.exec(file);
  if (inRepo) return `${inRepo[1]}/${inRepo[2]}/${inRepo[3]}`;
  if (file.startsWith('node:')) return 'node internals';
  return path.basename(file);
}

export function summarizeProfile(file: string, fromMs: number, limit = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let elapsed = 0;
  let totalMs = 0;
  let idleMs = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    elapsed += delta;
    if (elapsed < fromMs) return;
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idleMs += delta;
      return;
    }
    totalMs += delta;
    const module = moduleOf(frame.url, frame.functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + delta);
    const fn = `${frame.functionName || '(anonymous)'} ${module}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
  });
  const top = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  return { totalMs, idleMs, byModule: top(byModule), byFunction: top(byFunction) };
}

/** The one .cpuprofile node wrote into `dir`. */
export function profileIn(dir: string): string | undefined {
  return profilesIn(dir)[0];
}

/** Every .cpuprofile node wrote into `dir` (one per process, and per worker thread). */
export function profilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .map((f) => path.join(dir, f));
}
