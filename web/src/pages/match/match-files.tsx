import type { MatchState } from '../../api/client.js';
import { Link } from '../../ui/link.js';

/** The match as files and a picture (anyone may fetch them), and its games and turns. */
export function MatchFiles({ state }: { readonly state: MatchState }) {
  const base = `/api/matches/${encodeURIComponent(state.id)}`;
  const seat = state.you ?? 'white';
  return (
    <section class="match-files" aria-labelledby="files-heading">
      <h2 id="files-heading">Record</h2>
      <ul>
        <li>
          <Link href={`/matches/${encodeURIComponent(state.id)}/games`}>Games and turns</Link>
        </li>
        <li>
          <a href={`${base}/export.mat`} download>
            Download .mat (GNU Backgammon)
          </a>
        </li>
        <li>
          <a href={`${base}/export.json`} download>
            Download the event log (JSON)
          </a>
        </li>
        <li>
          <a href={`${base}/board.svg?perspective=${seat}`} target="_blank" rel="noopener">
            Board picture (SVG)
          </a>
        </li>
      </ul>
    </section>
  );
}
