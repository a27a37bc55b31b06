/** A tournament's terms at a glance (docs/tournaments.md, "Terms"): the game, the points, the clock, who may enter and when it starts. */
import type { ComponentChildren } from 'preact';
import type { Tournament } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { ratingText } from '../../ui/figures.js';
import { PlayerName } from '../../ui/player-name.js';
import { TimeText } from '../../ui/time-text.js';
import { lengthsText, tournamentKind } from './tournament-words.js';

/** The rules its matches play by, as the new-match form names them: the cube's, and long nardy's koks. */
function rulesText(tournament: Tournament): string {
  const { rules } = tournament;
  const on: MessageKey[] = [];
  if (rules.cube === false) on.push('tournaments.terms.noCube');
  else {
    on.push('lobby.rules.cube');
    if (rules.crawford !== false) on.push('lobby.rules.crawford');
  }
  if (tournament.variant === 'long-nardy' && rules.koks !== false) on.push('lobby.rules.koks');
  return on.map((key) => t(key)).join(', ');
}

function clockText(tournament: Tournament): string {
  if (tournament.daysPerTurn === null) return t('ui.matchTable.noClock');
  const perTurn = t('ui.matchTable.daysPerTurn', { days: tournament.daysPerTurn });
  return tournament.bankDays > 0 ? t('tournaments.terms.withBank', { perTurn, days: tournament.bankDays }) : perTurn;
}

function ratingsText(tournament: Tournament): string | null {
  const { minRating, maxRating } = tournament;
  if (minRating === null && maxRating === null) return null;
  if (maxRating === null) return t('tournaments.terms.ratingFrom', { min: ratingText(minRating ?? 0) });
  if (minRating === null) return t('tournaments.terms.ratingUpTo', { max: ratingText(maxRating) });
  return t('tournaments.terms.ratingBetween', { min: ratingText(minRating), max: ratingText(maxRating) });
}

export function TournamentTerms({ tournament }: { readonly tournament: Tournament }) {
  const organiserBot = tournament.entrants.find((e) => e.username === tournament.organiser)?.bot ?? false;
  const ratings = ratingsText(tournament);
  const terms: readonly (readonly [MessageKey, ComponentChildren] | null)[] = [
    ['tournaments.terms.game', tournamentKind(tournament)],
    ['tournaments.terms.points', lengthsText(tournament)],
    ['tournaments.terms.rules', rulesText(tournament)],
    ['tournaments.terms.clock', clockText(tournament)],
    ['tournaments.terms.rated', tournament.rated ? t('tournaments.terms.yes') : t('tournaments.terms.no')],
    [
      'tournaments.terms.players',
      t('tournaments.table.playersCount', { count: tournament.entrants.length, max: tournament.maxPlayers }),
    ],
    ratings === null ? null : ['tournaments.terms.ratings', ratings],
    [
      'tournaments.terms.bots',
      tournament.botsAllowed ? t('tournaments.terms.botsAllowed') : t('tournaments.terms.botsNotAllowed'),
    ],
    tournament.entriesCloseAt === null
      ? null
      : ['tournaments.terms.entriesClose', <TimeText at={tournament.entriesCloseAt} />],
    [
      'tournaments.terms.starts',
      tournament.startsAt === null ? t('tournaments.table.organiserStarts') : <TimeText at={tournament.startsAt} />,
    ],
    ['tournaments.terms.organiser', <PlayerName player={{ username: tournament.organiser, bot: organiserBot }} />],
  ];
  return (
    <dl class="tournament-terms">
      {terms.map(
        (term) =>
          term !== null && (
            <div key={term[0]}>
              <dt>{t(term[0])}</dt>
              <dd>{term[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
