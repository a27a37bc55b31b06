import { DomainError } from '../../common/domain-error.js';

/**
 * The opaque `cursor` of the match lists (docs/architecture.md, "API
 * conventions"): the sort keys of the last item of a page, as base64url of a
 * JSON array that starts with the list's name, so that a cursor of one list
 * is refused by another. Clients pass it back unchanged; anything that is not
 * a cursor this service made is refused with InvalidCursorError.
 */

/** The lists that page with a cursor, and their sort keys after the name. */
export interface ListCursors {
  /** Open challenges, newest first: (created_at, id) descending. */
  readonly open: { readonly createdAt: Date; readonly id: string };
  /** A player's matches, newest first: (created_at, id) descending. */
  readonly mine: { readonly createdAt: Date; readonly id: string };
  /** Match history (any filters), newest first: (created_at, id) descending. */
  readonly history: { readonly createdAt: Date; readonly id: string };
  /** The inbox: (deadline, nulls last; turn start; id) ascending. */
  readonly inbox: { readonly deadline: Date | null; readonly turnStartedAt: Date; readonly id: string };
}

export type ListName = keyof ListCursors;

export class InvalidCursorError extends DomainError {
  readonly code = 'invalid-cursor';
  readonly kind = 'invalid';
  constructor() {
    super('The cursor is not one this list gave out; pass back the `next` of the previous page unchanged.');
  }
}

/** Longer than any cursor this service makes. */
const MAX_CURSOR_LENGTH = 256;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Date.prototype.toISOString's form, and nothing else. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor<L extends ListName>(list: L, keys: ListCursors[L]): string {
  const values: unknown[] = [list];
  if ('deadline' in keys) values.push(keys.deadline?.toISOString() ?? null, keys.turnStartedAt.toISOString());
  else values.push(keys.createdAt.toISOString());
  values.push(keys.id);
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The sort keys of a cursor of `list`; InvalidCursorError for anything else. */
export function decodeCursor<L extends ListName>(list: L, cursor: string): ListCursors[L] {
  const values = parse(cursor);
  if (values[0] !== list) throw new InvalidCursorError();
  const id = values[values.length - 1];
  if (typeof id !== 'string' || !UUID.test(id)) throw new InvalidCursorError();
  if (list === 'inbox') {
    if (values.length !== 4) throw new InvalidCursorError();
    const keys: ListCursors['inbox'] = {
      deadline: values[1] === null ? null : instant(values[1]),
      turnStartedAt: instant(values[2]),
      id,
    };
    return keys as ListCursors[L];
  }
  if (values.length !== 3) throw new InvalidCursorError();
  const keys: ListCursors['open'] = { createdAt: instant(values[1]), id };
  return keys as ListCursors[L];
}

function parse(cursor: string): unknown[] {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) throw new InvalidCursorError();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(values)) throw new InvalidCursorError();
  return values as unknown[];
}

function instant(value: unknown): Date {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) throw new InvalidCursorError();
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== value) throw new InvalidCursorError();
  return date;
}
