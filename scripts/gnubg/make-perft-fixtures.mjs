#!/usr/bin/env node
/**
 * Builds src/engine/fixtures/gnubg-legal-plays.json: backgammon "perft"
 * tables whose every expected value comes from GNU Backgammon 1.07.
 *
 *   node scripts/gnubg/make-perft-fixtures.mjs [SEED [GAMES]]
 *
 * 1. scripts/gnubg/perft_positions.py, run inside gnubg through
 *    $GNUBG_TOOLS/run.sh, picks the queries: the start position with all
 *    21 rolls, decision points of GAMES random games played inside gnubg
 *    (seeded dice, random legal plays) and hand-made positions for rare cases.
 * 2. $GNUBG_TOOLS/legal-plays answers each query with gnubg's complete
 *    list of legal plays (its move texts and resulting Position IDs, opponent
 *    on roll) and the number of dice they use.
 * 3. Each entry gets one category, worked out here from gnubg's answer (for a
 *    roll where only one die is played, legal-plays is also asked whether
 *    each die alone is playable, i.e. whether d-d has a play: both -> the
 *    larger-die rule decided it).
 *
 * Needs gnubg (Debian package `gnubg`) and GNUBG_TOOLS naming the folder of
 * the gnubg driver scripts (scripts/gnubg/README.md).
 */
import { execFileSync, execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const tools = process.env.GNUBG_TOOLS;
if (!tools) {
  process.stderr.write('GNUBG_TOOLS must name the folder of the gnubg driver scripts (see scripts/gnubg/README.md)\n');
  process.exit(2);
}
const seed = process.argv[2] ?? '20261122';
const games = process.argv[3] ?? '60';
const out = join(root, 'src/engine/fixtures/gnubg-legal-plays.json');

const CATEGORY_ORDER = [
  'opening',
  'contact',
  'hitting',
  'race',
  'bar-full-entry',
  'bar-partial-entry',
  'bar-closed',
  'bar-then-move',
  'bearoff-higher',
  'bearoff-no-higher',
  'game-end',
  'one-die',
  'larger-die',
  'partial-double',
  'no-play',
];

const CATEGORY_DESCRIPTIONS = {
  opening: 'the start position with each of the 21 rolls',
  contact: 'middle game with contact, no hit possible, both dice (all four of a double) played',
  hitting: 'at least one legal play hits',
  race: 'no contact left, not yet bearing off',
  'bar-full-entry': 'checkers on the bar, all of them enter and nothing else moves',
  'bar-partial-entry': 'checkers on the bar, only some of them can enter',
  'bar-closed': 'checkers on the bar and none can enter: no legal play',
  'bar-then-move': 'checkers on the bar, all enter and then other dice are played',
  'bearoff-higher': 'bearing off with a checker on a point at least as high as the larger die',
  'bearoff-no-higher': 'bearing off with every checker below the larger die (it bears off from the highest point)',
  'game-end': 'a play bears off the last checkers (the game may end before every die is used)',
  'one-die': 'only one die of a non-double can be played, and only one of the two is playable at all',
  'larger-die': 'each die alone is playable but not both: the larger must be played',
  'partial-double': 'only part of a double can be played',
  'no-play': 'no checker on the bar and no legal play',
};

function selectQueries() {
  const text = execFileSync(join(tools, 'run.sh'), [join(here, 'perft_positions.py'), seed, games], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [label, origin, posid, d1, d2] = line.split(' ');
      if (!posid || !/^[1-6]$/.test(d1) || !/^[1-6]$/.test(d2)) throw new Error(`bad selection line: ${line}`);
      return { label, origin, posid, dice: [Number(d1), Number(d2)] };
    });
}

async function legalPlays(queries) {
  const args = queries.flatMap((q) => [q.posid, String(q.dice[0]), String(q.dice[1])]);
  const { stdout } = await run(join(tools, 'legal-plays'), args, { maxBuffer: 1 << 28 });
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  if (lines.length !== queries.length) throw new Error(`legal-plays answered ${lines.length} of ${queries.length}`);
  lines.forEach((rec, i) => {
    const q = queries[i];
    if (rec.error || rec.posid !== q.posid || rec.dice[0] !== q.dice[0] || rec.dice[1] !== q.dice[1]) {
      throw new Error(`legal-plays: ${JSON.stringify(rec).slice(0, 200)} for ${JSON.stringify(q)}`);
    }
  });
  return lines;
}

/** Runs the queries in `parallel` batches. */
async function legalPlaysAll(queries, parallel = 2, batch = 20) {
  const chunks = [];
  for (let i = 0; i < queries.length; i += batch) chunks.push(queries.slice(i, i + batch));
  const results = new Array(chunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < chunks.length) {
        const k = next++;
        results[k] = await legalPlays(chunks[k]);
        process.stderr.write(`legal-plays: batch ${k + 1}/${chunks.length}\n`);
      }
    }),
  );
  return results.flat();
}

function contact(me, opp) {
  const furthest = (side) => Math.max(0, ...side.map((n, i) => (n > 0 ? i + 1 : 0)));
  return furthest(me) + furthest(opp) > 25;
}

function categorize(rec, origin, largerDie) {
  if (origin === 'opening') return 'opening';
  const [opp, me] = rec.board;
  const [d1, d2] = rec.dice;
  const double = d1 === d2;
  if (rec.n_plays === 0) return me[24] > 0 ? 'bar-closed' : 'no-play';
  if (me[24] > 0) {
    if (rec.plays.some((p) => p.result_board[1][24] > 0)) return 'bar-partial-entry';
    return rec.dice_used > me[24] ? 'bar-then-move' : 'bar-full-entry';
  }
  const sum = (side) => side.reduce((a, n) => a + n, 0);
  if (rec.plays.some((p) => sum(p.result_board[1]) === 0)) return 'game-end';
  if (rec.dice_used < (double ? 4 : 2)) return double ? 'partial-double' : largerDie ? 'larger-die' : 'one-die';
  if (me.slice(6).every((n) => n === 0)) {
    const highest = Math.max(...me.map((n, i) => (n > 0 ? i + 1 : 0)));
    return highest < Math.max(d1, d2) ? 'bearoff-no-higher' : 'bearoff-higher';
  }
  if (rec.plays.some((p) => p.result_board[0][24] > opp[24])) return 'hitting';
  return contact(me, opp) ? 'contact' : 'race';
}

async function main() {
  const queries = selectQueries();
  const records = await legalPlaysAll(queries);
  // For one-die rolls: is each die playable on its own (does d-d have a play)?
  const oneDie = records.filter((r) => r.dice[0] !== r.dice[1] && r.n_plays > 0 && r.dice_used === 1);
  const alone = await legalPlaysAll(oneDie.flatMap((r) => r.dice.map((d) => ({ posid: r.posid, dice: [d, d] }))));
  const largerDie = new Map(oneDie.map((r, i) => [r, alone[2 * i].n_plays > 0 && alone[2 * i + 1].n_plays > 0]));

  const entries = records.map((rec, i) => {
    const q = queries[i];
    const category = categorize(rec, q.origin, largerDie.get(rec) ?? false);
    if (q.origin === 'hand-made' && category !== q.label) {
      process.stderr.write(
        `note: hand-made ${q.posid} ${q.dice} meant as ${q.label}, gnubg's answer makes it ${category}\n`,
      );
    }
    return {
      category,
      origin: q.origin,
      positionId: rec.posid,
      dice: rec.dice,
      diceUsed: rec.dice_used,
      plays: rec.plays.map((p) => ({ text: p.move, resultPositionId: p.result_posid })),
    };
  });
  entries.sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
  for (const e of entries) {
    if (e.plays.length !== new Set(e.plays.map((p) => p.resultPositionId)).size) throw new Error('duplicate result');
  }
  const counts = Object.fromEntries(CATEGORY_ORDER.map((c) => [c, entries.filter((e) => e.category === c).length]));
  const gnubgVersion = execFileSync('/usr/games/gnubg', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const fixture = {
    source: 'GNU Backgammon 1.07 (Debian) via the gnubg driver legal-plays',
    gnubgVersion,
    date: new Date().toISOString().slice(0, 10),
    script: `${relative(root, join(here, 'make-perft-fixtures.mjs'))} ${seed} ${games} (positions: ${relative(root, join(here, 'perft_positions.py'))})`,
    conventions:
      "positionId: gnubg Position ID, player on roll = the side to play the dice. plays: gnubg's complete list of legal plays " +
      "(most dice, then the larger die; one per distinct resulting position), each with gnubg's move text and the resulting " +
      'Position ID with the opponent on roll. diceUsed: dice every legal play uses (0 when there is none). ' +
      'origin: opening, random-game (seeded random gnubg game) or hand-made.',
    categories: CATEGORY_DESCRIPTIONS,
    counts,
    total: entries.length,
    entries,
  };
  writeFileSync(out, JSON.stringify(fixture, null, 0).replace(/\{"category"/g, '\n{"category"') + '\n');
  process.stderr.write(`${entries.length} entries written to ${relative(root, out)}: ${JSON.stringify(counts)}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e.stack ?? e}\n`);
  process.exit(1);
});
