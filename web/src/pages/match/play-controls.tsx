/**
 * Moving without the board: the play being made with undo and confirm, the one-click bear-off, the
 * list of legal plays (for keyboard and screen-reader users), and a play typed in gnubg notation.
 */
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { LegalPlay } from '../../api/client.js';
import { t, Trans } from '../../i18n/index.js';
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

/** The element a play's notation is put in within a sentence: notation is not translated. */
const notation = () => [<span translate={false} />];

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
      <h2 id="play-heading">{t('match.play.heading')}</h2>
      <p aria-live="polite" data-testid="play-progress">
        {complete !== null ? (
          <Trans id="match.play.ready" values={{ play: complete.text }} components={notation()} />
        ) : session.steps.length > 0 ? (
          <Trans id="match.play.soFar" values={{ play: session.stepsText() }} components={notation()} />
        ) : plays.length === 1 && plays[0].moves.length === 0 ? (
          t('match.play.noLegalMove')
        ) : (
          t('match.play.pick')
        )}
      </p>
      <div class="play-buttons">
        <button ref={confirmRef} type="button" disabled={busy || complete === null} onClick={props.onConfirm}>
          {complete !== null ? (
            <Trans id="match.play.confirm" values={{ play: complete.text }} components={notation()} />
          ) : (
            t('match.play.confirmPlay')
          )}
        </button>
        <button type="button" class="secondary" disabled={busy || session.steps.length === 0} onClick={props.onUndo}>
          {t('match.play.undo')}
        </button>
        <button type="button" class="secondary" disabled={busy || session.steps.length === 0} onClick={props.onReset}>
          {t('match.play.startOver')}
        </button>
        {bearOff !== null && session.steps.length === 0 && (
          <button type="button" disabled={busy} onClick={() => props.onBearOff(bearOff)}>
            <Trans id="match.play.bearOff" values={{ play: bearOff.text }} components={notation()} />
          </button>
        )}
      </div>
      <details class="legal-plays">
        <summary>{t('match.play.allLegalPlays', { count: plays.length })}</summary>
        <ul class="play-list" aria-label={t('match.play.legalPlays')}>
          {plays.map((play) => (
            <li key={play.text}>
              <button type="button" translate={false} disabled={busy} onClick={() => props.onPreview(play)}>
                {play.text}
              </button>
            </li>
          ))}
        </ul>
      </details>
      <form class="play-text" onSubmit={onText}>
        <div>
          <label for="play-text-input">{t('match.play.typeLabel')}</label>
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
          {t('match.play.show')}
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
