/**
 * One tournament as its page shows it, kept up to date live: read once, then read again after the
 * events of its stream (docs/tournaments.md, "The log"), a burst of them only once, a moment after
 * the last. The page draws the tournament the server answers, never an event.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, call, type Tournament } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { subscribeTournamentStream, type StreamStatus } from '../../api/stream.js';

const QUIET_MS = 300;

export interface TournamentHandle {
  readonly tournament: Tournament | null;
  readonly problem: ApiProblem | null;
  readonly stream: StreamStatus | null;
  /** Shows the tournament an action answered with (the state after it), unless a later one is shown. */
  readonly show: (tournament: Tournament) => void;
}

export function useTournament(id: string): TournamentHandle {
  const [tournament, setTournament] = useState<Tournament | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [stream, setStream] = useState<StreamStatus | null>(null);
  const shown = useRef<Tournament | null>(null);
  // A later version wins: an answer that comes late for an earlier one is dropped.
  const show = (next: Tournament): void => {
    if (shown.current !== null && shown.current.id === next.id && shown.current.version > next.version) return;
    shown.current = next;
    setTournament(next);
  };
  const read = async (): Promise<Tournament> => {
    const answer = await call(api.GET('/api/tournaments/{id}', { params: { path: { id } } }));
    show(answer);
    return answer;
  };

  useEffect(() => {
    let stop = (): void => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const clear = (): void => setProblem(null);
    const fail = (error: unknown): void => {
      if (current) setProblem(asProblem(error));
    };
    read().then((first) => {
      clear();
      if (!current || first.status === 'finished' || first.status === 'cancelled') return;
      stop = subscribeTournamentStream(
        id,
        first.version,
        () => {
          clearTimeout(timer);
          timer = setTimeout(() => void read().then(clear, fail), QUIET_MS);
        },
        setStream,
      );
    }, fail);
    return () => {
      current = false;
      clearTimeout(timer);
      stop();
    };
  }, [id]);

  return { tournament, problem, stream, show };
}
