/**
 * On the page of a tournament's match, the way back to its tournament (GET /api/tournaments?match=):
 * "A match of the Autumn knock-out, semi-finals". Nothing is shown for a match played for none.
 */
import { api, call } from '../../api/client.js';
import { Trans } from '../../i18n/index.js';
import { roundOfMatch } from '../../tournament/tournament-progress.js';
import { Link } from '../../ui/link.js';
import { useRequest } from '../../ui/use-request.js';
import { roundName } from '../tournaments/tournament-words.js';

export function TournamentLink({ matchId }: { readonly matchId: string }) {
  const found = useRequest(
    () => call(api.GET('/api/tournaments', { params: { query: { match: matchId, limit: 1 } } })),
    [matchId],
  );
  const tournament = found.data?.tournaments[0];
  if (tournament === undefined) return null;
  const round = roundOfMatch(tournament, matchId);
  return (
    <p class="tournament-link">
      <Trans
        id={round === null ? 'tournaments.matchLink.tournament' : 'tournaments.matchLink.round'}
        values={{ name: tournament.name, round: round === null ? '' : roundName(tournament, round) }}
        components={[<Link href={`/tournaments/${tournament.id}`} translate={false} />]}
      />
    </p>
  );
}
