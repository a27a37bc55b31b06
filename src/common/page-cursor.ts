/**
 * Cursor pages, the one scheme of every list that pages (docs/architecture.md,
 * "API conventions"): a page's `next` is an opaque cursor holding the sort keys
 * of its last item, as base64url of a JSON array that starts with the list's
 * name, so that a cursor of one list is refused by another. Clients pass it
 * back unchanged; anything that is not a cursor this service made is refused
 * with InvalidCursorError.
 */
import { DomainError } from './domain-error.js';
import { isUuid } from './uuid.js';

export class InvalidCursorError extends DomainError {
  readonly code = 'invalid-cursor';
  readonly kind = 'invalid';
  constructor() {
    super('The cursor is not one this list gave out; pass back the `next` of the previous page unchanged.');
  }
}

/** A page asked for. */
export interface PageRequest {
  /** The `next` of the previous page; absent or null for the first. */
  readonly cursor?: string | null;
  /** Items per page: a whole number of at least 1 (the controllers bound it). */
  readonly limit: number;
}

/** A page of a list; `next` is the opaque cursor of the following page, null on the last. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/** How one sort key is written into a cursor, and read back (InvalidCursorError for anything else). */
export interface CursorKey<T> {
  write(value: T): unknown;
  read(value: unknown): T;
}

/** Longer than any cursor this service makes. */
const MAX_CURSOR_LENGTH = 256;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Date.prototype.toISOString's form, and nothing else. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant, as Date.prototype.toISOString writes it. */
export const instantKey: CursorKey<Date> = {
  write: (value) => value.toISOString(),
  read: (value) => {
    if (typeof value !== 'string' || !ISO_INSTANT.test(value)) throw new InvalidCursorError();
    const date = new Date(value);
    if (Number.isNaN(date.getTime()) || date.toISOString() !== value) throw new InvalidCursorError();
    return date;
  },
};

/** An instant or none (null). */
export const optionalInstantKey: CursorKey<Date | null> = {
  write: (value) => (value === null ? null : instantKey.write(value)),
  read: (value) => (value === null ? null : instantKey.read(value)),
};

/** A row's id: a UUID as the database writes it (lower case). */
export const uuidKey: CursorKey<string> = {
  write: (value) => value,
  read: (value) => {
    if (typeof value !== 'string' || !isUuid(value) || value !== value.toLowerCase()) throw new InvalidCursorError();
    return value;
  },
};

/** A finite number. */
export const numberKey: CursorKey<number> = {
  write: (value) => value,
  read: (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidCursorError();
    return value;
  },
};

/** The sort keys of a list, each with how it is written; a cursor holds them in this order. */
export type CursorKeys<T> = { readonly [K in keyof T]: CursorKey<T[K]> };

/** The cursors of one list. */
export interface CursorCodec<T> {
  encode(keys: T): string;
  /** The sort keys of a cursor of this list; InvalidCursorError for anything else. */
  decode(cursor: string): T;
}

/** The cursors of the list named `list`, holding the sort keys `keys` (in their order). */
export function cursorCodec<T extends object>(list: string, keys: CursorKeys<T>): CursorCodec<T> {
  const fields = Object.entries(keys) as Array<[keyof T & string, CursorKey<unknown>]>;
  return {
    encode: (values) => {
      const written = fields.map(([name, key]) => key.write(values[name]));
      return Buffer.from(JSON.stringify([list, ...written])).toString('base64url');
    },
    decode: (cursor) => {
      const values = parse(cursor);
      if (values.length !== fields.length + 1 || values[0] !== list) throw new InvalidCursorError();
      return Object.fromEntries(fields.map(([name, key], i) => [name, key.read(values[i + 1])])) as T;
    },
  };
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

/**
 * Where a page starts: after the sort keys of its cursor, or null for the first page. Refuses a
 * cursor of another list (InvalidCursorError), and a page size below 1 as a programming error.
 */
export function pageStart<K>(codec: CursorCodec<K>, page: PageRequest): K | null {
  if (!Number.isInteger(page.limit) || page.limit < 1) {
    throw new RangeError(`A page holds at least 1 item, not ${page.limit}.`);
  }
  return page.cursor === undefined || page.cursor === null ? null : codec.decode(page.cursor);
}

/**
 * A page of `limit` items from up to `limit + 1` rows read: the extra row says there is a
 * next page, which starts after the sort keys of this page's last item.
 */
export function pageOf<Row, T, K>(
  codec: CursorCodec<K>,
  rows: readonly Row[],
  limit: number,
  itemOf: (row: Row) => T,
  keysOf: (item: T) => K,
): Page<T> {
  const items = rows.slice(0, limit).map(itemOf);
  const next = rows.length > limit ? codec.encode(keysOf(items[items.length - 1])) : null;
  return { items, next };
}
