/**
 * The end of a match, for its players (docs/architecture.md, "Web client"): who won, by name, the
 * score from the reader's side, how it ended, the rating change when the match was rated, and the
 * two ways on: Rematch (the same terms, colours swapped, sent as a new invitation) and New match.
 */
import { useState } from 'preact/hooks';
import { api, call, type Colour, type MatchState } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { activeLocale, t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { navigate } from '../../router.js';
import { ratingChangeText } from '../../ui/figures.js';
import { Link } from '../../ui/link.js';
import { ProblemMessage } from '../../ui/problem-message.js';

const other = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

const COLOUR_WORDS: Readonly<Record<Colour, MessageKey>> = {
  white: 'match.colour.white',
  black: 'match.colour.black',
};

/** A colour as a word ("white"), where a seat has nobody's name to show. */
export function colourWord(colour: Colour): string {
  return t(COLOUR_WORDS[colour]);
}

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
  const name = (colour: Colour) => state.players[colour]?.username ?? colourWord(colour);
  const reason = result.reason;
  if (result.winner === null) return t('match.end.even', { white: result.score.white, black: result.score.black });
  const winner = result.winner;
  const loser = other(winner);
  if (you === null)
    return t('match.end.won', {
      reason,
      winner: name(winner),
      loser: name(loser),
      winnerScore: result.score[winner],
      loserScore: result.score[loser],
    });
  const score = { mine: result.score[you], theirs: result.score[other(you)] };
  return winner === you
    ? t('match.end.youWon', { reason, loser: name(loser), ...score })
    : t('match.end.youLost', { reason, winner: name(winner), ...score });
}

/** "Your rating: +7.9 (bob: −7.9)", from the reader's side; "Unrated." for an unrated match. */
export function ratingLine(state: MatchState): string {
  const change = state.ratingChange;
  if (!state.rated) return t('match.end.unrated');
  if (change === null) return t('match.end.rated');
  const name = (colour: Colour) => state.players[colour]?.username ?? colourWord(colour);
  const signed = (value: number) => ratingChangeText(value, activeLocale());
  const me = state.you;
  if (me === null)
    return t('match.end.ratings', {
      white: name('white'),
      whiteChange: signed(change.white),
      black: name('black'),
      blackChange: signed(change.black),
    });
  return t('match.end.yourRating', {
    mine: signed(change[me]),
    opponent: name(other(me)),
    theirs: signed(change[other(me)]),
  });
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
      <h2 id="end-heading">
        {state.result.winner !== null && state.result.winner === me
          ? t('match.end.youWonHeading')
          : t('match.end.over')}
      </h2>
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
            {t('match.end.rematch')}
          </button>
        )}
        <Link href="/lobby#new-match" class="button secondary">
          {t('match.end.newMatch')}
        </Link>
      </div>
    </section>
  );
}
