import { decodeCursor, encodeCursor, InvalidCursorError } from './list-cursor.js';

const id = '3f0c2b9e-6a4d-4f1e-9b7a-2c5d8e1f0a3b';
const at = new Date('2026-11-23T10:15:30.123Z');

describe('list cursors', () => {
  it('give back the sort keys they were made of, for each list', () => {
    expect(decodeCursor('open', encodeCursor('open', { createdAt: at, id }))).toEqual({ createdAt: at, id });
    expect(decodeCursor('mine', encodeCursor('mine', { createdAt: at, id }))).toEqual({ createdAt: at, id });
    const inbox = { deadline: null, turnStartedAt: at, id };
    expect(decodeCursor('inbox', encodeCursor('inbox', inbox))).toEqual(inbox);
    expect(decodeCursor('inbox', encodeCursor('inbox', { ...inbox, deadline: at }))).toEqual({
      ...inbox,
      deadline: at,
    });
  });

  it('are URL-safe text', () => {
    expect(encodeCursor('inbox', { deadline: at, turnStartedAt: at, id })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  const encoded = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
  it.each([
    ['another list’s cursor', encodeCursor('mine', { createdAt: at, id })],
    ['padding and other base64 characters', `${encodeCursor('open', { createdAt: at, id })}=`],
    ['an object instead of an array', encoded({ list: 'open' })],
    ['a missing key', encoded(['open', at.toISOString()])],
    ['an extra key', encoded(['open', at.toISOString(), id, 1])],
    ['an id that is not a UUID', encoded(['open', at.toISOString(), "1' OR 1=1"])],
    ['a time in another format', encoded(['open', '2026-11-23 10:15:30', id])],
    ['a time that does not exist', encoded(['open', '2026-02-30T10:15:30.123Z', id])],
    ['a number for a time', encoded(['open', 1, id])],
  ])('refuse %s', (_, cursor) => {
    expect(() => decodeCursor('open', cursor)).toThrow(InvalidCursorError);
  });

  it('refuse an inbox cursor whose turn start is missing', () => {
    expect(() => decodeCursor('inbox', encoded(['inbox', null, null, id]))).toThrow(InvalidCursorError);
  });
});
