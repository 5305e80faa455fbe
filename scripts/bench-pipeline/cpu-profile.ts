import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Reads a V8 .cpuprofile (node --cpu-prof) and adds up self time per module and per function,
// from `fromMs` after the profile started (approximately: the profile starts when the process
// does, so the benchmark passes how long after spawning the measured batch began).

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
  const file = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inModules) return inModules[1]!;
  const inRepo = /\/(packages|apps)\/([^/]+)\/src\/(.+)$/.exec(file);
  if (inRepo) return `${inRepo[1]}/${inRepo[2]}/${inRepo[3]}`;
  if (file.startsWith('node:')) return 'node internals';
  return path.basename(file);
}

export function summarizeProfile(file: string, fromMs: number): ProfileSummary {
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
  const top = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return { totalMs, idleMs, byModule: top(byModule), byFunction: top(byFunction) };
}

/** The one .cpuprofile node wrote into `dir`. */
export function profileIn(dir: string): string | undefined {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  return file && path.join(dir, file);
}
