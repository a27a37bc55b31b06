/** The match at a glance: players, score and length, Crawford, cube, pips, whose turn, deadline and time banks. */
import { pipCount } from '../../../../src/engine/index.js';
import type { Colour, MatchState } from '../../api/client.js';
import { positionOf, type ColourBoard } from '../../match/colour-board.js';
import type { AnimatedFrame } from './play-animation.js';
import { colourWord, endLine } from './end-panel.js';
import { activeLocale, t, Trans } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { Link } from '../../ui/link.js';
import { lastPlayMessage } from '../../ui/match-labels.js';

const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');

function playerName(state: MatchState, colour: Colour): string {
  const seat = state.players[colour];
  return (
    seat?.username ?? (colour === 'black' && state.opponent !== null ? state.opponent : t('match.summary.waiting'))
  );
}

/** A time bank: in days (one decimal) from 48 hours on, else in hours. */
function days(ms: number): string {
  const hours = ms / 3_600_000;
  const oneDecimal = new Intl.NumberFormat(activeLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return hours >= 48
    ? t('match.summary.bankDays', { days: oneDecimal.format(hours / 24) })
    : t('match.summary.bankHours', { hours: oneDecimal.format(hours) });
}

/** The deadline's date and time, in figures only (a 24-hour clock: no "AM" or "PM" to translate). */
function deadlineTitle(deadline: string): string {
  return new Date(deadline).toLocaleString(activeLocale(), { hourCycle: 'h23' });
}

export function deadlineText(deadline: string, now: number): string {
  const left = Date.parse(deadline) - now;
  if (left <= 0) return t('match.summary.deadlinePassed');
  const hours = Math.floor(left / 3_600_000);
  if (hours >= 48) return t('match.summary.inDays', { count: Math.floor(hours / 24) });
  if (hours >= 1) return t('match.summary.inHours', { count: hours });
  return t('match.summary.inMinutes', { count: Math.max(1, Math.floor(left / 60_000)) });
}

type Awaiting = NonNullable<MatchState['turn']['awaiting']>;

/** Whose turn and what they must decide, one sentence for each decision. */
const AWAITING: Readonly<Record<Awaiting, MessageKey>> = {
  roll: 'match.turn.roll',
  'cube-response': 'match.turn.cubeResponse',
  play: 'match.turn.play',
  'resignation-response': 'match.turn.resignationResponse',
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
  const cube = state.game.cube;
  const turn = state.turn;
  const row = (colour: Colour) => (
    <tr>
      <th scope="row">
        <span class={`swatch ${colour}`} aria-hidden="true" /> {colourWord(colour)}
      </th>
      <td>
        {state.players[colour] !== null ? (
          <Link href={`/users/${encodeURIComponent(playerName(state, colour))}`} translate={false}>
            {playerName(state, colour)}
          </Link>
        ) : (
          <span class="muted">{playerName(state, colour)}</span>
        )}
        {colour === me && <span class="muted"> {t('match.summary.you')}</span>}
      </td>
      <td class="num">{state.score[colour]}</td>
      <td class="num">{pips[colour]}</td>
      {state.banks !== null && <td class="num">{days(state.banks[colour])}</td>}
    </tr>
  );
  return (
    <section class="match-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" class="visually-hidden">
        {t('match.summary.heading')}
      </h2>
      <p class="match-terms">
        {t('match.summary.terms', {
          variant: state.variant === 'long-nardy' ? 'longNardy' : 'backgammon',
          length: state.length,
        })}
        {state.crawford && <strong class="badge">{t('match.summary.crawford')}</strong>}
        {state.rules.cube && !state.crawford && (
          <span>
            {' '}
            <Trans
              id="match.summary.cube"
              values={{
                value: cube.value,
                owner: cube.owner === null ? 'middle' : cube.owner === me ? 'yours' : cube.owner,
              }}
              components={[<strong data-testid="cube-value" />]}
            />
          </span>
        )}
        {state.game.number > 0 && <span> {t('match.summary.gameNumber', { number: state.game.number })}</span>}
      </p>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('match.summary.colour')}</th>
              <th scope="col">{t('match.summary.player')}</th>
              <th scope="col" class="num">
                {t('match.summary.score')}
              </th>
              <th scope="col" class="num">
                {t('match.summary.pips')}
              </th>
              {state.banks !== null && (
                <th scope="col" class="num">
                  {t('match.summary.timeBank')}
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
          <LastPlayLine state={state} last={state.game.lastPlay} />
        </p>
      )}
      <p class="turn-line" aria-live="polite" data-testid="turn-line" tabIndex={-1} data-focus-after-action>
        {turnLine(state, animated)}
        {animated === null && turn.deadline !== null && state.status === 'playing' && (
          <span>
            {' '}
            <Trans
              id="match.summary.deadline"
              values={{ when: deadlineText(turn.deadline, Date.now()) }}
              components={[<time dateTime={turn.deadline} title={deadlineTitle(turn.deadline)} />]}
            />
          </span>
        )}
      </p>
    </section>
  );
}

/** Whose turn and what they must decide, or, while a play is animated, who is playing. */
export function turnLine(state: MatchState, animated: AnimatedFrame | null): string {
  return animated === null ? statusLine(state) : t('match.turn.animated', { name: playerName(state, animated.by) });
}

function pipsOf(board: ColourBoard): { readonly white: number; readonly black: number } {
  const pips = pipCount(positionOf(board, 'white'));
  return { white: pips.player, black: pips.opponent };
}

type LastPlay = NonNullable<MatchState['game']['lastPlay']>;

/**
 * "alice played 6-4: 24/14.", or "You rolled 6-5 and could not move.": the sentence the play's
 * message makes, its notation (marked `<0>…</0>` in that message) kept from translation.
 */
function LastPlayLine({ state, last }: { readonly state: MatchState; readonly last: LastPlay }) {
  const { id, values } = lastPlayMessage(last, (colour) => playerName(state, colour), state.you);
  return (
    <Trans id="match.summary.lastPlay" values={{ play: t(id, values) }} components={[<span translate={false} />]} />
  );
}

function statusLine(state: MatchState): string {
  const { status, turn, you, result } = state;
  if (status === 'invited') return t('match.turn.invited');
  if (status === 'aborted') return t('match.turn.aborted');
  if (status === 'declined') return t('match.turn.declined');
  if (status === 'finished' && result !== null) return endLine(state);
  if (turn.player === null || turn.awaiting === null) return t('match.turn.waitingForDice');
  const who = turn.player === you ? 'you' : turn.player;
  if (turn.awaiting === 'play' && state.game.dice !== null)
    return t('match.turn.playDice', { who, dice: state.game.dice.join('-') });
  return t(AWAITING[turn.awaiting], { who });
}
