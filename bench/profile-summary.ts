/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, e.g. `BENCH_CPU_PROF_DIR=prof npm run bench:api`):
 * self time by package and by function, and total (inclusive) time by function, as
 * shares of the busy time (all samples but `(idle)`). `skip` leaves out the profile's first
 * seconds (the server's start-up and the benchmark's warm-up); a negative one keeps only its last.
 *
 *   node dist/bench/bench/profile-summary.js <file.cpuprofile | directory (its newest profile)> [top=25] [skip=0]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package under node_modules, a Node core module, the app's dist/, or V8's own. */
function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) {
    const path = url.slice('node:'.length).replace(/^internal\//, '');
    return `node:${path.split('/')[0]}`;
  }
  const at = url.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const parts = url.slice(at + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const dist = url.lastIndexOf('/dist/');
  if (dist >= 0) return `app:${url.slice(dist + '/dist/'.length).split('/')[0]}`;
  return url;
}

function functionOf(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (frame.url === '') return name;
  const inPackage = frame.url.lastIndexOf('/node_modules/');
  const file =
    inPackage >= 0 ? frame.url.slice(inPackage + '/node_modules/'.length) : frame.url.replace(/^.*\/dist\//, 'dist/');
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

function newestProfile(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  return files[0];
}

function top(table: Map<string, number>, busy: number, n: number): string[] {
  return [...table.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([key, us]) => `${((100 * us) / busy).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
}

function add(table: Map<string, number>, key: string, us: number): void {
  table.set(key, (table.get(key) ?? 0) + us);
}

function summarise(profile: CpuProfile, n: number, skipSeconds: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const selfByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let elapsed = 0;
  // A negative skip keeps the profile's last seconds only (the last phase of a benchmark).
  const total = profile.timeDeltas.reduce((sum, us) => sum + us, 0) / 1e6;
  if (skipSeconds < 0) skipSeconds = Math.max(0, total + skipSeconds);
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    elapsed += us;
    if (elapsed < skipSeconds * 1e6) return;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idle += us;
      return;
    }
    busy += us;
    add(selfByPackage, packageOf(frame), us);
    add(selfByFunction, functionOf(frame), us);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      onStack.add(functionOf(byId.get(at)!.callFrame));
    }
    for (const key of onStack) add(totalByFunction, key, us);
  });
  totalByFunction.delete('(root)');
  return [
    `busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms (shares below are of busy time)`,
    '',
    'self time by package:',
    ...top(selfByPackage, busy, n),
    '',
    'self time by function:',
    ...top(selfByFunction, busy, n),
    '',
    'total time by function (on the stack):',
    ...top(totalByFunction, busy, n),
  ].join('\n');
}

function main(): void {
  const [target, count, skip] = process.argv.slice(2);
  if (!target) throw new Error('usage: profile-summary <file.cpuprofile | directory> [top] [skip seconds]');
  const file = statSync(target).isDirectory() ? newestProfile(target) : target;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  process.stdout.write(`${file}\n${summarise(profile, Number(count ?? 25), Number(skip ?? 0))}\n`);
}

main();
