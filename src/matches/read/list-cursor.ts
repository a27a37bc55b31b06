/**
 * The cursors of the match lists: each list's sort keys, written in the one
 * cursor scheme of the service (src/common/page-cursor.ts; docs/architecture.md,
 * "API conventions"), under the list's name, so that a cursor of one list is
 * refused by another.
 */
import { cursorCodec, instantKey, optionalInstantKey, uuidKey, type CursorCodec } from '../../common/page-cursor.js';

export { InvalidCursorError } from '../../common/page-cursor.js';

/** Newest first: (created_at, id) descending. */
const NEWEST_FIRST = { createdAt: instantKey, id: uuidKey };

/** The lists that page with a cursor, each with its cursors. */
export const LIST_CURSORS = {
  /** Open challenges, newest first. */
  open: cursorCodec('open', NEWEST_FIRST),
  /** A player's matches, newest first. */
  mine: cursorCodec('mine', NEWEST_FIRST),
  /** Match history (any filters), newest first. */
  history: cursorCodec('history', NEWEST_FIRST),
  /** The inbox: (deadline, nulls last; turn start; id) ascending. */
  inbox: cursorCodec('inbox', { deadline: optionalInstantKey, turnStartedAt: instantKey, id: uuidKey }),
};

export type ListName = keyof typeof LIST_CURSORS;

/** The sort keys of each list's cursor. */
export type ListCursors = { [L in ListName]: (typeof LIST_CURSORS)[L] extends CursorCodec<infer K> ? K : never };

export function encodeCursor<L extends ListName>(list: L, keys: ListCursors[L]): string {
  return (LIST_CURSORS[list] as CursorCodec<ListCursors[L]>).encode(keys);
}

/** The sort keys of a cursor of `list`; InvalidCursorError for anything else. */
export function decodeCursor<L extends ListName>(list: L, cursor: string): ListCursors[L] {
  return (LIST_CURSORS[list] as CursorCodec<ListCursors[L]>).decode(cursor);
}
