/**
 * A match as the match page holds it: the state (GET /api/matches/{id}), the legal plays when a
 * play is awaited from the person, and the live stream. Any event after the state's version makes
 * the page read the state again (the state, not the event, is what the page draws: the server
 * stays the only judge of the rules); an opponent's play is also handed to the page to animate.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, call, type LegalPlay, type MatchEvent, type MatchState } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { subscribeMatchStream, type StreamNotice, type StreamStatus } from '../../api/stream.js';
import { playSound } from '../../sound.js';

/** An opponent's play seen live: the board before it and its steps, for the page to animate. */
export interface SeenPlay {
  readonly key: number;
  readonly by: 'white' | 'black';
  readonly moves: readonly { readonly from: number; readonly to: number }[];
  /** The board before the play (after the event before it), and after it (the event's own board). */
  readonly before: MatchState['game']['board'];
  readonly after: MatchState['game']['board'];
}

export interface MatchHandle {
  readonly state: MatchState | null;
  /** The legal plays when the person must play, else null, and the dice they play. */
  readonly plays: readonly LegalPlay[] | null;
  readonly dice: readonly number[] | null;
  /** The mover's first turn of the game (long nardy N5), as the legal plays say. */
  readonly firstTurn: boolean;
  readonly problem: ApiProblem | null;
  readonly busy: boolean;
  readonly stream: StreamStatus;
  readonly seenPlay: SeenPlay | null;
  /** Runs an action (a POST answering the new state), showing its problem if it fails. */
  readonly perform: (request: (version: number) => Promise<MatchState>) => Promise<boolean>;
  readonly clearProblem: () => void;
}

interface Plays {
  readonly plays: readonly LegalPlay[];
  readonly dice: readonly number[] | null;
  readonly firstTurn: boolean;
}

async function readPlays(id: string, state: MatchState): Promise<Plays | null> {
  if (!state.actions.includes('plays')) return null;
  const answer = await call(api.GET('/api/matches/{id}/legal-plays', { params: { path: { id } } }));
  return { plays: answer.plays, dice: answer.dice, firstTurn: answer.firstTurn };
}

/**
 * After an action the button pressed is often gone (Roll, Take, Confirm): the focus then falls to
 * the page's body, and a keyboard user would start again from the top. It is put on the line that
 * says whose turn it is instead (docs/architecture.md, "Web client").
 */
function keepFocus(): void {
  window.setTimeout(() => {
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>('[data-focus-after-action]')?.focus();
  }, 0);
}

/** `onNotice` hears what the match stream carries beside the game's events (a match message). */
export function useMatch(id: string, onNotice?: (notice: StreamNotice) => void): MatchHandle {
  const noticeListener = useRef(onNotice);
  noticeListener.current = onNotice;
  const [state, setState] = useState<MatchState | null>(null);
  const [plays, setPlays] = useState<Plays | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [stream, setStream] = useState<StreamStatus>('connecting');
  const [seenPlay, setSeenPlay] = useState<SeenPlay | null>(null);
  /** The version shown, and the highest one shown or on its way (its legal plays being read). */
  const version = useRef(-1);
  const pending = useRef(-1);
  const current = useRef<MatchState | null>(null);
  /** The board after the last event known (a state shown, or a play event received), and its seq. */
  const lastBoard = useRef<{ readonly seq: number; readonly board: MatchState['game']['board'] } | null>(null);
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  /** Whether the problem shown is a failed read (cleared by the next good one), not a refused action. */
  const readFailed = useRef(false);

  const show = useCallback(
    async (next: MatchState): Promise<void> => {
      // Shown already, or on its way: reading it again would start the play being built over.
      if (next.version <= pending.current) return;
      pending.current = next.version;
      let nextPlays: Plays | null;
      try {
        nextPlays = await readPlays(id, next);
      } catch (error) {
        if (pending.current === next.version) pending.current = version.current;
        throw error;
      }
      if (next.version < pending.current) return;
      version.current = next.version;
      if (lastBoard.current === null || lastBoard.current.seq <= next.version)
        lastBoard.current = { seq: next.version, board: next.game.board };
      current.current = next;
      setState(next);
      setPlays(nextPlays);
    },
    [id],
  );

  /** Reads the state again; reads that come while one is under way are folded into one more. */
  const refresh = useCallback((): Promise<void> => {
    if (reading.current !== null) {
      again.current = true;
      return reading.current;
    }
    const run = async (): Promise<void> => {
      do {
        again.current = false;
        try {
          await show(await call(api.GET('/api/matches/{id}', { params: { path: { id } } })));
          if (readFailed.current) setProblem(null);
          readFailed.current = false;
        } catch (error) {
          readFailed.current = true;
          setProblem(asProblem(error));
        }
      } while (again.current);
      reading.current = null;
    };
    reading.current = run();
    return reading.current;
  }, [id, show]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const loaded = state !== null;
  useEffect(() => {
    if (!loaded) return;
    const onEvent = (event: MatchEvent): void => {
      const known = lastBoard.current;
      if (event.type === 'play' && event.board !== undefined) {
        const you = current.current?.you ?? null;
        // Animated only from the board right before it; an event missed in between skips the animation.
        if (known !== null && known.seq === event.seq - 1 && event.by !== you && event.seq > pending.current)
          setSeenPlay({ key: event.seq, by: event.by, moves: event.moves, before: known.board, after: event.board });
        if (you !== null && event.by !== you && event.seq > pending.current) playSound();
        if (known === null || known.seq < event.seq) lastBoard.current = { seq: event.seq, board: event.board };
      } else if (event.type === 'opening-roll') {
        // A new game: its board is the starting position, which the next state read brings.
        if (known !== null && known.seq < event.seq) lastBoard.current = null;
      } else if (known !== null && known.seq === event.seq - 1) {
        // Rolls, cube actions and the rest leave the checkers where they are.
        lastBoard.current = { seq: event.seq, board: known.board };
      }
      if (event.seq <= pending.current) return;
      void refresh();
    };
    return subscribeMatchStream(id, version.current, onEvent, setStream, (notice) => noticeListener.current?.(notice));
  }, [id, loaded, refresh]);

  const perform = useCallback(
    async (request: (version: number) => Promise<MatchState>): Promise<boolean> => {
      const seen = current.current;
      if (seen === null) return false;
      setBusy(true);
      setProblem(null);
      readFailed.current = false;
      try {
        await show(await request(seen.version));
        return true;
      } catch (error) {
        const failed = asProblem(error);
        setProblem(failed);
        // Someone acted first (or the clock did): show the match as it now stands.
        if (failed.code === 'version-conflict' || failed.status === 409) void refresh();
        return false;
      } finally {
        setBusy(false);
        keepFocus();
      }
    },
    [refresh, show],
  );

  return {
    state,
    plays: plays?.plays ?? null,
    dice: plays?.dice ?? null,
    firstTurn: plays?.firstTurn ?? false,
    problem,
    busy,
    stream,
    seenPlay,
    perform,
    clearProblem: () => setProblem(null),
  };
}
