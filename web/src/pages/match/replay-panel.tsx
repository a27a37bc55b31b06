/**
 * Any earlier position of the match, turn by turn, on the match's own board: the events are read
 * once the panel is opened, and a slider, the step buttons or the arrow keys (Home and End for the
 * first and the last, Escape back to the live position) pick a turn; the position after it is
 * rebuilt by the server from the event log (GET /api/matches/{id}/positions/{seq}), and the page
 * draws it on the main board with the turn's dice and its play marked (`onShow`), until the panel
 * is closed or "Back to the live position" is pressed.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, type MatchEvent, type MatchState, type Schemas } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { replayPoints, replayTurns, type ReplayPoint } from '../../match/replay.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { choiceText } from './analysis-panel.js';
import { colourWord } from './end-panel.js';
import type { AnalysedDecision } from './match-analysis.js';

export type PositionAt = Schemas['PositionAtDto'];

/** What the replay shows: the position after a stop, and the stop. */
export interface ReplayShown {
  readonly position: PositionAt;
  readonly point: ReplayPoint;
  /** The analysis's better play than the one this stop made, to draw beside it. */
  readonly best?: { readonly by: 'white' | 'black'; readonly moves: readonly { from: number; to: number }[] } | null;
}

/** Keys that step the replay; not taken from a field being typed in, nor from the slider (it steps itself). */
function steppingKey(event: KeyboardEvent): boolean {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return false;
  if (target instanceof HTMLSelectElement) return false;
  return ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape'].includes(event.key);
}

async function readEvents(id: string): Promise<MatchEvent[]> {
  const events: MatchEvent[] = [];
  let after = 0;
  for (;;) {
    const page = await call(
      api.GET('/api/matches/{id}/events', { params: { path: { id }, query: { after, limit: 1000 } } }),
    );
    events.push(...page.events);
    if (page.next === null || page.next === undefined) return events;
    after = page.next;
  }
}

export interface ReplayPanelProps {
  readonly state: MatchState;
  /** The position to draw on the match's board, or null for the live one. */
  readonly onShow: (shown: ReplayShown | null) => void;
  /** The analysis's marked decisions by seq: said with the stop that took them, the best play drawn. */
  readonly marks?: ReadonlyMap<number, AnalysedDecision>;
  /** A decision to open the replay at (its `at` changes with each ask, so the same one can be asked again). */
  readonly focus?: { readonly seq: number; readonly at: number } | null;
}

export function ReplayPanel({ state, onShow, marks, focus = null }: ReplayPanelProps) {
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState<readonly ReplayPoint[] | null>(null);
  const [index, setIndex] = useState(0);
  // The position shown with its stop: the one before stays on the board while the next is read.
  const [shown, setShown] = useState<ReplayShown | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    readEvents(state.id)
      .then((events) => {
        if (!live) return;
        const list = replayTurns(
          replayPoints(events, {
            variant: state.variant,
            rules: state.rules,
            length: state.length,
            names: {
              white: state.players.white?.username ?? colourWord('white'),
              black: state.players.black?.username ?? colourWord('black'),
            },
          }),
        );
        // A new event keeps the position looked at, unless it was the last one.
        if (points === null || index >= points.length - 1) setIndex(Math.max(0, list.length - 1));
        setPoints(list);
      })
      .catch((error: unknown) => live && setProblem(asProblem(error)));
    return () => {
      live = false;
    };
  }, [open, state.id, state.version]);

  // Asked to show a decision: the replay opens at the stop that took it.
  useEffect(() => {
    if (focus === null || details === null) return;
    details.open = true;
    setOpen(true);
  }, [focus?.at]);
  useEffect(() => {
    if (focus === null || points === null) return;
    const at = points.findIndex((p) => p.seq >= focus.seq);
    if (at >= 0) setIndex(at);
  }, [focus?.at, points]);

  const point = points?.[index] ?? null;
  // The stop's decisions: its play (the stop's seq), and the cube decision of its throw (the seq before).
  const decision = point === null ? undefined : (marks?.get(point.seq) ?? marks?.get(point.seq - 1));
  useEffect(() => {
    if (point === null) return;
    let live = true;
    call(api.GET('/api/matches/{id}/positions/{seq}', { params: { path: { id: state.id, seq: point.seq } } }))
      .then((at) => {
        if (!live) return;
        const played = marks?.get(point.seq);
        const best =
          played?.kind === 'play' && played.bestMoves !== undefined && played.best !== played.played
            ? { by: played.by === 'white' ? ('white' as const) : ('black' as const), moves: played.bestMoves }
            : null;
        setShown({ position: at, point, best });
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(asProblem(error)));
    return () => {
      live = false;
    };
  }, [point, state.id, marks]);

  // The board shows the replayed position while the panel is open; the live one once it closes.
  useEffect(() => onShow(open ? shown : null), [open, shown]);
  useEffect(() => () => onShow(null), []);

  const last = (points?.length ?? 1) - 1;
  const step = (to: number): void => setIndex(Math.min(last, Math.max(0, to)));
  const [details, setDetails] = useState<HTMLDetailsElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent): void => {
      if (!steppingKey(event)) return;
      event.preventDefault();
      if (event.key === 'Escape') {
        if (details !== null) details.open = false;
        return;
      }
      setIndex((now) => {
        const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: last }[event.key] ?? now;
        return Math.min(last, Math.max(0, to));
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, last, details]);
  return (
    <details class="replay" ref={setDetails} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h2>{t('match.replay.heading')}</h2>
      </summary>
      <ProblemMessage problem={problem} />
      {points === null ? (
        open && <p>{t('match.replay.reading')}</p>
      ) : points.length === 0 ? (
        <p>{t('match.replay.nothingYet')}</p>
      ) : (
        <>
          <label for="replay-slider">{t('match.replay.turnOf', { turn: index + 1, count: points.length })}</label>
          <input
            id="replay-slider"
            type="range"
            min={0}
            max={last}
            value={index}
            aria-valuetext={point?.label}
            onInput={(e) => step(Number(e.currentTarget.value))}
          />
          <div class="replay-buttons">
            <button type="button" class="secondary" onClick={() => step(0)} disabled={index === 0}>
              {t('match.replay.first')}
            </button>
            <button type="button" class="secondary" onClick={() => step(index - 1)} disabled={index === 0}>
              {t('match.replay.previous')}
            </button>
            <button type="button" class="secondary" onClick={() => step(index + 1)} disabled={index === last}>
              {t('match.replay.next')}
            </button>
            <button type="button" class="secondary" onClick={() => step(last)} disabled={index === last}>
              {t('match.replay.last')}
            </button>
          </div>
          <p aria-live="polite" data-testid="replay-label">
            {point?.label}
          </p>
          {decision !== undefined && decision.mark !== null && (
            <p class={`replay-mark ${decision.mark}`} data-testid="replay-mark">
              {t('match.analysis.replayMark', {
                mark: decision.mark,
                played: choiceText(decision.played),
                best: choiceText(decision.best),
                loss: decision.loss.toFixed(3),
              })}
            </p>
          )}
          <p class="muted">{t('match.replay.keys')}</p>
          <button
            type="button"
            class="secondary"
            onClick={() => {
              if (details !== null) details.open = false;
            }}
          >
            {t('match.replay.backToLive')}
          </button>
        </>
      )}
    </details>
  );
}
