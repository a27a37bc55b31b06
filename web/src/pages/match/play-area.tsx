/**
 * The board and the ways to move on it (docs/architecture.md, "Web client"): pick a checker and a
 * point on the board (click, tap or drag), or a play from the list of legal plays, or type it in
 * GNU Backgammon's notation; the play is shown on the board and sent only when confirmed, with undo
 * until then; a bear-off with one sensible play takes one click. The opponent's play is animated
 * in step by step. Every play offered comes from the server's legal plays.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Colour, LegalPlay, MatchState } from '../../api/client.js';
import { BoardView } from '../../board/board-view.js';
import { pictureOfMatch } from '../../board/match-picture.js';
import { positionText } from '../../board/position-text.js';
import { viewerPoint, type BoardPicture } from '../../../../src/board-drawing/index.js';
import { formatPlay } from '../../../../src/engine/index.js';
import { t, Trans } from '../../i18n/index.js';
import { diceOf } from '../../match/dice.js';
import { playAnimationFrames, type AnimatedFrame } from './play-animation.js';
import { postPlay } from './match-actions.js';
import { colourBoardsEqual, type ColourBoard } from '../../match/colour-board.js';
import { usePreference } from '../../play-preferences.js';
import { PlaySession } from './play-session.js';
import { PlayControls } from './play-controls.js';
import type { ReplayShown } from './replay-panel.js';
import type { MatchHandle } from './use-match.js';

const FRAME_MS = 450;

export interface PlayAreaProps {
  readonly match: MatchHandle;
  readonly state: MatchState;
  /** Each frame of an opponent's play being animated (its board, who plays), and null once it has landed. */
  readonly onFrame?: (frame: AnimatedFrame | null) => void;
  /** An earlier turn to draw instead of the live position (the replay), with no way to move. */
  readonly replay?: ReplayShown | null;
}

export function PlayArea({ match, state, onFrame, replay = null }: PlayAreaProps) {
  const perspective: Colour = state.you ?? 'white';
  const player = state.you;
  const playable = player !== null && match.plays !== null && state.actions.includes('plays');
  const [session, setSession] = useState<PlaySession | null>(null);
  const oneClick = usePreference('one-click-moves');
  const [selected, setSelected] = useState<number | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // A new state (version) starts a new play from nothing.
  useEffect(() => {
    setSelected(null);
    setSession(
      playable && player !== null && match.plays !== null
        ? PlaySession.start(state.variant, state.game.board, player, match.plays, match.dice, match.firstTurn)
        : null,
    );
    // The legal plays come with the state of the same version (use-match.ts), never on their own.
  }, [state.version, playable]);

  // The opponent's play, step by step, before the board settles on the state.
  const [frame, setFrame] = useState<{ board: ColourBoard; landed: ReadonlySet<number>; index: number } | null>(null);
  /** Ends the animation under way at once (a click on the board does). */
  const finish = useRef<() => void>(() => undefined);
  const seen = match.seenPlay;
  useEffect(() => onFrame?.(frame === null || seen === null ? null : { board: frame.board, by: seen.by }), [frame]);
  useEffect(() => {
    if (seen === null) return;
    let frames: ColourBoard[];
    try {
      frames = playAnimationFrames(state.variant, seen.before, seen.by, seen.moves);
    } catch {
      return;
    }
    // Only a play that lands where the event says it did is animated (else the state is shown at once).
    if (!colourBoardsEqual(frames[frames.length - 1], seen.after)) return;
    let i = 0;
    const landed = new Set<number>();
    const next = (): void => {
      if (i >= frames.length) {
        setFrame(null);
        return;
      }
      const to = seen.moves[i - 1]?.to;
      if (to !== undefined && to !== 0) landed.add(viewerPoint(state.variant, perspective, seen.by, to));
      setFrame({ board: frames[i], landed: new Set(landed), index: i });
      i++;
      timer = window.setTimeout(next, FRAME_MS);
    };
    let timer = window.setTimeout(next, 0);
    finish.current = () => {
      window.clearTimeout(timer);
      i = frames.length;
      setFrame(null);
    };
    return () => {
      window.clearTimeout(timer);
      setFrame(null);
    };
  }, [seen?.key]);

  const board = frame?.board ?? session?.board ?? state.game.board;
  // The last play stays marked while the board shows the state it led to (no animation, no step made).
  const settled = frame === null && (session === null || session.steps.length === 0);
  const live = pictureOfMatch(state, perspective, board, settled);
  // The dice played already, while a play is made, are drawn faded.
  const dice = live.dice !== null && session !== null ? { ...live.dice, used: session.usedDice() } : live.dice;
  const picture = replay === null ? { ...live, dice } : replayPicture(state, perspective, replay);
  const interaction = useMemo(() => {
    if (session === null || frame !== null || match.busy || replay !== null) return undefined;
    return {
      sources: session.sources(),
      selected,
      targets: selected === null ? new Set<number>() : session.targets(selected),
      onSelect: (point: number | null) => {
        const movable = point !== null && session.sources().has(point);
        // One-click moves: the checker goes by one die at once, the larger first.
        const moved = movable && oneClick ? session.moveByOneDie(point) : null;
        if (moved !== null) {
          setSession(moved);
          setSelected(null);
        } else setSelected(movable ? point : null);
      },
      onMove: (from: number, to: number) => {
        const next = session.move(from, to);
        if (next !== null) setSession(next);
        setSelected(null);
      },
    };
  }, [session, selected, frame, match.busy, replay, oneClick]);

  const submit = (play: LegalPlay | null): void => {
    if (play === null || session === null) return;
    void match.perform((version) => postPlay(state.id, session.stepsFor(play), version));
  };
  const preview = (play: LegalPlay): void => {
    if (session === null) return;
    setSession(session.previewing(play));
    setSelected(null);
    window.setTimeout(() => confirmRef.current?.focus(), 0);
  };

  const label =
    replay === null ? boardLabel(state, perspective) : t('match.board.replayLabel', { turn: replay.point.label });
  return (
    <div class="play-area" data-replay={replay !== null}>
      {/* While a play is animated no decision can be made; a click on the board lands it at once. */}
      <div
        class="board-holder"
        onClick={() => frame !== null && finish.current()}
        data-animating={frame !== null}
        data-frame={frame?.index ?? 'landed'}
      >
        <BoardView picture={picture} interaction={interaction} label={label} highlight={frame?.landed} />
      </div>
      <p class="visually-hidden">{positionText(picture, state.you)}</p>
      <p class="visually-hidden" aria-live="polite">
        {seen !== null && <SeenPlayText by={seen.by} play={formatPlay(state.variant, seen.moves)} />}
      </p>
      {session !== null && replay === null && (
        <PlayControls
          session={session}
          busy={match.busy || frame !== null}
          confirmRef={confirmRef}
          onUndo={() => (setSession(session.undo()), setSelected(null))}
          onReset={() => (setSession(session.reset()), setSelected(null))}
          onConfirm={() => submit(session.complete())}
          onBearOff={(play) => submit(play)}
          onPreview={preview}
        />
      )}
    </div>
  );
}

/** The position of a replayed turn: its dice and its play marked when the turn is a play. */
function replayPicture(state: MatchState, perspective: Colour, { position, point, best }: ReplayShown): BoardPicture {
  const at = { ...state, game: position.game, turn: position.turn, score: position.score, crawford: position.crawford };
  const play = point.kind === 'play' ? position.game.lastPlay : null;
  const picture = pictureOfMatch(at, perspective, undefined, play !== null);
  const values = diceOf(play?.dice);
  const marked = best === null || best === undefined ? picture : { ...picture, bestPlay: best };
  return play === null || values === null ? marked : { ...marked, dice: { values, player: play.by } };
}

function boardLabel(state: MatchState, perspective: Colour): string {
  const dice = state.turn.awaiting === 'play' ? state.game.dice : null;
  if (dice === null) return t('match.board.label', { perspective });
  return t('match.board.labelWithDice', { perspective, first: dice[0], second: dice[1] });
}

/** The opponent's play just seen, said to a screen reader ("White played 24/18 13/11."); its notation is not translated. */
function SeenPlayText({ by, play }: { readonly by: Colour; readonly play: string }) {
  if (play === '') return <>{t('match.board.playedNothing', { colour: by })}</>;
  return <Trans id="match.board.played" values={{ colour: by, play }} components={[<span translate={false} />]} />;
}
