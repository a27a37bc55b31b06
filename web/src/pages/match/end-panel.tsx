/**
 * The end of a match, for its players (docs/architecture.md, "Web client"): who won, by name, the
 * score from the reader's side, how it ended, the rating change when the match was rated, and the
 * two ways on: Rematch (the same terms, colours swapped, sent as a new invitation) and New match.
 */
import { useState } from 'preact/hooks';
import { api, call, type Colour, type MatchState } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { navigate } from '../../router.js';
import { ratingChangeText } from '../../ui/figures.js';
import { Link } from '../../ui/link.js';
import { ProblemMessage } from '../../ui/problem-message.js';

const other = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

/** The new match's request: this one's terms, the other player invited, the colours swapped. */
export function rematchRequest(state: MatchState, me: Colour) {
  const opponent = state.players[other(me)]?.username;
  if (opponent === undefined) return null;
  return {
    variant: state.variant,
    length: state.length,
    opponent,
    colour: other(me),
    rules: { ...state.rules },
    daysPerTurn: state.daysPerTurn,
    bankDays: state.bankDays,
    // Asked rated if this one was (even when the day's pair limit or a leave made it unrated).
    rated: state.rated || state.unratedReason !== null,
  };
}

/** "You won 5–3 against bob", from the reader's side; a spectator reads the winner's name. */
export function endLine(state: MatchState): string {
  const { result, you } = state;
  if (result === null) return '';
  const name = (colour: Colour) => state.players[colour]?.username ?? colour;
  const how = result.reason === 'timeout' ? ' on time' : result.reason === 'leave' ? ', the other player left' : '';
  if (result.winner === null) return `The session ended even, ${result.score.white}–${result.score.black}.`;
  const winner = result.winner;
  const loser = other(winner);
  const score = (first: Colour) => `${result.score[first]}–${result.score[other(first)]}`;
  if (you === null) return `${name(winner)} won ${score(winner)} against ${name(loser)}${how}.`;
  return winner === you
    ? `You won ${score(you)} against ${name(loser)}${how}.`
    : `You lost ${score(you)} to ${name(winner)}${how}.`;
}

/** "Your rating: +7.9 (bob: −7.9)", from the reader's side; "Unrated." for an unrated match. */
export function ratingLine(state: MatchState): string {
  const change = state.ratingChange;
  if (!state.rated) return 'Unrated.';
  if (change === null) return 'Rated.';
  const name = (colour: Colour) => state.players[colour]?.username ?? colour;
  const me = state.you;
  if (me === null)
    return `Ratings: ${name('white')} ${ratingChangeText(change.white)}, ${name('black')} ${ratingChangeText(change.black)}.`;
  return `Your rating: ${ratingChangeText(change[me])} (${name(other(me))}: ${ratingChangeText(change[other(me)])}).`;
}

export function EndPanel({ state }: { readonly state: MatchState }) {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  if (state.status !== 'finished' || state.result === null) return null;
  const me = state.you;
  const request = me === null ? null : rematchRequest(state, me);
  const rematch = async (): Promise<void> => {
    if (request === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const created = await call(api.POST('/api/matches', { body: request }));
      navigate(`/matches/${created.id}`);
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="end-panel" aria-labelledby="end-heading" data-testid="end-panel">
      <h2 id="end-heading">{state.result.winner !== null && state.result.winner === me ? 'You won' : 'Match over'}</h2>
      <p class="end-line">{endLine(state)}</p>
      {state.source === 'played' && (
        <p class="rating-change" data-testid="rating-change">
          {ratingLine(state)}
        </p>
      )}
      <ProblemMessage problem={problem} />
      <div class="end-actions">
        {request !== null && (
          <button type="button" disabled={busy} onClick={() => void rematch()}>
            Rematch
          </button>
        )}
        <Link href="/lobby#new-match" class="button secondary">
          New match
        </Link>
      </div>
    </section>
  );
}
