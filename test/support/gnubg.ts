import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * GNU Backgammon for the interchange tests: runs scripts/gnubg/mat-check.py
 * inside gnubg (`gnubg -t -q -r -p`, a fresh HOME, no terminal) and reads the
 * JSON it writes. gnubg is found as GNUBG names it, else on PATH, else where
 * Debian puts it (/usr/games, often not on PATH); tests that need it are
 * skipped where it is absent, and say so (GNUBG_MISSING).
 */

const SCRIPT = fileURLToPath(new URL('../../scripts/gnubg/mat-check.py', import.meta.url));
/** A match played by gnubg at 0-ply takes a second or two; an import and check well under that. */
const TIMEOUT_MS = 120_000;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The gnubg binary, or null when there is none. */
export function gnubgPath(): string | null {
  if (process.env.GNUBG) return executable(process.env.GNUBG) ? process.env.GNUBG : null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/games'];
  for (const dir of dirs) {
    const candidate = join(dir, 'gnubg');
    if (executable(candidate)) return candidate;
  }
  return null;
}

export function gnubgAvailable(): boolean {
  return gnubgPath() !== null;
}

/** Why the gnubg tests were skipped. */
export const GNUBG_MISSING =
  'GNU Backgammon (gnubg) was not found (as GNUBG names it, on PATH or in /usr/games): the checks against gnubg are skipped';

/** One game as gnubg imported it; "left" is player 0 of the .mat file (white here), "right" player 1. */
export interface GnubgGame {
  readonly score: readonly [number, number];
  readonly winner: 'left' | 'right' | null;
  readonly points: number;
  readonly resigned: boolean;
  /** Plays that moved checkers (a roll without a legal play is not counted). */
  readonly plays: number;
  readonly records: number;
}

export interface GnubgMatchSummary {
  readonly players: { readonly left: string; readonly right: string };
  readonly length: number;
  readonly games: readonly GnubgGame[];
  readonly finalScore: readonly [number, number];
}

export interface GnubgCheck extends GnubgMatchSummary {
  /** What gnubg printed while importing: nothing when it read every line. */
  readonly warnings: readonly string[];
  /** Plays made again with gnubg's `move` command, and those it refused. */
  readonly playsChecked: number;
  readonly illegalPlays: readonly unknown[];
  /** gnubg's own `export match mat` of what it imported. */
  readonly reexported: string;
}

/**
 * Runs mat-check.py in a fresh directory (gnubg's HOME): `files` are written there first, `env` is
 * given the directory to name its files in, and the JSON the script writes is returned with the
 * text of the files named in `read`.
 */
async function runScript<T>(
  env: (dir: string) => Record<string, string>,
  files: Readonly<Record<string, string>> = {},
  read: readonly string[] = [],
): Promise<{ readonly result: T; readonly files: Record<string, string> }> {
  const binary = gnubgPath();
  if (binary === null) throw new Error(GNUBG_MISSING);
  const dir = await mkdtemp(join(tmpdir(), 'gnubg-'));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text, 'utf8');
    const out = join(dir, 'result.json');
    const once = (): Promise<string> =>
      new Promise<string>((resolve, reject) => {
        const child = execFile(
          binary,
          ['-t', '-q', '-r', '-p', SCRIPT],
          {
            env: { PATH: process.env.PATH ?? '', HOME: dir, LANG: 'C.UTF-8', ...env(dir), MAT_CHECK_OUT: out },
            timeout: TIMEOUT_MS,
            maxBuffer: 64 * 1024 * 1024,
          },
          (error, stdout, stderr) =>
            error
              ? reject(
                  new Error(
                    `gnubg failed (exit ${String(error.code)}, signal ${String(error.signal)}): ${error.message}\n${stderr}\n${stdout.slice(-2000)}`,
                  ),
                )
              : resolve(stdout),
        );
        child.stdin?.end();
      });
    // gnubg 1.07 now and then dies at start-up in a loaded run, before running the script (a non-zero
    // exit or SIGSEGV, nothing on stderr, only its banner on stdout), twice in a row once: a failed run
    // is made up to twice more before it counts.
    const output = await once()
      .catch(() => once())
      .catch(() => once());
    let result: T;
    try {
      result = JSON.parse(await readFile(out, 'utf8')) as T;
    } catch (err) {
      throw new Error(`gnubg wrote no result (${String(err)}); it printed:\n${output.slice(-2000)}`, { cause: err });
    }
    const texts: Record<string, string> = {};
    for (const name of read) texts[name] = await readFile(join(dir, name), 'utf8').catch(() => '');
    return { result, files: texts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** gnubg imports the .mat text, plays every play again, and writes the match back out. */
export async function gnubgCheckMat(text: string): Promise<GnubgCheck> {
  const { result, files } = await runScript<Omit<GnubgCheck, 'reexported'>>(
    (dir) => ({ MAT_CHECK_FILE: join(dir, 'match.mat'), MAT_CHECK_REEXPORT: join(dir, 'reexported.mat') }),
    { 'match.mat': text },
    ['reexported.mat'],
  );
  return { ...result, reexported: files['reexported.mat'] };
}

/** gnubg plays a match of `length` against itself (0-ply, seeded) and exports it: the .mat text and its summary. */
export async function gnubgPlayMatch(
  length: number,
  seed: number,
  names: { readonly left: string; readonly right: string } = { left: 'gnubg0', right: 'gnubg1' },
): Promise<{ readonly mat: string; readonly summary: GnubgMatchSummary }> {
  const { result, files } = await runScript<GnubgMatchSummary>(
    (dir) => ({
      MAT_CHECK_PLAY: String(length),
      MAT_CHECK_SEED: String(seed),
      MAT_CHECK_MAT: join(dir, 'played.mat'),
      MAT_CHECK_LEFT: names.left,
      MAT_CHECK_RIGHT: names.right,
    }),
    {},
    ['played.mat'],
  );
  return { mat: files['played.mat'], summary: result };
}

/** One player's figures as gnubg prints them in `show statistics match`: mEMG per decision. */
export interface GnubgPrintedFigures {
  readonly chequerErrorRate: number;
  readonly cubeErrorRate: number;
  readonly overallErrorRate: number;
}

/**
 * gnubg's own `analyse match` of a .mat file at `plies`, through its command line (not the
 * service's analysis script), and the error rates its `show statistics match` prints for the
 * left-hand player (player 1 of the file) and the right-hand one.
 */
export async function gnubgPrintedStatistics(
  text: string,
  plies: number,
): Promise<{ readonly left: GnubgPrintedFigures; readonly right: GnubgPrintedFigures }> {
  const binary = gnubgPath();
  if (binary === null) throw new Error(GNUBG_MISSING);
  const dir = await mkdtemp(join(tmpdir(), 'gnubg-stats-'));
  try {
    await writeFile(join(dir, 'match.mat'), text);
    const commands = [
      `import mat ${join(dir, 'match.mat')}`,
      `set analysis chequerplay evaluation plies ${plies}`,
      `set analysis cubedecision evaluation plies ${plies}`,
      'analyse match',
      'show statistics match',
      'quit',
    ].join('\n');
    const output = await new Promise<string>((resolve, reject) => {
      const child = execFile(
        binary,
        ['-t', '-q', '-r'],
        { env: { ...process.env, HOME: dir }, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 },
        (err, stdout) => (err && !stdout ? reject(new Error(err.message)) : resolve(stdout)),
      );
      child.stdin!.end(commands + '\n');
    });
    // Three "Error rate mEMG (MWC)" lines: chequer play, cube decisions, overall; two players each.
    const rates = [...output.matchAll(/^Error rate mEMG \(MWC\)\s+([-+\d.]+)\s+\([^)]*\)\s+([-+\d.]+)/gm)].map((m) => [
      Math.abs(Number(m[1])),
      Math.abs(Number(m[2])),
    ]);
    if (rates.length < 3) throw new Error(`gnubg printed no statistics:\n${output.slice(-2000)}`);
    const [chequer, cube, overall] = rates.slice(-3);
    const side = (i: number): GnubgPrintedFigures => ({
      chequerErrorRate: chequer[i],
      cubeErrorRate: cube[i],
      overallErrorRate: overall[i],
    });
    return { left: side(0), right: side(1) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
