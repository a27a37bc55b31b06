/** The match at a glance: players, score and length, Crawford, cube, pips, whose turn, deadline and time banks. */
import { pipCount } from '../../../../src/engine/index.js';
import type { Colour, MatchState } from '../../api/client.js';
import { positionOf, type ColourBoard } from '../../match/colour-board.js';
import type { AnimatedFrame } from './play-animation.js';
import { endLine } from './end-panel.js';
import { Link } from '../../ui/link.js';
import { lastPlayText } from '../../ui/match-labels.js';

const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');

function playerName(state: MatchState, colour: Colour): string {
  const seat = state.players[colour];
  return seat?.username ?? (colour === 'black' && state.opponent !== null ? state.opponent : 'waiting');
}

function days(ms: number): string {
  const hours = ms / 3_600_000;
  return hours >= 48 ? `${(hours / 24).toFixed(1)} days` : `${hours.toFixed(1)} h`;
}

export function deadlineText(deadline: string, now: number): string {
  const left = Date.parse(deadline) - now;
  if (left <= 0) return 'passed';
  const hours = Math.floor(left / 3_600_000);
  if (hours >= 48) return `in ${Math.floor(hours / 24)} days`;
  if (hours >= 1) return `in ${hours} h`;
  return `in ${Math.max(1, Math.floor(left / 60_000))} min`;
}

const AWAITING: Readonly<Record<string, string>> = {
  roll: 'to roll or double',
  'cube-response': 'to answer the double',
  play: 'to play',
  'resignation-response': 'to answer the resignation',
};

export interface MatchSummaryProps {
  readonly state: MatchState;
  /** An opponent's play while it is animated: its board's pips are shown, and what the play led to waits. */
  readonly animated?: AnimatedFrame | null;
}

export function MatchSummary({ state, animated = null }: MatchSummaryProps) {
  const me = state.you;
  const pips = animated === null ? state.game.pips : pipsOf(animated.board);
  const top: Colour = me === null ? 'black' : other(me);
  const bottom = other(top);
  const lengthText = state.length === 0 ? 'money session' : `${state.length}-point match`;
  const cube = state.game.cube;
  const turn = state.turn;
  const row = (colour: Colour) => (
    <tr>
      <th scope="row">
        <span class={`swatch ${colour}`} aria-hidden="true" /> {colour}
      </th>
      <td>
        {state.players[colour] !== null ? (
          <Link href={`/users/${encodeURIComponent(playerName(state, colour))}`}>{playerName(state, colour)}</Link>
        ) : (
          <span class="muted">{playerName(state, colour)}</span>
        )}
        {colour === me && <span class="muted"> (you)</span>}
      </td>
      <td class="num">{state.score[colour]}</td>
      <td class="num">{pips[colour]}</td>
      {state.banks !== null && <td class="num">{days(state.banks[colour])}</td>}
    </tr>
  );
  return (
    <section class="match-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" class="visually-hidden">
        Score
      </h2>
      <p class="match-terms">
        {state.variant === 'long-nardy' ? 'Long nardy' : 'Backgammon'}, {lengthText}
        {state.crawford && <strong class="badge">Crawford game</strong>}
        {state.rules.cube && !state.crawford && (
          <span>
            {' '}
            · cube <strong data-testid="cube-value">{cube.value}</strong>
            {cube.owner === null ? ' in the middle' : `, ${cube.owner === me ? 'yours' : `owned by ${cube.owner}`}`}
          </span>
        )}
        {state.game.number > 0 && <span> · game {state.game.number}</span>}
      </p>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Colour</th>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Score
              </th>
              <th scope="col" class="num">
                Pips
              </th>
              {state.banks !== null && (
                <th scope="col" class="num">
                  Time bank
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {row(top)}
            {row(bottom)}
          </tbody>
        </table>
      </div>
      {animated === null && state.game.lastPlay !== null && (
        <p class="last-play" data-testid="last-play">
          {lastPlayLine(state, state.game.lastPlay)}
        </p>
      )}
      <p class="turn-line" aria-live="polite" data-testid="turn-line" tabIndex={-1} data-focus-after-action>
        {turnLine(state, animated)}
        {animated === null && turn.deadline !== null && state.status === 'playing' && (
          <span>
            {' '}
            · deadline{' '}
            <time dateTime={turn.deadline} title={new Date(turn.deadline).toLocaleString()}>
              {deadlineText(turn.deadline, Date.now())}
            </time>
          </span>
        )}
      </p>
    </section>
  );
}

/** Whose turn and what they must decide, or, while a play is animated, who is playing. */
export function turnLine(state: MatchState, animated: AnimatedFrame | null): string {
  return animated === null ? statusLine(state) : `${playerName(state, animated.by)} plays…`;
}

function pipsOf(board: ColourBoard): { readonly white: number; readonly black: number } {
  const pips = pipCount(positionOf(board, 'white'));
  return { white: pips.player, black: pips.opponent };
}

type LastPlay = NonNullable<MatchState['game']['lastPlay']>;

/** "alice played 6-4: 24/14.", or "You rolled 6-5 and could not move." */
export function lastPlayLine(state: MatchState, last: LastPlay): string {
  return `${lastPlayText(last, (colour) => playerName(state, colour), state.you)}.`;
}

function statusLine(state: MatchState): string {
  const { status, turn, you, result } = state;
  if (status === 'invited') return 'Waiting for the opponent to join.';
  if (status === 'aborted') return 'The match was aborted.';
  if (status === 'declined') return 'The invitation was declined.';
  if (status === 'finished' && result !== null) return endLine(state);
  if (turn.player === null || turn.awaiting === null) return 'Waiting for the dice.';
  const whose = turn.player === you ? 'Your turn' : `${turn.player === 'white' ? 'White' : 'Black'}'s turn`;
  const dice = turn.awaiting === 'play' && state.game.dice !== null ? `, ${state.game.dice.join('-')}` : '';
  return `${whose}: ${AWAITING[turn.awaiting] ?? turn.awaiting}${dice}.`;
}
