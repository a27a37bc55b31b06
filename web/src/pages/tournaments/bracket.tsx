/**
 * A knock-out's bracket (docs/tournaments.md, "Knock-out"): its rounds as columns, the first at the
 * left, the final at the right; each pairing with its two sides (a player with their seed, nobody
 * for a bye, or a winner still to come), the winner marked, the points once played, how it was
 * decided (a bye, a walkover), and a link to its match. Later rounds' pairings sit between the two
 * they wait for (bracket.css); on a narrow screen the bracket scrolls sideways in its own region.
 */
import type { Tournament, TournamentMatch, TournamentRound } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { Link } from '../../ui/link.js';
import { lengthText } from '../../ui/match-labels.js';
import { PlayerName } from '../../ui/player-name.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { roundName } from './tournament-words.js';
import './bracket.css';

type Entrants = ReadonlyMap<string, Tournament['entrants'][number]>;

function Side({
  match,
  side,
  entrants,
}: {
  readonly match: TournamentMatch;
  readonly side: 0 | 1;
  readonly entrants: Entrants;
}) {
  const player = match.players?.[side] ?? null;
  if (player === null)
    return (
      <li class="bracket-side empty">
        <span class="muted">
          {match.waiting[side] ? t('tournaments.bracket.toCome') : t('tournaments.bracket.nobody')}
        </span>
      </li>
    );
  const entrant = entrants.get(player);
  const won = match.winner !== null && match.winner === player;
  const points = match.points?.[side];
  return (
    <li class={won ? 'bracket-side winner' : 'bracket-side'} data-player={player}>
      {entrant?.seed != null && <span class="seed">{entrant.seed}</span>}
      <span class="name">
        <PlayerName player={{ username: player, bot: entrant?.bot ?? false }} />
        {won && <span class="visually-hidden"> {t('tournaments.bracket.winner')}</span>}
      </span>
      {points !== undefined && match.decidedBy === 'match' && <span class="points">{points}</span>}
    </li>
  );
}

/** How the pairing stands: decided by a bye or a walkover, or its match under way. */
function stateText(match: TournamentMatch): string {
  if (match.decidedBy === 'bye') return t('tournaments.bracket.bye');
  if (match.decidedBy === 'walkover') return t('tournaments.bracket.walkover');
  if (match.decidedBy === null && match.matchId !== null) return t('tournaments.bracket.playing');
  return '';
}

function Pairing({
  match,
  round,
  entrants,
  viewer,
}: {
  readonly match: TournamentMatch;
  readonly round: TournamentRound;
  readonly entrants: Entrants;
  readonly viewer: string | null;
}) {
  const label = t('tournaments.bracket.match', { number: match.slot + 1 });
  const state = stateText(match);
  const mine = viewer !== null && (match.players ?? []).some((p) => p?.toLowerCase() === viewer.toLowerCase());
  return (
    <li
      class={mine ? 'bracket-match mine' : 'bracket-match'}
      data-round={round.number}
      data-slot={match.slot}
      data-winner={match.winner ?? undefined}
    >
      <p class="bracket-head">
        {match.matchId === null ? <span>{label}</span> : <Link href={`/matches/${match.matchId}`}>{label}</Link>}
        {state !== '' && <span class="muted"> · {state}</span>}
      </p>
      <ul class="bracket-sides">
        <Side match={match} side={0} entrants={entrants} />
        <Side match={match} side={1} entrants={entrants} />
      </ul>
    </li>
  );
}

/** The bracket; the pairings `viewer` plays in are marked. */
export function Bracket({ tournament, viewer }: { readonly tournament: Tournament; readonly viewer: string | null }) {
  const entrants: Entrants = new Map(tournament.entrants.map((entrant) => [entrant.username, entrant]));
  return (
    <TableScroll label={t('tournaments.bracket.heading')}>
      <div class="bracket">
        {tournament.rounds.map((round) => (
          <section class="bracket-round" key={round.number} aria-labelledby={`bracket-round-${round.number}`}>
            <h3 id={`bracket-round-${round.number}`}>
              {roundName(tournament, round)} <span class="muted">· {lengthText(round.length)}</span>
            </h3>
            <ol class="bracket-matches">
              {round.matches.map((match) => (
                <Pairing key={match.slot} match={match} round={round} entrants={entrants} viewer={viewer} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </TableScroll>
  );
}
