import { createHash } from 'node:crypto';
import {
  apply,
  deriveOpeningThrow,
  deriveRoll,
  newMatch,
  verifyCommitment,
  type MatchEvent,
  type MatchState,
  type NewMatchOptions,
} from '../../src/engine/index.js';
import type {
  Colour,
  EventJson,
  FairnessJson,
  MatchClient,
  MatchStateJson,
  PositionJson,
  ScoreJson,
} from './match-client.js';

/**
 * What anyone can check about a finished match from the public endpoints
 * alone: the dice against the revealed seed (docs/dice-fairness.md), every
 * stored position against a fresh fold of the log (docs/architecture.md
 * "Match event model"), and the result against the records.
 */

/** The engine's fields of a stored event, by its type (seq, at and the service's additions left out). */
export function engineEventOf(e: EventJson): MatchEvent {
  const f = e as unknown as Record<string, unknown>;
  const by = f.by as Colour;
  switch (e.type) {
    case 'join':
      return f.clientSeed === undefined || f.clientSeed === null
        ? { type: 'join', colour: f.colour as Colour }
        : { type: 'join', colour: f.colour as Colour, clientSeed: f.clientSeed as string };
    case 'opening-roll':
      return { type: 'opening-roll', white: f.white, black: f.black } as MatchEvent;
    case 'roll':
      return { type: 'roll', by, dice: f.dice } as MatchEvent;
    case 'play':
      return (
        f.board === undefined
          ? { type: 'play', by, moves: f.moves }
          : { type: 'play', by, moves: f.moves, board: f.board }
      ) as MatchEvent;
    case 'resign':
      return { type: 'resign', by, value: f.value } as MatchEvent;
    case 'game-end':
      return { type: 'game-end', gameNumber: f.gameNumber, outcome: f.outcome } as MatchEvent;
    case 'match-end':
      return { type: 'match-end', winner: f.winner, reason: f.reason, score: f.score } as MatchEvent;
    default:
      return { type: e.type, by } as MatchEvent;
  }
}

/** The state's score, board, cube and turn as the API's position of that seq must show them. */
export function expectedPosition(state: MatchState): Omit<PositionJson, 'seq' | 'game' | 'turn'> & {
  game: Pick<PositionJson['game'], 'number' | 'board' | 'cube'>;
  turn: Omit<PositionJson['turn'], 'deadline'>;
} {
  const { game, phase } = state;
  const side = (s: MatchState['game']['board']['white']) => ({ points: [...s.points], bar: s.bar, off: s.off });
  let turn: Omit<PositionJson['turn'], 'deadline'> = { player: null, awaiting: null };
  switch (phase.kind) {
    case 'roll':
    case 'cube-response':
    case 'play':
    case 'resignation-response':
      turn = { player: phase.player, awaiting: phase.kind };
      break;
    case 'opening-roll':
      // Only between the games of a money session does the opening throw wait for a player's roll;
      // once it is thrown, ties are thrown again by the server.
      if (state.config.length === 0 && state.games.length > 0 && !game.started)
        turn = { player: null, awaiting: 'roll' };
      break;
    default:
  }
  return {
    score: { ...state.progress.score },
    crawford: game.crawford,
    game: {
      number: game.number,
      board: { white: side(game.board.white), black: side(game.board.black) },
      cube: { value: game.cube.value, owner: game.cube.owner === 'centre' ? null : game.cube.owner },
    },
    turn,
  };
}

export interface AuditReport {
  readonly events: readonly EventJson[];
  readonly fairness: FairnessJson;
  /** The fold of every event. */
  readonly folded: MatchState;
}

/**
 * Audits a finished match through the public API only (no token):
 * 1. the events are numbered 1..version with no gap;
 * 2. the commitment is sha256 of the revealed seed, and every throw of
 *    `fairness` is the published derivation at its roll index and equals the
 *    dice of its event, and every throw event is listed;
 * 3. the position of every seq equals the engine's fold of the log up to it;
 * 4. the score and result agree with the game-end and match-end records.
 */
export async function auditFinishedMatch(
  client: MatchClient,
  final: MatchStateJson,
  options: NewMatchOptions,
): Promise<AuditReport> {
  const matchId = final.id;
  const events = await client.events(matchId);
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));

  const fairness = await client.fairness(matchId);
  const seed = fairness.seed;
  expect(seed).toMatch(/^[0-9a-f]{64}$/);
  const contextOf = { seed: seed!, matchId, clientSeeds: fairness.clientSeeds };
  expect(createHash('sha256').update(Buffer.from(seed!, 'hex')).digest('hex')).toBe(fairness.commitment);
  expect(verifyCommitment(seed!, final.fairness!.commitment)).toBe(true);
  expect(final.fairness!.seed).toBe(seed);
  const seeds = events.filter((e) => e.type === 'join' && typeof e.clientSeed === 'string').map((e) => e.clientSeed);
  expect(fairness.clientSeeds).toEqual(seeds);

  const throwsBySeq = new Map(fairness.throws.map((t) => [t.seq, t]));
  expect(fairness.throws.map((t) => t.rollIndex)).toEqual(fairness.throws.map((_, i) => i));
  const throwEvents = events.filter((e) => e.type === 'opening-roll' || e.type === 'roll');
  expect(fairness.throws.map((t) => t.seq)).toEqual(throwEvents.map((e) => e.seq));

  let state = newMatch(options);
  const positionMismatches: string[] = [];
  for (const e of events) {
    const event = engineEventOf(e);
    const thrown = throwsBySeq.get(e.seq);
    if (thrown !== undefined) {
      expect(thrown.rollIndex).toBe(state.rollIndex);
      if (event.type === 'opening-roll') {
        const derived = deriveOpeningThrow(contextOf, thrown.rollIndex);
        expect([event.white, event.black]).toEqual([derived.white, derived.black]);
        expect(thrown.dice).toEqual([derived.white, derived.black]);
      } else if (event.type === 'roll') {
        const derived = deriveRoll(contextOf, thrown.rollIndex);
        expect(event.dice).toEqual([...derived]);
        expect(thrown.dice).toEqual([...derived]);
      }
    }
    const applied = apply(state, event);
    if (!applied.ok) throw new Error(`event ${e.seq} (${e.type}) refused by the engine: ${applied.reason}`);
    state = applied.state;
    const position = await client.position(matchId, e.seq);
    const expected = expectedPosition(state);
    const actual = {
      score: position.score,
      crawford: position.crawford,
      game: { number: position.game.number, board: position.game.board, cube: position.game.cube },
      turn: { player: position.turn.player, awaiting: position.turn.awaiting },
    };
    if (position.seq !== e.seq || JSON.stringify(actual) !== JSON.stringify(expected)) {
      positionMismatches.push(
        `seq ${e.seq} (${e.type}): got ${JSON.stringify(actual)}, fold ${JSON.stringify(expected)}`,
      );
    }
  }
  expect(positionMismatches.slice(0, 3)).toEqual([]);

  const gameEnds = events.filter((e) => e.type === 'game-end');
  const points: ScoreJson = gameEnds.reduce(
    (score, e) => {
      const outcome = e.outcome as { winner: Colour; points: number };
      return { ...score, [outcome.winner]: score[outcome.winner] + outcome.points };
    },
    { white: 0, black: 0 },
  );
  expect(final.score).toEqual(points);
  expect(state.progress.score).toEqual(points);
  const matchEnds = events.filter((e) => e.type === 'match-end');
  expect(matchEnds).toHaveLength(1);
  expect(events[events.length - 1].type).toBe('match-end');
  const { winner, reason, score } = matchEnds[0] as unknown as {
    winner: Colour | null;
    reason: string;
    score: ScoreJson;
  };
  expect(final.result).toEqual({ winner, reason, score });
  expect(score).toEqual(points);
  expect(state.status).toBe('finished');
  return { events, fairness, folded: state };
}
