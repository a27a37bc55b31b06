/**
 * What the API answers for a tournament (docs/tournaments.md, "API"): its
 * terms, entrants with seeds, rounds with their matches and results, the
 * standings and the champion, players named by username.
 */
import {
  entriesOpen,
  standings,
  type AdvanceReason,
  type Entrant,
  type Standing,
  type TournamentState,
  type TournamentStatus,
  type TournamentTerms,
} from '../../engine/index.js';
import type { TournamentRecord } from '../model/tournament-record.js';

export interface TournamentMatchView {
  readonly slot: number;
  readonly matchId: string | null;
  /** White first; null: nobody (a bye), or not known yet (`waiting`). */
  readonly players: readonly [string | null, string | null];
  readonly waiting: readonly [boolean, boolean];
  readonly winner: string | null;
  readonly points: readonly [number, number] | null;
  /** How the slot was decided: by its match, a bye or a walkover; null while it is not. */
  readonly decidedBy: AdvanceReason | null;
}

export interface TournamentView extends TournamentTerms {
  readonly id: string;
  readonly status: TournamentStatus;
  /** The organiser's username. */
  readonly organiser: string;
  /** Whether an entry is taken now. */
  readonly entriesOpen: boolean;
  /** In the order they entered, with their seeds once started. */
  readonly entrants: readonly Omit<Entrant, 'id'>[];
  readonly rounds: readonly {
    readonly number: number;
    readonly length: number;
    readonly matches: readonly TournamentMatchView[];
  }[];
  /** The standings (docs/tournaments.md, "Standings"), players by username; empty before the start. */
  readonly standings: readonly Omit<Standing, 'id'>[];
  readonly champion: string | null;
  readonly cancelled: 'organiser' | 'too-few-entrants' | null;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The usernames of a state's players by id. */
function namesOf(state: TournamentState): (id: string | null) => string | null {
  const names = new Map(state.entrants.map((e) => [e.id, e.username]));
  return (id) => (id === null ? null : (names.get(id) ?? null));
}

export function presentTournament(record: TournamentRecord, now: Date): TournamentView {
  const { state } = record;
  const { terms } = state;
  const name = namesOf(state);
  return {
    ...terms,
    id: record.id,
    status: state.status,
    organiser: state.organiser.username,
    entriesOpen: entriesOpen(state, now.toISOString()),
    entrants: state.entrants.map(({ id: _id, ...entrant }) => entrant),
    rounds: state.rounds.map((r) => ({
      number: r.number,
      length: r.length,
      matches: r.slots.map((s) => ({
        slot: s.slot,
        matchId: s.matchId,
        players: [
          name(s.sides[0].kind === 'player' ? s.sides[0].id : null),
          name(s.sides[1].kind === 'player' ? s.sides[1].id : null),
        ],
        waiting: [s.sides[0].kind === 'waiting', s.sides[1].kind === 'waiting'],
        winner: name(s.winner),
        points: s.points,
        decidedBy: s.decided,
      })),
    })),
    standings: state.status === 'open' ? [] : standings(state).map(({ id: _id, ...standing }) => standing),
    champion: name(state.champion),
    cancelled: state.cancelled,
    version: record.version,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
