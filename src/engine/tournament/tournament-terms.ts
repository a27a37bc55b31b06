/**
 * A tournament's terms (docs/tournaments.md "Terms"): what the organiser sets
 * when creating it, and the checks the terms must pass. The engine reads only
 * what decides the draw and the entries (format, lengths, limits, bots); the
 * match rules and clock are carried for the matches the service creates.
 */
import type { RulesOptions } from '../rules-options.js';
import type { Variant } from '../types.js';

export type TournamentFormat = 'knockout' | 'round-robin';

export const TOURNAMENT_FORMATS: readonly TournamentFormat[] = Object.freeze(['knockout', 'round-robin']);

/** The most players a knock-out takes (eight rounds). */
export const KNOCKOUT_MAX_PLAYERS = 256;

/**
 * The most players a round-robin takes: one group, every pair playing once (120 matches at 16).
 * Larger fields are refused rather than split into groups (docs/tournaments.md "Round-robin").
 */
export const ROUND_ROBIN_MAX_PLAYERS = 16;

/** The fewest entrants a tournament starts with. */
export const MIN_ENTRANTS: Readonly<Record<TournamentFormat, number>> = Object.freeze({
  knockout: 2,
  'round-robin': 3,
});

/** The longest match a tournament round may play (as a match's own limit). */
export const TOURNAMENT_MAX_LENGTH = 25;

export interface TournamentTerms {
  readonly name: string;
  readonly variant: Variant;
  readonly format: TournamentFormat;
  /**
   * Points per match. A knock-out's list runs to the final: its last entry is the final's length,
   * the one before the semi-finals', and so on; rounds before the list's first entry play that
   * first entry (`roundLength`). A round-robin's list has one entry.
   */
  readonly lengths: readonly number[];
  readonly rules: RulesOptions;
  /** The matches' correspondence clock: days per turn (null: no clock) and the time bank. */
  readonly daysPerTurn: number | null;
  readonly bankDays: number;
  readonly rated: boolean;
  readonly maxPlayers: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  /** ISO 8601 instants: entries close at `entriesCloseAt`; the service starts it at `startsAt`. */
  readonly entriesCloseAt: string | null;
  readonly startsAt: string | null;
  readonly botsAllowed: boolean;
}

/** A term that cannot be, with the field it concerns. */
export interface TermsProblem {
  readonly field: keyof TournamentTerms;
  readonly message: string;
}

/** The problems of `terms` (none: they are good). Shapes (types, ranges of single numbers) are the caller's. */
export function termsProblems(terms: TournamentTerms): TermsProblem[] {
  const problems: TermsProblem[] = [];
  const most = terms.format === 'knockout' ? KNOCKOUT_MAX_PLAYERS : ROUND_ROBIN_MAX_PLAYERS;
  if (terms.name.trim().length === 0) problems.push({ field: 'name', message: 'The name must not be blank.' });
  if (terms.maxPlayers < MIN_ENTRANTS[terms.format] || terms.maxPlayers > most) {
    problems.push({
      field: 'maxPlayers',
      message:
        terms.format === 'round-robin'
          ? `A round-robin takes ${MIN_ENTRANTS[terms.format]} to ${most} players (one group; larger fields are refused).`
          : `A knock-out takes ${MIN_ENTRANTS[terms.format]} to ${most} players.`,
    });
  }
  if (terms.lengths.length === 0) problems.push({ field: 'lengths', message: 'Give the points of each match.' });
  if (terms.format === 'round-robin' && terms.lengths.length > 1) {
    problems.push({ field: 'lengths', message: 'A round-robin plays one length: give one.' });
  }
  if (terms.format === 'knockout' && terms.lengths.length > roundsOf(KNOCKOUT_MAX_PLAYERS)) {
    problems.push({ field: 'lengths', message: `A knock-out has at most ${roundsOf(KNOCKOUT_MAX_PLAYERS)} rounds.` });
  }
  for (const length of terms.lengths) {
    if (!Number.isInteger(length) || length < 1 || length > TOURNAMENT_MAX_LENGTH) {
      problems.push({
        field: 'lengths',
        message: `Each length is a whole number of points, 1 to ${TOURNAMENT_MAX_LENGTH}.`,
      });
      break;
    }
  }
  if (terms.minRating !== null && terms.maxRating !== null && terms.minRating > terms.maxRating) {
    problems.push({ field: 'minRating', message: 'The lowest rating is above the highest.' });
  }
  if (terms.entriesCloseAt !== null && terms.startsAt !== null && terms.entriesCloseAt > terms.startsAt) {
    problems.push({ field: 'entriesCloseAt', message: 'Entries must close no later than the start.' });
  }
  return problems;
}

/** The rounds of a knock-out of `players`: log2 of the bracket's size. */
export function roundsOf(players: number): number {
  let rounds = 0;
  while (1 << rounds < players) rounds++;
  return rounds;
}

/**
 * The length of a knock-out's round `round` (from 1) of `rounds`: the lengths list is read back
 * from the final, and rounds before its first entry play that entry.
 */
export function roundLength(lengths: readonly number[], round: number, rounds: number): number {
  const fromFinal = rounds - round; // 0 for the final
  const index = lengths.length - 1 - fromFinal;
  return lengths[Math.max(0, index)];
}
