/**
 * A tournament is the fold of its log (docs/tournaments.md "The log"), as a
 * match is of its events: `applyTournament(state, event)` gives the next state
 * or a refusal saying which rule the event breaks; `foldTournament` replays a
 * stored log and throws at the first event it refuses. Pure: every instant
 * an event needs (an entry's) is in the event.
 */
import { knockoutRounds } from './knockout-draw.js';
import { roundRobinRounds } from './round-robin-draw.js';
import type { TournamentEvent } from './tournament-events.js';
import type { Entrant, Slot, SlotSide, TournamentRound, TournamentState } from './tournament-state.js';
import { MIN_ENTRANTS, termsProblems } from './tournament-terms.js';

type EventOf<T extends TournamentEvent['type']> = Extract<TournamentEvent, { type: T }>;

export type TournamentRefusalReason =
  | 'bad-event'
  | 'bad-terms'
  | 'tournament-not-open'
  | 'tournament-not-running'
  | 'tournament-started'
  | 'tournament-cancelled'
  | 'tournament-full'
  | 'entries-closed'
  | 'rating-out-of-range'
  | 'bots-not-allowed'
  | 'already-entered'
  | 'not-entered'
  | 'already-withdrawn'
  | 'too-few-entrants';

export interface TournamentRefusal {
  readonly ok: false;
  readonly reason: TournamentRefusalReason;
  readonly message: string;
}

export type TournamentApplyResult = { readonly ok: true; readonly state: TournamentState } | TournamentRefusal;

function refuse(reason: TournamentRefusalReason, message: string): TournamentRefusal {
  return { ok: false, reason, message };
}

/** The refusal of any change to a cancelled tournament: it is over, and says so (not "started" nor "not open"). */
function cancelledRefusal(state: TournamentState): TournamentRefusal | null {
  return state.status === 'cancelled'
    ? refuse('tournament-cancelled', 'The tournament was cancelled; nothing in it can change any more.')
    : null;
}

function ok(state: TournamentState, changes: Partial<TournamentState>): TournamentApplyResult {
  return { ok: true, state: { ...state, ...changes, version: state.version + 1 } };
}

/** A stored log that a state refuses. */
export class IllegalTournamentEventError extends Error {
  constructor(
    readonly version: number,
    readonly refusal: TournamentRefusal,
  ) {
    super(`tournament event ${version} is refused (${refusal.reason}): ${refusal.message}`);
    this.name = 'IllegalTournamentEventError';
  }
}

/** The tournament a `created` event makes (throws on terms that cannot be). */
export function newTournament(event: Extract<TournamentEvent, { type: 'created' }>): TournamentState {
  const problems = termsProblems(event.terms);
  if (problems.length > 0) throw new Error(`a tournament created with bad terms: ${problems[0].message}`);
  return {
    status: 'open',
    organiser: event.organiser,
    terms: event.terms,
    entrants: [],
    rounds: [],
    champion: null,
    cancelled: null,
    version: 1,
  };
}

/** The entrants' ids in seed order: by rating, highest first; equal ratings by who entered first. */
export function seedOrder(entrants: readonly Entrant[], ratings: ReadonlyMap<string, number> = new Map()): string[] {
  return entrants
    .map((e, index) => ({ id: e.id, rating: ratings.get(e.id) ?? e.rating, index }))
    .sort((a, b) => b.rating - a.rating || a.index - b.index)
    .map((e) => e.id);
}

/** Whether entries are still taken at `at` (ISO 8601): open, not full, before `entriesCloseAt`. */
export function entriesOpen(state: TournamentState, at: string): boolean {
  const close = state.terms.entriesCloseAt;
  return state.status === 'open' && state.entrants.length < state.terms.maxPlayers && (close === null || at < close);
}

export function applyTournament(state: TournamentState, event: TournamentEvent): TournamentApplyResult {
  switch (event.type) {
    case 'created':
      return refuse('bad-event', 'The tournament exists already.');
    case 'entered':
      return cancelledRefusal(state) ?? enter(state, event);
    case 'withdrew':
      return cancelledRefusal(state) ?? withdraw(state, event.player);
    case 'started':
      return cancelledRefusal(state) ?? start(state, event.seeds);
    case 'cancelled':
      return cancelledRefusal(state) ?? cancel(state, event.reason);
    case 'match-created':
      return matchCreated(state, event.round, event.slot, event.matchId);
    case 'match-finished':
      return matchFinished(state, event.matchId, event.winner, event.points);
    case 'advanced':
      return advanced(state, event.round, event.slot, event.player, event.by);
    case 'finished':
      return finish(state, event.champion);
    default: {
      const unknown: never = event;
      return refuse('bad-event', `Unknown event ${JSON.stringify(unknown)}.`);
    }
  }
}

function cancel(state: TournamentState, reason: EventOf<'cancelled'>['reason']): TournamentApplyResult {
  if (state.status !== 'open') {
    return refuse(
      'tournament-started',
      'Only a tournament not started can be cancelled; a started one runs to its end.',
    );
  }
  return ok(state, { status: 'cancelled', cancelled: reason });
}

function enter(state: TournamentState, event: Extract<TournamentEvent, { type: 'entered' }>): TournamentApplyResult {
  const { terms } = state;
  if (state.status !== 'open') return refuse('tournament-not-open', 'Entries are taken only before the start.');
  if (state.entrants.some((e) => e.id === event.player.id)) {
    return refuse('already-entered', `${event.player.username} has entered already.`);
  }
  if (state.entrants.length >= terms.maxPlayers) {
    return refuse('tournament-full', `The tournament is full (${terms.maxPlayers} players).`);
  }
  if (terms.entriesCloseAt !== null && event.at >= terms.entriesCloseAt) {
    return refuse('entries-closed', `Entries closed at ${terms.entriesCloseAt}.`);
  }
  if (event.bot && !terms.botsAllowed) return refuse('bots-not-allowed', 'This tournament does not take bots.');
  if (
    (terms.minRating !== null && event.rating < terms.minRating) ||
    (terms.maxRating !== null && event.rating > terms.maxRating)
  ) {
    const range = `${terms.minRating ?? 'any'} to ${terms.maxRating ?? 'any'}`;
    return refuse(
      'rating-out-of-range',
      `Entry takes ratings from ${range}; ${event.player.username} has ${Math.round(event.rating)}.`,
    );
  }
  const entrant: Entrant = { ...event.player, rating: event.rating, bot: event.bot, seed: null, withdrawn: false };
  return ok(state, { entrants: [...state.entrants, entrant] });
}

function withdraw(state: TournamentState, player: string): TournamentApplyResult {
  const entrant = state.entrants.find((e) => e.id === player);
  if (entrant === undefined) return refuse('not-entered', 'That player has not entered.');
  if (state.status === 'open') return ok(state, { entrants: state.entrants.filter((e) => e.id !== player) });
  if (state.status !== 'running') return refuse('tournament-not-running', 'The tournament is over.');
  if (entrant.withdrawn) return refuse('already-withdrawn', 'That player has withdrawn already.');
  return ok(state, { entrants: state.entrants.map((e) => (e.id === player ? { ...e, withdrawn: true } : e)) });
}

function start(state: TournamentState, seeds: readonly string[]): TournamentApplyResult {
  if (state.status !== 'open') return refuse('tournament-not-open', 'The tournament has started or ended already.');
  const { format, lengths } = state.terms;
  if (state.entrants.length < MIN_ENTRANTS[format]) {
    return refuse(
      'too-few-entrants',
      `A ${format} starts with ${MIN_ENTRANTS[format]} players at least; ${state.entrants.length} entered.`,
    );
  }
  const ids = new Set(state.entrants.map((e) => e.id));
  if (seeds.length !== ids.size || new Set(seeds).size !== seeds.length || seeds.some((id) => !ids.has(id))) {
    return refuse('bad-event', 'The seeds must name every entrant once.');
  }
  const seedOf = new Map(seeds.map((id, i) => [id, i + 1]));
  const entrants = state.entrants.map((e) => ({ ...e, seed: seedOf.get(e.id) ?? null }));
  const rounds = format === 'knockout' ? knockoutRounds(seeds, lengths) : roundRobinRounds(seeds, lengths[0]);
  return ok(state, { status: 'running', entrants, rounds });
}

/** The state with `slot` of `round` replaced by `change(slot)`. */
function withSlot(
  rounds: readonly TournamentRound[],
  round: number,
  slot: number,
  change: (s: Slot) => Slot,
): TournamentRound[] {
  return rounds.map((r) =>
    r.number !== round ? r : { ...r, slots: r.slots.map((s) => (s.slot === slot ? change(s) : s)) },
  );
}

function findSlot(state: TournamentState, round: number, slot: number): Slot | undefined {
  return state.rounds.find((r) => r.number === round)?.slots.find((s) => s.slot === slot);
}

function matchCreated(state: TournamentState, round: number, slotNo: number, matchId: string): TournamentApplyResult {
  if (state.status !== 'running') return refuse('tournament-not-running', 'Matches are created while it runs.');
  const slot = findSlot(state, round, slotNo);
  if (slot === undefined) return refuse('bad-event', `There is no slot ${slotNo} in round ${round}.`);
  if (slot.matchId !== null || slot.decided !== null)
    return refuse('bad-event', 'That slot has its match, or is decided.');
  if (slot.sides.some((s) => s.kind !== 'player'))
    return refuse('bad-event', 'That slot does not have both its players.');
  if (state.rounds.some((r) => r.slots.some((s) => s.matchId === matchId))) {
    return refuse('bad-event', 'That match plays another slot.');
  }
  return ok(state, { rounds: withSlot(state.rounds, round, slotNo, (s) => ({ ...s, matchId })) });
}

function matchFinished(
  state: TournamentState,
  matchId: string,
  winner: string,
  points: readonly [number, number],
): TournamentApplyResult {
  if (state.status !== 'running') return refuse('tournament-not-running', 'The tournament is not running.');
  const slot = state.rounds.flatMap((r) => r.slots).find((s) => s.matchId === matchId);
  if (slot === undefined) return refuse('bad-event', 'That match is not one of this tournament.');
  if (slot.winner !== null || slot.decided !== null) return refuse('bad-event', 'That match has finished already.');
  const players = slot.sides.map((s) => (s.kind === 'player' ? s.id : null));
  if (!players.includes(winner)) return refuse('bad-event', 'The winner is not a player of that match.');
  if (points.some((p) => !Number.isInteger(p) || p < 0))
    return refuse('bad-event', 'Points are whole and not negative.');
  const decided = state.terms.format === 'round-robin' ? 'match' : null;
  return ok(state, {
    rounds: withSlot(state.rounds, slot.round, slot.slot, (s) => ({ ...s, winner, points, decided })),
  });
}

/**
 * A slot decided: in a knock-out, its winner (or nobody) goes on to the next round's slot; in a
 * round-robin, a walkover for `player` (the slot's match was never created).
 */
function advanced(
  state: TournamentState,
  round: number,
  slotNo: number,
  player: string | null,
  by: 'match' | 'bye' | 'walkover',
): TournamentApplyResult {
  if (state.status !== 'running') return refuse('tournament-not-running', 'The tournament is not running.');
  const slot = findSlot(state, round, slotNo);
  if (slot === undefined) return refuse('bad-event', `There is no slot ${slotNo} in round ${round}.`);
  if (slot.decided !== null) return refuse('bad-event', 'That slot is decided already.');
  if (slot.sides.some((s) => s.kind === 'waiting')) return refuse('bad-event', 'That slot waits for a player.');
  const players = slot.sides.map((s) => (s.kind === 'player' ? s.id : null));
  if (by === 'match' ? slot.winner === null || player !== slot.winner : slot.matchId !== null) {
    return refuse('bad-event', by === 'match' ? 'The match has no such winner.' : 'That slot has a match.');
  }
  if (player !== null && !players.includes(player)) return refuse('bad-event', 'That player is not in the slot.');
  const length = state.rounds[round - 1].length;
  const points: readonly [number, number] | null =
    by === 'match' ? slot.points : player === null ? null : players[0] === player ? [length, 0] : [0, length];
  let rounds = withSlot(state.rounds, round, slotNo, (s) => ({ ...s, winner: player, points, decided: by }));
  if (state.terms.format === 'knockout' && round < state.rounds.length) {
    const next: SlotSide = player === null ? { kind: 'nobody' } : { kind: 'player', id: player };
    rounds = withSlot(rounds, round + 1, slotNo >> 1, (s) => ({
      ...s,
      sides: (slotNo & 1) === 0 ? [next, s.sides[1]] : [s.sides[0], next],
    }));
  }
  return ok(state, { rounds });
}

function finish(state: TournamentState, champion: string | null): TournamentApplyResult {
  if (state.status !== 'running') return refuse('tournament-not-running', 'The tournament is not running.');
  if (state.rounds.some((r) => r.slots.some((s) => s.decided === null))) {
    return refuse('bad-event', 'Some of its matches are not decided.');
  }
  return ok(state, { status: 'finished', champion });
}

/** The state a stored log folds into; throws IllegalTournamentEventError at the first event refused. */
export function foldTournament(events: readonly TournamentEvent[]): TournamentState {
  const [first, ...rest] = events;
  if (first?.type !== 'created') throw new Error('a tournament log begins with its created event');
  let state = newTournament(first);
  for (const event of rest) {
    const result = applyTournament(state, event);
    if (!result.ok) throw new IllegalTournamentEventError(state.version + 1, result);
    state = result.state;
  }
  return state;
}
