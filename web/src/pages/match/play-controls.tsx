/**
 * Moving without the board: the play being made with undo and confirm, the one-click bear-off, the
 * list of legal plays (for keyboard and screen-reader users), and a play typed in gnubg notation.
 */
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { LegalPlay } from '../../api/client.js';
import type { PlaySession } from './play-session.js';

interface PlayControlsProps {
  readonly session: PlaySession;
  readonly busy: boolean;
  readonly confirmRef: RefObject<HTMLButtonElement | null>;
  readonly onUndo: () => void;
  readonly onReset: () => void;
  readonly onConfirm: () => void;
  readonly onBearOff: (play: LegalPlay) => void;
  readonly onPreview: (play: LegalPlay) => void;
}

export function PlayControls(props: PlayControlsProps) {
  const { session, busy, confirmRef } = props;
  const complete = session.complete();
  const bearOff = session.bearOff();
  const plays = session.plays;
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const onText = (event: Event): void => {
    event.preventDefault();
    const found = session.fromText(text);
    if ('error' in found) setTextError(found.error);
    else {
      setTextError(null);
      setText('');
      props.onPreview(found.play);
    }
  };
  return (
    <section class="play-controls" aria-labelledby="play-heading">
      <h2 id="play-heading">Your play</h2>
      <p aria-live="polite" data-testid="play-progress">
        {complete !== null
          ? `Ready: ${complete.text}. Confirm to play it.`
          : session.steps.length > 0
            ? `So far: ${session.stepsText()}.`
            : plays.length === 1 && plays[0].moves.length === 0
              ? 'No legal move.'
              : 'Pick a checker on the board, a play from the list, or type one.'}
      </p>
      <div class="play-buttons">
        <button ref={confirmRef} type="button" disabled={busy || complete === null} onClick={props.onConfirm}>
          {complete !== null ? `Confirm ${complete.text}` : 'Confirm play'}
        </button>
        <button type="button" class="secondary" disabled={busy || session.steps.length === 0} onClick={props.onUndo}>
          Undo
        </button>
        <button type="button" class="secondary" disabled={busy || session.steps.length === 0} onClick={props.onReset}>
          Start over
        </button>
        {bearOff !== null && session.steps.length === 0 && (
          <button type="button" disabled={busy} onClick={() => props.onBearOff(bearOff)}>
            Bear off: {bearOff.text}
          </button>
        )}
      </div>
      <details class="legal-plays">
        <summary>All legal plays ({plays.length})</summary>
        <ul class="play-list" aria-label="Legal plays">
          {plays.map((play) => (
            <li key={play.text}>
              <button type="button" disabled={busy} onClick={() => props.onPreview(play)}>
                {play.text}
              </button>
            </li>
          ))}
        </ul>
      </details>
      <form class="play-text" onSubmit={onText}>
        <div>
          <label for="play-text-input">Type a play</label>
          <input
            id="play-text-input"
            value={text}
            placeholder="24/18 13/11"
            autocomplete="off"
            spellcheck={false}
            aria-invalid={textError !== null}
            aria-describedby={textError !== null ? 'play-text-error' : undefined}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </div>
        <button type="submit" class="secondary" disabled={busy || text.trim() === ''}>
          Show play
        </button>
        {textError !== null && (
          <p id="play-text-error" class="field-error" role="alert">
            {textError}
          </p>
        )}
      </form>
    </section>
  );
}
