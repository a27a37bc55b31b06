/**
 * A new match before it is stored: the one way a match comes to be, whether
 * played here (created with its creator's join) or read from a file
 * (imported, finished). Its fixed terms get a fresh id and dice secret
 * (docs/dice-fairness.md: the commitment is published from the start), and
 * its projection is what its first events lead to.
 */
import { randomUUID } from 'node:crypto';
import { commitment, generateServerSeed, type MatchState } from '../../engine/index.js';
import { newClock } from '../model/match-clock.js';
import type {
  MatchRecord,
  MatchTerms,
  NewMatchEvent,
  NewMatchRecord,
  SeatedPlayer,
  UserRef,
} from '../model/match-record.js';
import { projectionOf } from './match-projection.js';

/** What a new match is made of: its terms, who is who, its first events and the state they lead to. */
export interface MatchDraftTerms extends Pick<
  MatchTerms,
  'variant' | 'length' | 'rules' | 'daysPerTurn' | 'bankDays' | 'creatorId' | 'source' | 'importedPlayers' | 'rated'
> {
  readonly invited: UserRef | null;
  readonly white: SeatedPlayer | null;
  readonly black: SeatedPlayer | null;
  readonly events: readonly NewMatchEvent[];
  /** The state after `events`. */
  readonly state: MatchState;
  /** The id and dice secret, when the match was given them (an arranged match's id names its place: matches.service.ts); fresh otherwise. */
  readonly fixed?: { readonly id: string; readonly diceSeed: string };
}

/** A new match, ready to store (MatchStore.create). */
export interface MatchDraft {
  /** The fixed terms to store. */
  readonly terms: NewMatchRecord;
  readonly events: readonly NewMatchEvent[];
  readonly state: MatchState;
  /** The match as it reads once stored: at version `events.length`, created and updated at the draft's time. */
  readonly record: MatchRecord;
}

/** The match `terms` describe, made at `at`. */
export function draftMatch(terms: MatchDraftTerms, at: Date): MatchDraft {
  const { invited, white, black, events, state, fixed: given, ...fixed } = terms;
  const seed = given?.diceSeed ?? generateServerSeed();
  const record: NewMatchRecord = {
    id: given?.id ?? randomUUID(),
    ...fixed,
    unratedReason: null,
    invitedId: invited?.id ?? null,
    diceCommitment: commitment(seed),
    diceSeed: seed,
  };
  const seats = { whiteId: white?.id ?? null, blackId: black?.id ?? null };
  const projection = projectionOf({ invited }, seats, state, newClock(record), at);
  return {
    terms: record,
    events,
    state,
    record: {
      ...record,
      invited,
      white,
      black,
      version: events.length,
      projection,
      ratingChanges: null,
      createdAt: at,
      updatedAt: at,
    },
  };
}
