import type { MatchState } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { Link } from '../../ui/link.js';

/** The match as files and a picture (anyone may fetch them), and its games and turns. */
export function MatchFiles({ state }: { readonly state: MatchState }) {
  const base = `/api/matches/${encodeURIComponent(state.id)}`;
  const seat = state.you ?? 'white';
  return (
    <section class="match-files" aria-labelledby="files-heading">
      <h2 id="files-heading">{t('match.files.heading')}</h2>
      <ul>
        <li>
          <Link href={`/matches/${encodeURIComponent(state.id)}/games`}>{t('match.files.games')}</Link>
        </li>
        <li>
          <a href={`${base}/export.mat`} download>
            {t('match.files.mat')}
          </a>
        </li>
        <li>
          <a href={`${base}/export.json`} download>
            {t('match.files.json')}
          </a>
        </li>
        <li>
          <a href={`${base}/board.svg?perspective=${seat}`} target="_blank" rel="noopener">
            {t('match.files.svg')}
          </a>
        </li>
      </ul>
    </section>
  );
}
