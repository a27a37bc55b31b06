/** One request a page shows: its data once answered, the problem if it failed, and a way to ask again. */
import { useEffect, useState } from 'preact/hooks';
import { asProblem, type ApiProblem } from '../api/problem.js';

export interface RequestState<T> {
  /** The last answer; kept while a reload is under way. */
  readonly data: T | null;
  readonly problem: ApiProblem | null;
  readonly loading: boolean;
  readonly reload: () => void;
}

/** Runs `load` when the page opens and whenever `deps` change or `reload` is called. */
export function useRequest<T>(load: () => Promise<T>, deps: readonly unknown[]): RequestState<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setProblem(null);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setProblem(asProblem(error));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; what it reads is in `deps`.
  }, [...deps, tick]);
  return { data, problem, loading, reload: () => setTick((n) => n + 1) };
}
