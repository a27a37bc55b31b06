/**
 * What a signed-in player can do about another (docs/community.md): block or unblock them
 * (PUT/DELETE /api/users/me/blocks/{username}), and report them to the moderators. On a profile,
 * and on a match page for the opponent (with the match to name in the report).
 */
import { useEffect, useState } from 'preact/hooks';
import { community } from '../api/community.js';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { t } from '../i18n/index.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { ReportForm } from './report-form.js';
import './community.css';

/** Whether `username` is among the accounts the signed-in one blocked (at most 500: five pages). */
async function hasBlocked(username: string): Promise<boolean> {
  const wanted = username.toLowerCase();
  let cursor: string | undefined;
  for (let page = 0; page < 6; page++) {
    const answer = await community.blocks(cursor, 100);
    if (answer.items.some((b) => b.username.toLowerCase() === wanted)) return true;
    if (answer.next === null) return false;
    cursor = answer.next;
  }
  return false;
}

interface PlayerToolsProps {
  readonly username: string;
  readonly matchId?: string;
}

export function PlayerTools({ username, matchId }: PlayerToolsProps) {
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    let current = true;
    hasBlocked(username).then(
      (answer) => current && setBlocked(answer),
      () => current && setBlocked(false),
    );
    return () => {
      current = false;
    };
  }, [username]);

  const toggle = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      if (blocked === true) await community.unblock(username);
      else await community.block(username);
      setBlocked(blocked !== true);
      setChanged(true);
    } catch (error) {
      setProblem(asProblem(error));
    }
    setBusy(false);
  };

  return (
    <div class="player-tools" data-testid="player-tools">
      <p class="button-row">
        <button type="button" class="secondary" disabled={busy || blocked === null} onClick={() => void toggle()}>
          {blocked === true
            ? t('community.block.unblock', { name: username })
            : t('community.block.block', { name: username })}
        </button>
        <button type="button" class="secondary" aria-expanded={reporting} onClick={() => setReporting(!reporting)}>
          {t('community.report.open', { name: username })}
        </button>
      </p>
      {/* What the block means is said once, as it is made; a block found in place, in short. */}
      <p class="muted" role="status">
        {blocked === true
          ? t(changed ? 'community.block.blocked' : 'community.block.youBlocked', { name: username })
          : changed
            ? t('community.block.unblocked', { name: username })
            : ''}
      </p>
      <ProblemMessage problem={problem} />
      {reporting && <ReportForm username={username} matchId={matchId} onDone={() => setReporting(false)} />}
    </div>
  );
}
