import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The engine's layers, from the bottom: imports run down or stay within a
 * layer, never back up (a lower module importing a higher one).
 * - values and moves: the modules at the top of src/engine (types, board, the
 *   move generator and its move text, play validation, dice, cube, scoring,
 *   events, the match state);
 * - notation/ (gnubg Position ID and Match ID, XGID, .mat text),
 *   transitions/ (the state machine's steps) and tournament/ (a tournament's
 *   log, draw and standings), side by side: none imports another;
 * - the match as a fold of its events: apply.ts, fold.ts, games-and-turns.ts,
 *   follow-ups.ts;
 * - match-files/: whole matches written to and read from .mat files, and
 *   bot/, the house bots (their network, decisions, and matches played by
 *   deciders), side by side;
 * - analysis/: a match's analysis, judged by the house bots' network or read
 *   from GNU Backgammon's report (it stands on bot/ and the match);
 * - index.ts, the public API, and training/, the training entry, side by side.
 * Test code (specs, testing/) is not held to it.
 */
const ENGINE = fileURLToPath(new URL('.', import.meta.url));
const MATCH = ['apply', 'fold', 'games-and-turns', 'follow-ups'];

/** A module's layer: its rank (higher is further up) and its name (siblings of one rank do not import each other). */
function layerOf(module: string): { readonly rank: number; readonly name: string } {
  const folder = module.includes('/') ? module.slice(0, module.indexOf('/')) : null;
  if (folder === 'notation' || folder === 'transitions' || folder === 'tournament') return { rank: 1, name: folder };
  if (folder === 'match-files' || folder === 'bot') return { rank: 3, name: folder };
  if (folder === 'analysis') return { rank: 4, name: folder };
  if (folder === 'training') return { rank: 5, name: folder };
  if (folder !== null) throw new Error(`${module}: a folder of the engine with no layer`);
  if (MATCH.includes(module)) return { rank: 2, name: 'match' };
  if (module === 'index') return { rank: 5, name: 'index' };
  return { rank: 0, name: 'values and moves' };
}

/** The engine's source modules (no specs, no test helpers), as paths under src/engine without `.ts`. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' || name === 'fixtures' ? [] : modules(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [relative(ENGINE, path).replace(/\.ts$/, '')] : [];
  });
}

/** The engine modules `module` imports. */
function importsOf(module: string): string[] {
  const text = readFileSync(join(ENGINE, `${module}.ts`), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(ENGINE, resolve(dirname(join(ENGINE, module)), specifier)).replace(/\.js$/, ''));
}

describe('the engine’s imports run down its layers', () => {
  const all = modules(ENGINE);

  it('finds the engine’s modules in every layer', () => {
    expect(new Set(all.map((module) => layerOf(module).rank))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it.each(all)('%s', (module) => {
    const own = layerOf(module);
    const upward = importsOf(module).filter((target) => {
      const layer = layerOf(target);
      return layer.rank > own.rank || (layer.rank === own.rank && layer.name !== own.name);
    });
    expect(upward).toEqual([]);
  });
});
