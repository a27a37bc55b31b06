/**
 * Random but legal match histories for tests and benchmarks: a seeded
 * driver picks each next event (joins, dice from dice.ts, cube actions,
 * random legal plays in the forms the service stores, resignations,
 * timeouts) and applies it with the engine's own `apply`. Deterministic for
 * a given seed and options. Pure: no I/O.
 */
import {
  apply,
  deriveRoll,
  newMatch,
  playEventFor,
  recordsDue,
  type Colour,
  type DiceContext,
  type MatchEvent,
  type MatchState,
  type NewMatchOptions,
  type Variant,
} from '../index.js';
import { mulberry32 as prng } from '../prng.js';
import { randomPick } from './random-player.js';

/** The server seed of every random match's dice. */
const SEED = '238a31ccee3ddce50612ed11f6d2d42ad425415e6bb891a0dd95fea686c13b18';

/**
 * The next event of a random but legal match: dice from dice.ts at the
 * state's roll index, decisions from `random`. Null when the match is over
 * (or a money session has played `maxGames`).
 */
function nextEvent(state: MatchState, random: () => number, dice: DiceContext, limits: Limits): MatchEvent | null {
  const { maxGames, timeouts } = limits;
  const due = recordsDue(state);
  if (due.length > 0) return due[0];
  const { phase } = state;
  const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');
  switch (phase.kind) {
    case 'awaiting-players': {
      const colour = state.joined.includes('white') ? 'black' : 'white';
      return random() < 0.5
        ? { type: 'join', colour }
        : { type: 'join', colour, clientSeed: `seed-${Math.floor(random() * 1000)}` };
    }
    case 'opening-roll': {
      if (state.config.length === 0 && state.games.length >= maxGames && !state.game.started)
        return { type: 'leave', by: 'white' };
      const [white, black] = deriveRoll(dice, state.rollIndex);
      return { type: 'opening-roll', white, black };
    }
    case 'roll': {
      if (state.config.length === 0 && state.games.length >= maxGames && !state.game.started)
        return { type: 'leave', by: 'black' };
      const r = random();
      if (phase.mayDouble && r < 0.08) return { type: 'double', by: phase.player };
      if (r > 0.997) return { type: 'resign', by: random() < 0.5 ? phase.player : other(phase.player), value: 1 };
      if (timeouts && r > 0.9965) return { type: 'timeout', by: other(phase.player) };
      return { type: 'roll', by: phase.player, dice: deriveRoll(dice, state.rollIndex) };
    }
    case 'cube-response': {
      const r = random();
      if (phase.mayBeaver && r < 0.3) return { type: 'beaver', by: phase.player };
      return { type: r < 0.75 ? 'take' : 'drop', by: phase.player };
    }
    case 'play': {
      if (random() < 0.002) return { type: 'resign', by: phase.player, value: random() < 0.5 ? 1 : 2 };
      const play = randomPick(phase.plays, random);
      if (play === undefined) throw new Error('a play phase without plays');
      const r = random();
      if (r < 0.2) {
        // As the service stores it: canonical moves and the board after the play.
        const made = playEventFor(state, phase.player, play.moves);
        if (!made.ok) throw new Error(`a legal play was refused: ${play.text} (${made.message})`);
        return made.event;
      }
      if (r < 0.3 && play.moves.length > 1) {
        // Another order of the same play, stored as given when it is legal step by step.
        const reversed: MatchEvent = { type: 'play', by: phase.player, moves: [...play.moves].reverse() };
        if (apply(state, reversed).ok) return reversed;
      }
      return { type: 'play', by: phase.player, moves: play.moves };
    }
    case 'resignation-response':
      return { type: random() < 0.5 ? 'resignation-accept' : 'resignation-reject', by: phase.player };
    default:
      return null;
  }
}

/** A random match: how it was created, its events, and the states after each (see `keepStates`). */
export interface Played {
  readonly options: NewMatchOptions;
  readonly events: readonly MatchEvent[];
  readonly states: readonly MatchState[];
}

/** When a random match stops, and what it keeps. */
export interface Limits {
  readonly maxEvents: number;
  /** Money sessions are left after this many games. */
  readonly maxGames: number;
  /** Whether the waiting player sometimes claims a timeout (ending the match). */
  readonly timeouts: boolean;
  /** Keep every intermediate state (false: only the first and the last). */
  readonly keepStates: boolean;
}

/** Plays a random match event by event with `apply`, keeping every state (unless `keepStates` is false). */
export function playRandomMatch(options: NewMatchOptions, seed: number, limits: Partial<Limits> = {}): Played {
  const full: Limits = { maxEvents: 400, maxGames: 3, timeouts: true, keepStates: true, ...limits };
  const random = prng(seed);
  const dice: DiceContext = { seed: SEED, matchId: `match-${seed}`, clientSeeds: [] };
  let state = newMatch(options);
  const events: MatchEvent[] = [];
  const states: MatchState[] = [state];
  while (events.length < full.maxEvents) {
    const event = nextEvent(state, random, dice, full);
    if (event === null) break;
    const result = apply(state, event);
    if (!result.ok) throw new Error(`random driver made an illegal ${event.type}: ${result.reason} ${result.message}`);
    state = result.state;
    events.push(event);
    if (full.keepStates) states.push(state);
  }
  if (!full.keepStates) states.push(state);
  return { options, events, states };
}

/**
 * A money session of `variant` long enough to hold `events` events, cube and
 * all (Jacoby, beavers, automatic doubles), stopped after exactly that many;
 * only the first and last states are kept. The replay benchmark's history.
 */
export function longSession(variant: Variant, events: number, seed = 20_261_122): Played {
  return playRandomMatch({ variant, length: 0, rules: { jacoby: true, beavers: true, automaticDoubles: 1 } }, seed, {
    maxEvents: events,
    maxGames: 1_000,
    timeouts: false,
    keepStates: false,
  });
}
