/**
 * Any earlier position of the match: the events are read once the panel is opened, and a slider or
 * the step buttons pick one; the position after it is rebuilt by the server from the event log
 * (GET /api/matches/{id}/positions/{seq}) and drawn by the same board.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, type MatchEvent, type MatchState, type Schemas } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { BoardView } from '../../board/board-view.js';
import { pictureOfMatch } from '../../board/match-picture.js';
import { replayPoints, type ReplayPoint } from '../../match/replay.js';
import { ProblemMessage } from '../../ui/problem-message.js';

type PositionAt = Schemas['PositionAtDto'];

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

export function ReplayPanel({ state }: { readonly state: MatchState }) {
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState<readonly ReplayPoint[] | null>(null);
  const [index, setIndex] = useState(0);
  const [position, setPosition] = useState<PositionAt | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    readEvents(state.id)
      .then((events) => {
        if (!live) return;
        const list = replayPoints(events, {
          variant: state.variant,
          rules: state.rules,
          length: state.length,
          names: { white: state.players.white?.username ?? 'white', black: state.players.black?.username ?? 'black' },
        });
        // A new event keeps the position looked at, unless it was the last one.
        if (points === null || index >= points.length - 1) setIndex(Math.max(0, list.length - 1));
        setPoints(list);
      })
      .catch((error: unknown) => live && setProblem(asProblem(error)));
    return () => {
      live = false;
    };
  }, [open, state.id, state.version]);

  const point = points?.[index] ?? null;
  useEffect(() => {
    if (point === null) return;
    let live = true;
    call(api.GET('/api/matches/{id}/positions/{seq}', { params: { path: { id: state.id, seq: point.seq } } }))
      .then((at) => {
        if (!live) return;
        setPosition(at);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(asProblem(error)));
    return () => {
      live = false;
    };
  }, [point, state.id]);

  const last = (points?.length ?? 1) - 1;
  const step = (to: number): void => setIndex(Math.min(last, Math.max(0, to)));
  return (
    <details class="replay" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h2>Replay</h2>
      </summary>
      <ProblemMessage problem={problem} />
      {points === null ? (
        open && <p>Reading the match…</p>
      ) : points.length === 0 ? (
        <p>Nothing has been played yet.</p>
      ) : (
        <>
          <label for="replay-slider">
            Position {index + 1} of {points.length}
          </label>
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
              First
            </button>
            <button type="button" class="secondary" onClick={() => step(index - 1)} disabled={index === 0}>
              Previous
            </button>
            <button type="button" class="secondary" onClick={() => step(index + 1)} disabled={index === last}>
              Next
            </button>
            <button type="button" class="secondary" onClick={() => step(last)} disabled={index === last}>
              Last
            </button>
          </div>
          <p aria-live="polite" data-testid="replay-label">
            {point?.label}
          </p>
          {position !== null && (
            <BoardView
              label={`The board after: ${point?.label ?? ''}`}
              picture={pictureOfMatch(
                {
                  ...state,
                  game: position.game,
                  turn: position.turn,
                  score: position.score,
                  crawford: position.crawford,
                },
                state.you ?? 'white',
              )}
            />
          )}
        </>
      )}
    </details>
  );
}
