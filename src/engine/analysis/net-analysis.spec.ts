import { readFileSync } from 'node:fs';
import { pickerDecider, playDecidedMatch } from '../bot/decided-match.js';
import { pipMaximizer, randomPicker } from '../bot/engine-games.js';
import { houseEvaluator } from '../bot/house-evaluators.js';
import { newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import { foldEvents } from '../fold.js';
import type { NewMatchOptions } from '../match-state.js';
import { mulberry32 } from '../prng.js';
import type { Colour } from '../types.js';
import type { MatchAnalysis } from './analysis.js';
import { analyseWithNetwork } from './net-analysis.js';
import { NetJudge } from './net-judge.js';

/**
 * Two long-nardy money games with the cube, `bot` (white) against `bot-easy` (black), as the house bots
 * played them when this fixture was made: plays, doubles and takes to judge, without playing them again.
 */
const SESSION = JSON.parse(
  readFileSync(new URL('../fixtures/long-nardy-money-session.json', import.meta.url), 'utf8'),
) as { options: NewMatchOptions; events: MatchEvent[] };

const decisionsOf = (analysis: MatchAnalysis) => analysis.games.flatMap((g) => g.decisions);

function expectConsistent(analysis: MatchAnalysis): void {
  for (const d of decisionsOf(analysis)) {
    expect(d.loss).toBeGreaterThanOrEqual(0);
    if (d.played === d.best) expect(d.loss).toBe(0);
    if (d.kind === 'play' && d.loss === 0) expect(d.played).toBe(d.best);
  }
}

describe('analyseWithNetwork', () => {
  let analysis: MatchAnalysis;
  const progress: number[] = [];

  beforeAll(() => {
    analysis = analyseWithNetwork(SESSION.options, SESSION.events, {
      plies: 0,
      progress: (done) => progress.push(done),
    });
  });

  it('judges every kind of decision, and the best choice it names gives nothing away and is never beaten', () => {
    const kinds = new Set(decisionsOf(analysis).map((d) => d.kind));
    expect([...kinds].sort()).toEqual(['cube', 'play', 'take']);
    expectConsistent(analysis);
    expect(analysis.engine).toEqual({ name: 'nardy-net', plies: 0 });
    expect(progress.at(-1)).toBe(SESSION.events.length);
  });

  it('at 1 ply too (the first 60 events)', () => {
    const deeper = analyseWithNetwork(SESSION.options, SESSION.events.slice(0, 60), { plies: 1 });
    expect(decisionsOf(deeper).length).toBeGreaterThan(20);
    expectConsistent(deeper);
    expect(deeper.engine.plies).toBe(1);
  });

  it('gives each player figures from its own counted decisions, and the weaker player more errors', () => {
    for (const colour of ['white', 'black'] as const) {
      const mine = decisionsOf(analysis).filter((d) => d.by === colour && d.counted);
      const figures = analysis.players[colour];
      expect(figures.unforcedPlays).toBe(mine.filter((d) => d.kind === 'play').length);
      expect(figures.unforcedDecisions).toBe(mine.length);
      const total = mine.reduce((sum, d) => sum + d.loss, 0);
      expect(figures.pr).toBeCloseTo((500 * total) / mine.length, 9);
    }
    // White played `bot`'s judgement, black `bot-easy`, greedy two turns in five.
    expect(analysis.players.black.pr).toBeGreaterThan(2 * analysis.players.white.pr);
  });

  it('shows each throw’s luck with its play, and the luck of many throws averages about nothing', () => {
    const rolls = analysis.games.flatMap((g) => g.rolls);
    expect(rolls.length).toBeGreaterThan(150);
    for (const game of analysis.games) {
      for (const d of game.decisions.filter((x) => x.kind === 'play')) {
        expect(d.luck).toBe(game.rolls.find((r) => r.seq === d.seq - 1)?.luck);
      }
    }
    expect(Math.abs(rolls.reduce((s, r) => s + r.luck, 0) / rolls.length)).toBeLessThan(0.05);
  });

  it('predicts results: the side it judges the favourite halfway through a game wins more often than not', () => {
    const judge = new NetJudge(houseEvaluator('long-nardy'), 0);
    const options: NewMatchOptions = { variant: 'long-nardy', length: 1, rules: { cube: false } };
    const games = 40;
    let right = 0;
    for (let n = 0; n < games; n++) {
      // Players who err differently (pips, or chance) make games that swing: a favourite is something to judge.
      const random = mulberry32(n);
      const deciders = { white: pickerDecider(pipMaximizer), black: pickerDecider(randomPicker(random)) };
      const dice = { seed: 'f'.repeat(64), matchId: `favourite-${n}`, clientSeeds: [] };
      const { events, state } = playDecidedMatch(options, deciders, dice);
      const halfway = foldEvents(newMatch(options), events.slice(0, Math.floor(events.length / 2)));
      const onRoll: Colour = 'player' in halfway.phase ? halfway.phase.player : 'white';
      const chance = judge.onRoll(halfway, onRoll)[0];
      const favourite: Colour = chance >= 0.5 ? onRoll : onRoll === 'white' ? 'black' : 'white';
      if (state.games[0].winner === favourite) right++;
    }
    expect(right).toBeGreaterThan(games / 2);
  });
});
