/**
 * A tournament (docs/tournaments.md): its terms, the buttons its state allows the person, its
 * champion once finished, a knock-out's bracket or a round-robin's crosstable, the standings, and
 * the entrants with their seeds; kept up to date live through its stream.
 */
import type { Tournament } from '../api/client.js';
import { t } from '../i18n/index.js';
import { useSession } from '../session.js';
import { matchUnderWay } from '../tournament/tournament-progress.js';
import { Link } from '../ui/link.js';
import { Loading } from '../ui/loading.js';
import { PlayerName } from '../ui/player-name.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { useTitle } from '../ui/use-title.js';
import { Bracket } from './tournaments/bracket.js';
import { CrosstableTable } from './tournaments/crosstable-table.js';
import { EntrantsTable } from './tournaments/entrants-table.js';
import { StandingsTable } from './tournaments/standings-table.js';
import { TournamentControls } from './tournaments/tournament-controls.js';
import { TournamentTerms } from './tournaments/tournament-terms.js';
import { roundName, statusText } from './tournaments/tournament-words.js';
import { useTournament } from './tournaments/use-tournament.js';
import '../ui/common.css';
import './tournaments/tournaments.css';

/**
 * Whether the standings say anything yet: a round-robin's from the start; a knock-out's, which its
 * bracket mostly tells, once a match has been played.
 */
function shownStandings(tournament: Tournament): boolean {
  if (tournament.standings.length === 0) return false;
  return tournament.format === 'round-robin' || tournament.standings.some((standing) => standing.played > 0);
}

export function TournamentPage({ params }: { readonly params: Record<string, string> }) {
  const session = useSession();
  const viewer = session?.username ?? null;
  const { tournament, problem, stream, show } = useTournament(params.id);
  useTitle(tournament?.name ?? t('tournaments.page.title'));
  if (tournament === null)
    return (
      <section>
        <h1>{t('tournaments.page.title')}</h1>
        <ProblemMessage problem={problem} />
        {problem === null && <Loading what={t('tournaments.page.loading')} />}
      </section>
    );
  const started = tournament.rounds.length > 0;
  const yours = matchUnderWay(tournament, viewer);
  const champion = tournament.champion;
  return (
    <section class="tournament-page" data-version={tournament.version} data-status={tournament.status}>
      <h1 translate={false}>{tournament.name}</h1>
      <p class="tournament-status">
        <strong>{statusText(tournament)}</strong>{' '}
        <span class="muted" role="status">
          {stream === 'live'
            ? t('tournaments.page.live')
            : stream === 'reconnecting'
              ? t('tournaments.page.reconnecting')
              : ''}
        </span>
      </p>
      {champion !== null && (
        <p class="champion notice">
          {t('tournaments.page.champion')}{' '}
          <PlayerName
            player={{
              username: champion,
              bot: tournament.entrants.find((entrant) => entrant.username === champion)?.bot ?? false,
            }}
          />
        </p>
      )}
      <ProblemMessage problem={problem} />
      {yours !== null && yours.match.matchId !== null && (
        <p>
          <Link href={`/matches/${yours.match.matchId}`} class="button">
            {t('tournaments.page.yourMatch', { round: roundName(tournament, yours.round) })}
          </Link>
        </p>
      )}
      <TournamentControls tournament={tournament} viewer={viewer} onChanged={show} />
      {started && tournament.format === 'knockout' && (
        <section aria-labelledby="bracket-heading">
          <h2 id="bracket-heading">{t('tournaments.bracket.heading')}</h2>
          <Bracket tournament={tournament} viewer={viewer} />
        </section>
      )}
      {started && tournament.format === 'round-robin' && (
        <section aria-labelledby="crosstable-heading">
          <h2 id="crosstable-heading">{t('tournaments.crosstable.heading')}</h2>
          <CrosstableTable tournament={tournament} />
        </section>
      )}
      {shownStandings(tournament) && (
        <section aria-labelledby="standings-heading">
          <h2 id="standings-heading">{t('tournaments.standings.heading')}</h2>
          <StandingsTable tournament={tournament} />
        </section>
      )}
      <section aria-labelledby="terms-heading">
        <h2 id="terms-heading">{t('tournaments.terms.heading')}</h2>
        <TournamentTerms tournament={tournament} />
      </section>
      <section aria-labelledby="entrants-heading">
        <h2 id="entrants-heading">
          {t('tournaments.entrants.headingCount', { count: tournament.entrants.length, max: tournament.maxPlayers })}
        </h2>
        <EntrantsTable tournament={tournament} />
      </section>
    </section>
  );
}
