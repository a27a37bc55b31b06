/**
 * A match analysed by the service's own network (docs/analysis.md "The
 * service's own engine"): the fold of its events, judging each decision where
 * it was taken and each throw's luck. Pure: the match's terms and events in,
 * the analysis out; progress is told as events are folded.
 */
import { newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import { foldEvents, type FoldStep } from '../fold.js';
import { positionFor, type MatchState, type NewMatchOptions } from '../match-state.js';
import { playEventFor } from '../transitions/plays.js';
import { positionsEqual } from '../board.js';
import type { Colour, Dice } from '../types.js';
import { situation } from '../bot/bot-decision.js';
import { cubefulWorth, type CubeSituation } from '../bot/cube-decision.js';
import { houseEvaluator } from '../bot/house-evaluators.js';
import { flipOutcomes, newOutcomes } from '../bot/outcomes.js';
import { winChance } from '../bot/match-equity.js';
import type { AnalysedDecision, AnalysedGame, AnalysedRoll, CubeChoice, MatchAnalysis } from './analysis.js';
import { cubeAvailable } from './cube-turn.js';
import { markOf } from './marks.js';
import { denormalisedSpan, NetJudge, normalise } from './net-judge.js';
import { playerFigures } from './player-figures.js';
import { ROLLS, type WeightedRoll } from '../bot/look-ahead.js';
import { OPENING_THROWS } from './throws.js';

/** The engine's name in an analysis made by the service's own network. */
export const NET_ENGINE_NAME = 'nardy-net';

/** A cube decision not to double counts (as an unforced decision) when doubling was within this of it, or was right. */
export const CLOSE_CUBE = 0.16;

export interface NetAnalysisOptions {
  readonly plies: 0 | 1;
  /** Told after each event folded: events done, events in all. */
  readonly progress?: (done: number, total: number) => void;
}

interface GameBuilt {
  readonly number: number;
  readonly decisions: AnalysedDecision[];
  readonly rolls: AnalysedRoll[];
}

export function analyseWithNetwork(
  match: NewMatchOptions,
  events: readonly MatchEvent[],
  options: NetAnalysisOptions,
): MatchAnalysis {
  const judge = new NetJudge(houseEvaluator(match.variant), options.plies);
  const games: GameBuilt[] = [];
  const gameOf = (state: MatchState): GameBuilt => {
    let game = games.at(-1);
    if (game === undefined || game.number !== state.game.number) {
      game = { number: state.game.number, decisions: [], rolls: [] };
      games.push(game);
    }
    return game;
  };
  const initial = newMatch(match);
  const final = foldEvents(initial, events, (step) => {
    const game = gameOf(step.before);
    const seq = step.index + 1;
    const decision = decisionOf(judge, step, seq);
    if (decision !== null) game.decisions.push(decision);
    const roll = rollOf(judge, step, seq);
    if (roll !== null) game.rolls.push(roll);
    options.progress?.(seq, events.length);
  });
  attachLuck(games);
  const analysed: AnalysedGame[] = games.filter((g) => g.decisions.length + g.rolls.length > 0);
  const players = playerFigures(analysed, actualResults(initial, final));
  return { engine: { name: NET_ENGINE_NAME, plies: options.plies }, players, games: analysed };
}

/** The decision an event took, judged; null for an event that decided nothing with a choice. */
function decisionOf(judge: NetJudge, { before, event }: FoldStep, seq: number): AnalysedDecision | null {
  const { phase } = before;
  switch (event.type) {
    case 'roll':
    case 'double': {
      if (phase.kind !== 'roll' || !phase.mayDouble || !cubeAvailable(before, event.by)) return null;
      return cubeDecision(judge, before, event.by, seq, event.type === 'double' ? 'double' : 'no-double');
    }
    case 'take':
    case 'drop':
    case 'beaver':
      if (phase.kind !== 'cube-response') return null;
      return takeDecision(judge, before, event.by, seq, event.type);
    case 'resignation-accept':
    case 'resignation-reject':
      if (phase.kind !== 'resignation-response') return null;
      return resignationDecision(
        judge,
        before,
        event.by,
        seq,
        event.type === 'resignation-accept' ? 'accept' : 'reject',
      );
    case 'play': {
      if (phase.kind !== 'play' || phase.plays.length < 2) return null;
      const made = playEventFor(before, event.by, event.moves);
      if (!made.ok) return null;
      const index = phase.plays.findIndex((p) => positionsEqual(p.position, made.play.position));
      const judged = judge.judgePlays(before, event.by, phase.plays, index);
      const loss = Math.max(0, judged.bestEquity - judged.madeEquity);
      const best = phase.plays[judged.best];
      return {
        seq,
        by: event.by,
        kind: 'play',
        played: phase.plays[index].text,
        best: best.text,
        playedMoves: phase.plays[index].moves,
        bestMoves: best.moves,
        loss,
        mark: markOf(loss),
        counted: true,
      };
    }
    default:
      return null;
  }
}

/** The doubler's three equities, normalised at the cube before the double: no double, double and take, double and pass. */
function cubeEquities(s: CubeSituation): { nd: number; dt: number; dp: number } {
  return {
    nd: normalise(s, cubefulWorth(s, s.value, s.holder)),
    dt: normalise(s, cubefulWorth(s, 2 * s.value, 'opponent', true)),
    dp: normalise(s, s.worth(s.value)),
  };
}

function cubeDecision(judge: NetJudge, state: MatchState, by: Colour, seq: number, made: CubeChoice): AnalysedDecision {
  const { nd, dt, dp } = cubeEquities(situation(state, by, judge.onRoll(state, by)));
  const doubled = Math.min(dt, dp);
  const optimal = Math.max(nd, doubled);
  const best: CubeChoice = nd >= doubled ? (nd >= dp ? 'too-good' : 'no-double') : 'double';
  const loss = optimal - (made === 'double' ? doubled : nd);
  const counted = made === 'double' || loss > 0 || Math.abs(nd - doubled) < CLOSE_CUBE;
  return cubeChoice(seq, by, 'cube', made, best, loss, counted);
}

function takeDecision(
  judge: NetJudge,
  state: MatchState,
  by: Colour,
  seq: number,
  made: 'take' | 'drop' | 'beaver',
): AnalysedDecision {
  const phase = state.phase as Extract<MatchState['phase'], { kind: 'cube-response' }>;
  const doubler = phase.offer.by;
  const onRoll = judge.onRoll(state, phase.onRoll);
  const chances = phase.onRoll === doubler ? onRoll : flipOutcomes(onRoll, newOutcomes());
  // The doubler's view at the cube before the offer; the taker's equities are their negation.
  const { dt, dp } = cubeEquities({ ...situation(state, doubler, chances), value: phase.offer.value / 2 });
  const take = -dt;
  const drop = -dp;
  const best: CubeChoice = take >= drop ? 'take' : 'drop';
  const loss = Math.max(take, drop) - (made === 'drop' ? drop : take);
  return cubeChoice(seq, by, 'take', made, best, loss, true);
}

function resignationDecision(
  judge: NetJudge,
  state: MatchState,
  by: Colour,
  seq: number,
  made: 'accept' | 'reject',
): AnalysedDecision {
  const phase = state.phase as Extract<MatchState['phase'], { kind: 'resignation-response' }>;
  const onRoll = phase.resume.player;
  const chances = judge.onRoll(state, onRoll);
  const s = situation(state, by, onRoll === by ? chances : flipOutcomes(chances, newOutcomes()));
  const accept = normalise(s, s.worth(phase.offer.value * s.value));
  const reject = normalise(s, cubefulWorth(s, s.value, s.holder));
  const best: CubeChoice = accept >= reject ? 'accept' : 'reject';
  const loss = Math.max(accept, reject) - (made === 'accept' ? accept : reject);
  // GNU Backgammon does not count resignations among a player's decisions; nor does this engine.
  return cubeChoice(seq, by, 'resignation', made, best, loss, false);
}

function cubeChoice(
  seq: number,
  by: Colour,
  kind: 'cube' | 'take' | 'resignation',
  made: CubeChoice,
  best: CubeChoice,
  rawLoss: number,
  counted: boolean,
): AnalysedDecision {
  const loss = Math.max(0, rawLoss);
  return { seq, by, kind, played: made, best, loss, mark: markOf(loss), counted };
}

/** A throw's luck: the best play of it against the mean of every throw's best, from the thrower's side. */
function rollOf(judge: NetJudge, { before, after, event }: FoldStep, seq: number): AnalysedRoll | null {
  let by: Colour;
  let dice: Dice;
  let throws: readonly WeightedRoll[];
  if (event.type === 'roll') {
    by = event.by;
    dice = event.dice;
    throws = ROLLS;
  } else if (event.type === 'opening-roll') {
    if (after.phase.kind !== 'play') return null;
    by = after.phase.player;
    dice = after.phase.dice;
    throws = OPENING_THROWS;
  } else return null;
  const position = positionFor(before, by);
  const firstTurn = before.game.firstTurn[by];
  const equity = (d: Dice): number => judge.bestEquity(before, by, position, d, firstTurn);
  let mean = 0;
  for (const t of throws) mean += t.weight * equity(t.dice);
  const luck = equity(dice) - mean;
  const span = denormalisedSpan(situation(before, by, newOutcomes()));
  return { seq, by, dice, luck, luckCost: luck * span };
}

/** Each play shows the luck of the throw it played: the throw just before it, by the same player. */
function attachLuck(games: GameBuilt[]): void {
  for (const game of games) {
    const rollBySeq = new Map(game.rolls.map((r) => [r.seq, r]));
    game.decisions.forEach((decision, i) => {
      if (decision.kind !== 'play') return;
      // The play's throw is the event before it (a roll or the opening throw).
      const roll = rollBySeq.get(decision.seq - 1);
      if (roll !== undefined && roll.by === decision.by) game.decisions[i] = { ...decision, luck: roll.luck };
    });
  }
}

/** Each player's result: match-winning chance gained from the start (match play), or points won (money). */
function actualResults(initial: MatchState, final: MatchState): Record<Colour, number> {
  const { length } = initial.config;
  const score = final.progress.score;
  if (length === 0) return { white: score.white - score.black, black: score.black - score.white };
  const start = winChance(length, length, false);
  const winner = final.progress.winner;
  const white =
    winner === null
      ? winChance(length - score.white, length - score.black, final.progress.postCrawford)
      : winner === 'white'
        ? 1
        : 0;
  return { white: white - start, black: 1 - white - start };
}
