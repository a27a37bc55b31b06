/**
 * The buttons a waiting match offers in the lobby: the invited player joins or declines, anyone
 * joins an open challenge, the creator aborts (withdraws) their own. Joining opens the match.
 */
import { useState } from 'preact/hooks';
import { api, call, type MatchSummary } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { navigate } from '../../router.js';
import { invitationRole, matchKind, opponentOf } from '../../ui/match-labels.js';

interface MatchActionsProps {
  readonly match: MatchSummary;
  readonly viewer: string;
  /** After a decline or an abort: the lists are out of date. */
  readonly onChanged: () => void;
  readonly onProblem: (problem: ApiProblem | null) => void;
}

export function MatchActions({ match, viewer, onChanged, onProblem }: MatchActionsProps) {
  const [busy, setBusy] = useState(false);
  const role = invitationRole(match, viewer);
  if (role === null) return null;
  const params = { params: { path: { id: match.id } } };
  const act = async (action: 'join' | 'decline' | 'abort'): Promise<void> => {
    setBusy(true);
    onProblem(null);
    try {
      if (action === 'join') {
        await call(api.POST('/api/matches/{id}/join', params));
        navigate(`/matches/${match.id}`);
        return;
      }
      if (action === 'decline') await call(api.POST('/api/matches/{id}/decline', params));
      else await call(api.POST('/api/matches/{id}/abort', params));
      onChanged();
    } catch (error) {
      onProblem(asProblem(error));
      onChanged();
    }
    setBusy(false);
  };
  // The visible word, and the match it is for to a screen reader (a table has many).
  const which = `${matchKind(match)}${role === 'creator' ? '' : ` with ${opponentOf(match, viewer)?.username ?? 'anyone'}`}`;
  const button = (action: 'join' | 'decline' | 'abort', label: string, secondary = false) => (
    <button type="button" class={secondary ? 'secondary' : undefined} disabled={busy} onClick={() => void act(action)}>
      {label}
      <span class="visually-hidden"> {which}</span>
    </button>
  );
  return (
    <span class="button-row">
      {role !== 'creator' && button('join', 'Join')}
      {role === 'invited' && button('decline', 'Decline', true)}
      {role === 'creator' && button('abort', 'Abort', true)}
    </span>
  );
}
