/**
 * The JSON interchange document of a match (docs/architecture.md,
 * "Interchange"): its terms, its players and its whole event log, the
 * engine's events as stored. GET /api/matches/{id}/export.json writes it for
 * both variants; POST /api/matches/import takes it back, replaying every
 * event with the engine, and stores the events as the server would have:
 * plays in canonical form with the board after them, records as the engine
 * builds them. Pure: no Nest, no I/O.
 */
import {
  applyCommand,
  foldEvents,
  IllegalEventError,
  newMatch,
  playEventFor,
  recordsDue,
  resolveRules,
  type MatchEvent,
  type MatchEventType,
  type MatImport,
  type MatchState,
  type RulesOptions,
  type Variant,
} from '../engine/index.js';
import type { MatchSource, StoredMatchEvent } from '../matches/index.js';
import { InvalidMatchFileError } from './interchange.errors.js';

export const MATCH_LOG_FORMAT = 'nardy-match-log';
export const MATCH_LOG_VERSION = 1;

/** The document as exported. */
export interface MatchLog {
  readonly format: typeof MATCH_LOG_FORMAT;
  readonly formatVersion: typeof MATCH_LOG_VERSION;
  /** The exported match, and where it came from (informative: an import gets an id of its own). */
  readonly id: string;
  readonly source: MatchSource;
  readonly variant: Variant;
  readonly length: number;
  readonly rules: RulesOptions;
  /** The players by colour: usernames, or an imported match's names; null for a seat not taken. */
  readonly players: { readonly white: string | null; readonly black: string | null };
  readonly events: readonly MatchEvent[];
}

/** A match read from a file (.mat or this document), ready to be stored: the engine's MatImport (its events fold into `state`, a finished match). */
export type ImportedMatch = MatImport;

/** A document to import, its shape checked (the DTO): the events are still untrusted objects. */
export interface MatchLogInput {
  readonly variant: Variant;
  readonly length: number;
  readonly rules?: Partial<RulesOptions>;
  readonly players: { readonly white: string; readonly black: string };
  readonly events: readonly Readonly<Record<string, unknown>>[];
}

/** The fields of each event type besides `type` (events.ts). */
const FIELDS: Readonly<Record<MatchEventType, readonly string[]>> = {
  join: ['colour', 'clientSeed'],
  decline: ['by'],
  abort: ['by'],
  'opening-roll': ['white', 'black'],
  roll: ['by', 'dice'],
  play: ['by', 'moves', 'board'],
  double: ['by'],
  take: ['by'],
  drop: ['by'],
  beaver: ['by'],
  resign: ['by', 'value'],
  'resignation-accept': ['by'],
  'resignation-reject': ['by'],
  timeout: ['by'],
  leave: ['by'],
  'game-end': ['gameNumber', 'outcome'],
  'match-end': ['winner', 'reason', 'score'],
};

/** As long as a join's client seed may be when a player joins here. */
const MAX_CLIENT_SEED = 128;

export function matchLogOf(
  terms: { readonly id: string; readonly source: MatchSource; readonly variant: Variant; readonly length: number },
  rules: RulesOptions,
  players: MatchLog['players'],
  events: readonly StoredMatchEvent[],
): MatchLog {
  return {
    format: MATCH_LOG_FORMAT,
    formatVersion: MATCH_LOG_VERSION,
    id: terms.id,
    source: terms.source,
    variant: terms.variant,
    length: terms.length,
    rules,
    players,
    events: events.map((stored) => stored.event),
  };
}

/**
 * The events of a document replayed into a finished match.
 * @throws InvalidMatchFileError naming the event (1-based), its game and the reason.
 */
export function readMatchLog(input: MatchLogInput): ImportedMatch {
  const resolved = resolveRules(input.rules ?? {});
  if (!resolved.ok) {
    const [problem] = resolved.problems;
    throw new InvalidMatchFileError(`The rules make no sense: ${problem.message}.`, {
      reason: 'bad-rules',
      game: null,
      event: null,
    });
  }
  const { rules } = resolved;
  /** The state the next event finds. */
  let state = newMatch({ variant: input.variant, length: input.length, rules });
  const refusal = (index: number, reason: string, message: string): InvalidMatchFileError => {
    const raw = input.events[index];
    const type = typeof raw.type === 'string' ? ` (${raw.type})` : '';
    const game = state.game.number;
    return new InvalidMatchFileError(`Event ${index + 1}${type}, game ${game}: ${message}`, {
      reason,
      game,
      event: index + 1,
    });
  };
  // Each event's fields are checked as the fold reaches it, so the first fault of the log is the one reported.
  function* checked(): Generator<MatchEvent> {
    for (let index = 0; index < input.events.length; index++) {
      yield eventOf(input.events[index], (reason, message) => {
        throw refusal(index, reason, message);
      });
    }
  }
  const events: MatchEvent[] = [];
  try {
    // Judged as new commands are (the highest cube, docs/rules.md M1, among their rules).
    foldEvents(
      state,
      checked(),
      ({ before, event, after }) => {
        events.push(storedForm(before, event));
        state = after;
      },
      applyCommand,
    );
  } catch (err) {
    if (!(err instanceof IllegalEventError)) throw err;
    throw refusal(err.index, err.playReason ?? err.reason, err.detail);
  }
  if (state.status !== 'finished') {
    const status = state.status === 'awaiting-players' ? 'waiting for players' : state.status;
    throw new InvalidMatchFileError(`The log ends before the match is over (it is ${status}).`, {
      reason: 'match-unfinished',
      game: state.game.number,
      event: null,
    });
  }
  return { variant: input.variant, length: input.length, rules, players: input.players, events, state };
}

/** The event with the fields of its type only, or a refusal. */
function eventOf(
  raw: Readonly<Record<string, unknown>>,
  refuse: (reason: string, message: string) => never,
): MatchEvent {
  const type = raw.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) {
    return refuse('bad-event', `${JSON.stringify(type ?? null)} is not an event type.`);
  }
  const fields = FIELDS[type as MatchEventType];
  for (const key of Object.keys(raw)) {
    if (key !== 'type' && !fields.includes(key)) refuse('bad-event', `A ${type} event has no field "${key}".`);
  }
  if (type === 'join' && raw.clientSeed !== undefined) {
    if (typeof raw.clientSeed !== 'string' || raw.clientSeed.length > MAX_CLIENT_SEED) {
      refuse('bad-event', `A client seed is a string of at most ${MAX_CLIENT_SEED} characters.`);
    }
  }
  return { ...raw } as unknown as MatchEvent;
}

/**
 * What is stored for an event `apply` accepted: a play as the server stores
 * it (canonical moves, the board after), a record as the engine builds it,
 * any other event with its own fields only.
 */
function storedForm(before: MatchState, event: MatchEvent): MatchEvent {
  switch (event.type) {
    case 'play': {
      const made = playEventFor(before, event.by, event.moves);
      return made.ok ? made.event : event;
    }
    case 'game-end':
    case 'match-end':
      return recordsDue(before).find((record) => record.type === event.type) ?? event;
    case 'join':
      return event.clientSeed === undefined
        ? { type: 'join', colour: event.colour }
        : { type: 'join', colour: event.colour, clientSeed: event.clientSeed };
    case 'roll':
      return { type: 'roll', by: event.by, dice: [event.dice[0], event.dice[1]] };
    case 'opening-roll':
      return { type: 'opening-roll', white: event.white, black: event.black };
    case 'resign':
      return { type: 'resign', by: event.by, value: event.value };
    default:
      return { type: event.type, by: event.by };
  }
}
