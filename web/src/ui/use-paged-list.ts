/**
 * A list the server gives in cursor pages (`items`, `next`): the first page when the page opens,
 * more on request, and a refresh that fetches again as many items as are shown, so that a live
 * update does not fold up what the person has opened.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { asProblem, type ApiProblem } from '../api/problem.js';

export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

export interface PagedList<T> {
  /** The items so far; null before the first page came. */
  readonly items: readonly T[] | null;
  readonly next: string | null;
  readonly loading: boolean;
  readonly problem: ApiProblem | null;
  /** Fetches the page after the last one shown. */
  readonly more: () => void;
  /** Fetches the list again from its start, as long as it is shown now. */
  readonly refresh: () => void;
}

/** The server's largest page (PageQueryDto: limit at most 100). */
const LARGEST_PAGE = 100;

export function usePagedList<T>(
  load: (cursor: string | undefined, limit: number) => Promise<Page<T>>,
  deps: readonly unknown[],
  pageSize = 20,
): PagedList<T> {
  const [items, setItems] = useState<readonly T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  // Only the latest request's answer counts: an older one answering late is dropped.
  const latest = useRef(0);
  const shown = useRef(0);

  const fetchPage = (cursor: string | undefined, limit: number, append: boolean): void => {
    const request = ++latest.current;
    setLoading(true);
    load(cursor, limit).then(
      (page) => {
        if (request !== latest.current) return;
        setItems((before) => {
          const all = append && before !== null ? [...before, ...page.items] : page.items;
          shown.current = all.length;
          return all;
        });
        setNext(page.next);
        setProblem(null);
        setLoading(false);
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        setProblem(asProblem(error));
        setLoading(false);
      },
    );
  };

  useEffect(() => {
    shown.current = 0;
    setItems(null);
    fetchPage(undefined, pageSize, false);
    // `load` is a new function each render; what it reads is in `deps`.
  }, deps);

  return {
    items,
    next,
    loading,
    problem,
    more: () => {
      if (next !== null) fetchPage(next, pageSize, true);
    },
    refresh: () => fetchPage(undefined, Math.min(LARGEST_PAGE, Math.max(pageSize, shown.current)), false),
  };
}
