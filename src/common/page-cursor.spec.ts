import {
  cursorCodec,
  instantKey,
  InvalidCursorError,
  numberKey,
  optionalInstantKey,
  pageOf,
  pageStart,
  uuidKey,
} from './page-cursor.js';

const id = '3f0c2b9e-6a4d-4f1e-9b7a-2c5d8e1f0a3b';
const at = new Date('2026-11-23T10:15:30.123Z');
const byRating = cursorCodec('rating', { rating: numberKey, id: uuidKey });
const byDeadline = cursorCodec('due', { deadline: optionalInstantKey, at: instantKey, id: uuidKey });
const encoded = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('cursorCodec', () => {
  it('writes the list name and the keys in order, as URL-safe text, and reads them back', () => {
    const cursor = byRating.encode({ rating: 1523.25, id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toEqual(['rating', 1523.25, id]);
    expect(byRating.decode(cursor)).toEqual({ rating: 1523.25, id });
    expect(byDeadline.decode(byDeadline.encode({ deadline: null, at, id }))).toEqual({ deadline: null, at, id });
    expect(byDeadline.decode(byDeadline.encode({ deadline: at, at, id }))).toEqual({ deadline: at, at, id });
  });

  it.each([
    ['another list’s cursor', byDeadline.encode({ deadline: null, at, id })],
    ['an empty string', ''],
    ['text that is not base64url', '!!not a cursor!!'],
    ['a very long one', 'A'.repeat(5000)],
    ['base64url of something other than JSON', Buffer.from('not json').toString('base64url')],
    ['an object instead of an array', encoded({ list: 'rating' })],
    ['a missing key', encoded(['rating', 1500])],
    ['an extra key', encoded(['rating', 1500, id, 1])],
    ['a rating that is not a number', encoded(['rating', '1500', id])],
    ['an id that is not a UUID', encoded(['rating', 1500, "1' OR 1=1"])],
    ['an id in upper case (the database writes lower case)', encoded(['rating', 1500, id.toUpperCase()])],
  ])('refuses %s with InvalidCursorError', (_, cursor) => {
    expect(() => byRating.decode(cursor)).toThrow(InvalidCursorError);
  });

  it.each([
    ['a time in another format', encoded(['due', null, '2026-11-23 10:15:30', id])],
    ['a time that does not exist', encoded(['due', null, '2026-02-30T10:15:30.123Z', id])],
    ['a missing time where one is due', encoded(['due', at.toISOString(), null, id])],
  ])('refuses %s', (_, cursor) => {
    expect(() => byDeadline.decode(cursor)).toThrow(InvalidCursorError);
  });

  it('answers the invalid-cursor problem (400)', () => {
    const error = new InvalidCursorError();
    expect([error.code, error.kind]).toEqual(['invalid-cursor', 'invalid']);
  });
});

describe('pageStart and pageOf', () => {
  it('start at the beginning without a cursor, after its keys with one, and refuse a page size below 1', () => {
    expect(pageStart(byRating, { limit: 2 })).toBeNull();
    expect(pageStart(byRating, { cursor: null, limit: 2 })).toBeNull();
    expect(pageStart(byRating, { cursor: byRating.encode({ rating: 1, id }), limit: 2 })).toEqual({ rating: 1, id });
    expect(() => pageStart(byRating, { limit: 0 })).toThrow(RangeError);
  });

  it('cut the extra row off a page and make the next cursor from the last item kept', () => {
    const rows = [3, 2, 1].map((rating) => ({ rating, id }));
    const page = pageOf(
      byRating,
      rows,
      2,
      (row) => row,
      (row) => row,
    );
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(byRating.decode(page.next!)).toEqual({ rating: 2, id });
    expect(
      pageOf(
        byRating,
        rows,
        3,
        (row) => row,
        (row) => row,
      ).next,
    ).toBeNull();
  });
});
