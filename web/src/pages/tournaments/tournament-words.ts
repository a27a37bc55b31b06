/** A tournament in words: its format, its status, a round's name, a tie-break, its lengths. */
import type { Tournament, TournamentRound, TournamentStanding } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { lengthText, variantName } from '../../ui/match-labels.js';

const FORMATS: Readonly<Record<Tournament['format'], MessageKey>> = {
  knockout: 'tournaments.format.knockout',
  'round-robin': 'tournaments.format.roundRobin',
};

export function formatName(format: Tournament['format']): string {
  return t(FORMATS[format]);
}

/** "Backgammon, knock-out". */
export function tournamentKind(tournament: Pick<Tournament, 'variant' | 'format'>): string {
  return t('tournaments.kind', { variant: variantName(tournament.variant), format: formatName(tournament.format) });
}

/** Where the tournament stands: taking entries, waiting for its start, under way, finished or cancelled. */
export function statusText(tournament: Pick<Tournament, 'status' | 'entriesOpen' | 'cancelled'>): string {
  switch (tournament.status) {
    case 'open':
      return tournament.entriesOpen ? t('tournaments.status.entriesOpen') : t('tournaments.status.entriesClosed');
    case 'running':
      return t('tournaments.status.running');
    case 'finished':
      return t('tournaments.status.finished');
    case 'cancelled':
      return tournament.cancelled === 'too-few-entrants'
        ? t('tournaments.status.cancelledTooFew')
        : t('tournaments.status.cancelled');
  }
}

/** A knock-out round by its distance from the final: "Final", "Semi-finals", "Quarter-finals", "Round of 16", … */
export function knockoutRoundName(toFinal: number): string {
  if (toFinal === 0) return t('tournaments.round.final');
  if (toFinal === 1) return t('tournaments.round.semiFinals');
  if (toFinal === 2) return t('tournaments.round.quarterFinals');
  return t('tournaments.round.roundOf', { players: 2 ** (toFinal + 1) });
}

/** A round's name: a knock-out's by its place before the final, a round-robin's by number. */
export function roundName(
  tournament: Pick<Tournament, 'format' | 'rounds'>,
  round: Pick<TournamentRound, 'number'>,
): string {
  if (tournament.format === 'round-robin') return t('tournaments.round.numbered', { number: round.number });
  return knockoutRoundName(tournament.rounds.length - round.number);
}

/**
 * The points of each match: a round-robin's one length; a knock-out's round by round once drawn,
 * before that as the terms give them, from the final back ("Final: 7 points, semi-finals: 5 points,
 * quarter-finals and before: 3 points").
 */
export function lengthsText(tournament: Pick<Tournament, 'format' | 'lengths' | 'rounds'>): string {
  // A round-robin's one length, or a knock-out's rounds all of one length before the draw.
  if (tournament.format === 'round-robin' || (tournament.rounds.length === 0 && tournament.lengths.length === 1))
    return lengthText(tournament.lengths[0] ?? 0);
  const parts =
    tournament.rounds.length > 0
      ? tournament.rounds.map((round) => [roundName(tournament, round), round.length] as const)
      : [...tournament.lengths].reverse().map((length, toFinal, all) => {
          const name = knockoutRoundName(toFinal);
          const last = toFinal === all.length - 1 && toFinal > 0;
          return [last ? t('tournaments.round.andBefore', { round: name }) : name, length] as const;
        });
  return parts
    .map(([round, length]) => t('tournaments.terms.roundLength', { round, length: lengthText(length) }))
    .join('; ');
}

const TIE_BREAKS: Readonly<Record<NonNullable<TournamentStanding['tieBreak']>, MessageKey>> = {
  'head-to-head': 'tournaments.tieBreak.headToHead',
  'points-difference': 'tournaments.tieBreak.pointsDifference',
  'points-won': 'tournaments.tieBreak.pointsWon',
  seed: 'tournaments.tieBreak.seed',
};

/** The rule that put a player above the next with as many matches won; "" when matches won did. */
export function tieBreakText(tieBreak: TournamentStanding['tieBreak']): string {
  return tieBreak === null ? '' : t(TIE_BREAKS[tieBreak]);
}
