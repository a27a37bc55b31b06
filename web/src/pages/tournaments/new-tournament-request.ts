/**
 * The "New tournament" form's values and the request they make (POST /api/tournaments,
 * CreateTournamentDto; docs/tournaments.md, "Terms"). A knock-out's lengths are asked round by
 * round from the final back (the final, the semi-finals, …), as many rounds as its largest field
 * plays: the list is read back from the final, so a smaller field simply plays the last of them.
 * The request carries what the person chose; the server's validation decides the rest.
 */
import { KNOCKOUT_MAX_PLAYERS, roundsOf, type TournamentFormat } from '../../../../src/engine/index.js';
import type { Schemas, Variant } from '../../api/client.js';
import { DEFAULT_RULES, numberOf, rulesRequest, type RulesForm } from '../lobby/new-match-request.js';

export type CreateTournamentBody = Schemas['CreateTournamentDto'];

export interface NewTournamentForm {
  readonly name: string;
  readonly variant: Variant;
  readonly format: TournamentFormat;
  readonly maxPlayers: string;
  /** A knock-out's points per match from the final back: the final's, the semi-finals', … */
  readonly knockoutLengths: readonly string[];
  /** A round-robin's one length. */
  readonly roundRobinLength: string;
  readonly rules: RulesForm;
  /** Days per decision; "" for no clock. */
  readonly daysPerTurn: string;
  readonly bankDays: string;
  readonly rated: boolean;
  /** "" for no limit. */
  readonly minRating: string;
  readonly maxRating: string;
  /** A datetime-local input's value ("2026-05-01T18:00", the person's own time); "" for none. */
  readonly entriesCloseAt: string;
  readonly startsAt: string;
  readonly botsAllowed: boolean;
}

/** The form as it opens: a knock-out of up to 8, 3-point matches to a 5-point final, 3 days a move. */
export const NEW_TOURNAMENT_FORM: NewTournamentForm = {
  name: '',
  variant: 'backgammon',
  format: 'knockout',
  maxPlayers: '8',
  knockoutLengths: ['5', '3', '3'],
  roundRobinLength: '3',
  rules: DEFAULT_RULES,
  daysPerTurn: '3',
  bankDays: '0',
  rated: true,
  minRating: '',
  maxRating: '',
  entriesCloseAt: '',
  startsAt: '',
  botsAllowed: false,
};

const MOST_ROUNDS = roundsOf(KNOCKOUT_MAX_PLAYERS);

/**
 * How many rounds a knock-out of at most `maxPlayers` plays, so how many lengths the form asks
 * for: at least one (the final), `shown` while the figure is no field size (being typed).
 */
export function knockoutRounds(maxPlayers: string, shown: number): number {
  const players = Number(maxPlayers);
  if (maxPlayers.trim() === '' || !Number.isInteger(players) || players < 2) return Math.max(1, shown);
  return Math.min(MOST_ROUNDS, roundsOf(Math.min(players, KNOCKOUT_MAX_PLAYERS)));
}

/** The lengths the form shows, from the final back: as many as the rounds, earlier rounds as the earliest given. */
export function shownKnockoutLengths(form: Pick<NewTournamentForm, 'maxPlayers' | 'knockoutLengths'>): string[] {
  const count = knockoutRounds(form.maxPlayers, form.knockoutLengths.length);
  const earliest = form.knockoutLengths.at(-1) ?? '';
  return Array.from({ length: count }, (_, i) => form.knockoutLengths[i] ?? earliest);
}

/**
 * The form with `variant` chosen: long nardy is traditionally played without the cube, so it turns
 * the cube off (and backgammon back on), as the new-match form does.
 */
export function withTournamentVariant(form: NewTournamentForm, variant: Variant): Partial<NewTournamentForm> {
  if (variant === form.variant) return {};
  return { variant, rules: { ...form.rules, cube: variant === 'backgammon' } };
}

/** A datetime-local value as an instant; text that is no time goes as it is, for the server to refuse. */
function instantOf(text: string): string | null {
  if (text.trim() === '') return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? text : time.toISOString();
}

/** The body of POST /api/tournaments for the form. */
export function newTournamentRequest(form: NewTournamentForm): CreateTournamentBody {
  const lengths =
    form.format === 'knockout'
      ? shownKnockoutLengths(form)
          .reverse()
          .map((length) => numberOf(length, Number.NaN))
      : [numberOf(form.roundRobinLength, Number.NaN)];
  const body: { -readonly [K in keyof CreateTournamentBody]: CreateTournamentBody[K] } = {
    name: form.name.trim(),
    variant: form.variant,
    format: form.format,
    lengths,
    daysPerTurn: numberOf(form.daysPerTurn, null),
    maxPlayers: numberOf(form.maxPlayers, Number.NaN),
    bankDays: numberOf(form.bankDays, 0),
    rated: form.rated,
    botsAllowed: form.botsAllowed,
  };
  const rules = rulesRequest({ variant: form.variant, money: false, rules: form.rules });
  if (rules !== undefined) body.rules = rules;
  const minRating = numberOf(form.minRating, null);
  if (minRating !== null) body.minRating = minRating;
  const maxRating = numberOf(form.maxRating, null);
  if (maxRating !== null) body.maxRating = maxRating;
  const entriesCloseAt = instantOf(form.entriesCloseAt);
  if (entriesCloseAt !== null) body.entriesCloseAt = entriesCloseAt;
  const startsAt = instantOf(form.startsAt);
  if (startsAt !== null) body.startsAt = startsAt;
  return body;
}
