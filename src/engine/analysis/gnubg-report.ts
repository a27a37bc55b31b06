/**
 * GNU Backgammon's analysis of a match, as its analysis script reports it
 * (src/bots/gnubg/analysis), read onto the match's own events (docs/analysis.md
 * "Backgammon: GNU Backgammon"). gnubg knows the match only from its .mat
 * file, record by record; here each record is found again among the events
 * (a play record is a throw and its play, a double, an answer), so that every
 * decision carries the seq of the event that made it. The players' figures
 * are gnubg's own statistics.
 */
import { newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import { foldEvents } from '../fold.js';
import { positionFor, type MatchState, type NewMatchOptions } from '../match-state.js';
import { formatPlay } from '../move-text.js';
import type { Colour, Dice, Move, Position } from '../types.js';
import type {
  AnalysedDecision,
  AnalysedGame,
  AnalysedRoll,
  CubeChoice,
  MatchAnalysis,
  PlayerFigures,
} from './analysis.js';
import { cubeAvailable } from './cube-turn.js';
import { markOf } from './marks.js';

type Side = 'X' | 'O';
type Steps = readonly (readonly [number, number])[];

export interface GnubgRecord {
  readonly action: string;
  readonly player: Side;
  /** The doubler's equities before the record, normalised: no double, double and take (double and pass is 1). */
  readonly cube?: { readonly nd: number; readonly dt: number };
  readonly dice?: readonly [number, number];
  readonly move?: Steps;
  /** How many plays gnubg listed (1: the play was forced). */
  readonly choices?: number;
  readonly best?: Steps;
  readonly loss?: number;
  readonly luck?: number;
  readonly luckCost?: number;
}

export interface GnubgPlayerStats {
  readonly moves: { readonly 'unforced-moves': number; readonly 'error-skill': number };
  /** `error-skill` here is the mean normalised error per close cube decision. */
  readonly cube: { readonly 'close-cube': number; readonly 'error-skill': number };
  readonly dice: { readonly luck: number; readonly 'actual-result': number; readonly 'luck-adjusted-result': number };
}

export interface GnubgMatchReport {
  /** The names the .mat file gave: the service writes `white` and `black`. */
  readonly players: { readonly X: string; readonly O: string };
  readonly length: number;
  readonly games: readonly { readonly records: readonly GnubgRecord[] }[];
  readonly stats: { readonly X: GnubgPlayerStats; readonly O: GnubgPlayerStats };
}

/** Where a game's decisions were taken, in the order gnubg records them. */
interface GameEvents {
  readonly number: number;
  readonly throws: {
    readonly seq: number;
    readonly by: Colour;
    readonly dice: Dice;
    /** The seq of the roll where its thrower chose not to double, when the cube could be turned. */
    readonly cubeSeq: number | null;
    readonly before: Position;
    play: { readonly seq: number; readonly moves: readonly Move[] } | null;
  }[];
  readonly doubles: { readonly seq: number; readonly by: Colour }[];
  readonly answers: { readonly seq: number; readonly by: Colour; readonly kind: 'take' | 'drop' | 'beaver' }[];
}

export class GnubgReportMismatchError extends Error {}

/** The analysis gnubg reported for the match of `match` and `events`, at `plies`. */
export function analysisFromGnubg(
  match: NewMatchOptions,
  events: readonly MatchEvent[],
  report: GnubgMatchReport,
  plies: number,
): MatchAnalysis {
  const colourOf = (side: Side): Colour => (report.players[side] === 'black' ? 'black' : 'white');
  const ours = gameEvents(match, events);
  if (ours.length !== report.games.length) {
    throw new GnubgReportMismatchError(`gnubg read ${report.games.length} games, the match has ${ours.length}`);
  }
  const games = report.games.map((game, i) => analysedGame(match, ours[i], game.records, colourOf));
  const figures = (side: Side): PlayerFigures => figuresOf(report.stats[side], games, colourOf(side));
  const players =
    colourOf('X') === 'white'
      ? { white: figures('X'), black: figures('O') }
      : { white: figures('O'), black: figures('X') };
  return { engine: { name: 'gnubg', plies }, players, games };
}

function analysedGame(
  match: NewMatchOptions,
  events: GameEvents,
  records: readonly GnubgRecord[],
  colourOf: (side: Side) => Colour,
): AnalysedGame {
  const decisions: AnalysedDecision[] = [];
  const rolls: AnalysedRoll[] = [];
  let throwAt = 0;
  let doubleAt = 0;
  let answerAt = 0;
  let offered: { nd: number; dt: number } | null = null;
  const mismatch = (what: string): never => {
    throw new GnubgReportMismatchError(`game ${events.number}: gnubg's ${what} has no event`);
  };
  for (const record of records) {
    const by = colourOf(record.player);
    switch (record.action) {
      case 'move': {
        const thrown = events.throws[throwAt++] ?? mismatch(`play ${throwAt}`);
        if (thrown.by !== by) mismatch(`play ${throwAt} by ${by}`);
        if (record.cube && thrown.cubeSeq !== null)
          decisions.push(cubeDecision(thrown.cubeSeq, by, 'no-double', record.cube));
        if (record.luck !== undefined) {
          rolls.push({ seq: thrown.seq, by, dice: thrown.dice, luck: record.luck, luckCost: record.luckCost ?? 0 });
        }
        if (thrown.play && record.best && (record.choices ?? 0) > 1) {
          const loss = Math.max(0, record.loss ?? 0);
          const bestMoves = record.best.map(([from, to]) => ({ from, to }));
          decisions.push({
            seq: thrown.play.seq,
            by,
            kind: 'play',
            played: formatPlay(match.variant, thrown.play.moves, thrown.before),
            best: formatPlay(match.variant, bestMoves, thrown.before),
            playedMoves: thrown.play.moves,
            bestMoves,
            loss,
            mark: markOf(loss),
            counted: true,
            ...(record.luck === undefined ? {} : { luck: record.luck }),
          });
        }
        break;
      }
      case 'double': {
        const double = events.doubles[doubleAt++] ?? mismatch(`double ${doubleAt}`);
        offered = record.cube ?? null;
        if (offered) decisions.push(cubeDecision(double.seq, by, 'double', offered));
        break;
      }
      case 'take':
      case 'drop': {
        const answer = events.answers[answerAt++] ?? mismatch(`${record.action} ${answerAt}`);
        if (offered) {
          // The taker's equities are the doubler's, negated: take -dt, pass -1.
          const take = -offered.dt;
          const drop = -1;
          const made = answer.kind === 'drop' ? drop : take;
          const loss = Math.max(0, Math.max(take, drop) - made);
          const best: CubeChoice = take >= drop ? 'take' : 'drop';
          decisions.push({
            seq: answer.seq,
            by,
            kind: 'take',
            played: answer.kind,
            best,
            loss,
            mark: markOf(loss),
            counted: true,
          });
        }
        offered = null;
        break;
      }
      default:
        break;
    }
  }
  return { number: events.number, decisions, rolls };
}

/** gnubg's cube decision, from the doubler's normalised equities (double and pass is +1). */
function cubeDecision(
  seq: number,
  by: Colour,
  made: 'double' | 'no-double',
  { nd, dt }: { nd: number; dt: number },
): AnalysedDecision {
  const doubled = Math.min(dt, 1);
  const optimal = Math.max(nd, doubled);
  const best: CubeChoice = nd >= doubled ? (nd >= 1 ? 'too-good' : 'no-double') : 'double';
  const loss = Math.max(0, optimal - (made === 'double' ? doubled : nd));
  // As gnubg counts a cube decision: a double, a missed one, or one within 0.16 of doubling.
  const counted = made === 'double' || loss > 0 || optimal - doubled < 0.16;
  return { seq, by, kind: 'cube', played: made, best, loss, mark: markOf(loss), counted };
}

function figuresOf(stats: GnubgPlayerStats, games: readonly AnalysedGame[], colour: Colour): PlayerFigures {
  const plays = stats.moves['unforced-moves'];
  const cube = stats.cube['close-cube'];
  const playError = Math.abs(stats.moves['error-skill']);
  // gnubg's Python reports the chequer play's error as a total, the cube's as a mean per counted decision.
  const cubeError = Math.abs(stats.cube['error-skill']) * cube;
  const rate = (total: number, count: number): number => (count === 0 ? 0 : total / count);
  const errors = { doubtful: 0, bad: 0, veryBad: 0 };
  for (const d of games.flatMap((g) => g.decisions)) {
    if (d.by !== colour) continue;
    if (d.mark === 'doubtful') errors.doubtful++;
    else if (d.mark === 'bad') errors.bad++;
    else if (d.mark === 'very-bad') errors.veryBad++;
  }
  return {
    pr: rate(500 * (playError + cubeError), plays + cube),
    chequerErrorRate: rate(1000 * playError, plays),
    cubeErrorRate: rate(1000 * cubeError, cube),
    unforcedDecisions: plays + cube,
    unforcedPlays: plays,
    cubeDecisions: cube,
    luck: stats.dice.luck,
    actualResult: stats.dice['actual-result'],
    luckAdjustedResult: stats.dice['luck-adjusted-result'],
    errors,
  };
}

/** The match's games that have records (as the .mat writer writes them), with their decisions' events in order. */
function gameEvents(match: NewMatchOptions, events: readonly MatchEvent[]): GameEvents[] {
  const games: GameEvents[] = [];
  const gameOf = (state: MatchState): GameEvents => {
    let game = games.at(-1);
    if (game === undefined || game.number !== state.game.number) {
      game = { number: state.game.number, throws: [], doubles: [], answers: [] };
      games.push(game);
    }
    return game;
  };
  foldEvents(newMatch(match), events, ({ index, before, after, event }) => {
    const seq = index + 1;
    switch (event.type) {
      case 'opening-roll':
        if (after.phase.kind === 'play') {
          const by = after.phase.player;
          gameOf(before).throws.push({
            seq,
            by,
            dice: after.phase.dice,
            cubeSeq: null,
            before: positionFor(after, by),
            play: null,
          });
        }
        break;
      case 'roll': {
        const choseToRoll = before.phase.kind === 'roll' && before.phase.mayDouble && cubeAvailable(before, event.by);
        gameOf(before).throws.push({
          seq,
          by: event.by,
          dice: event.dice,
          cubeSeq: choseToRoll ? seq : null,
          before: positionFor(before, event.by),
          play: null,
        });
        break;
      }
      case 'play': {
        const thrown = gameOf(before).throws.at(-1);
        if (thrown !== undefined && thrown.by === event.by) thrown.play = { seq, moves: event.moves };
        break;
      }
      case 'double':
        gameOf(before).doubles.push({ seq, by: event.by });
        break;
      case 'take':
      case 'drop':
      case 'beaver':
        gameOf(before).answers.push({ seq, by: event.by, kind: event.type });
        break;
      default:
        break;
    }
  });
  return games.filter((g) => g.throws.length + g.doubles.length + g.answers.length > 0);
}
