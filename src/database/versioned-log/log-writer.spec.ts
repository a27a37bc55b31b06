import { SqlClient } from '../sql-client.js';
import type { EffectApplier, LogStream } from './log-stream.js';
import { commit } from './log-writer.js';
import { retryOnConflict } from './retry-on-conflict.js';

/** A client that records the statements it is sent and answers each with `answer`. */
class Recording extends SqlClient {
  readonly sent: { text: string; params: readonly unknown[] }[] = [];
  constructor(private readonly answer: (text: string) => Record<string, unknown>[]) {
    super();
  }
  query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    this.sent.push({ text, params });
    return Promise.resolve(this.answer(text) as Row[]);
  }
  transaction<T>(work: (sql: SqlClient) => Promise<T>): Promise<T> {
    return work(this);
  }
}

interface Mark {
  readonly kind: 'mark';
  readonly note: string | null;
}

const markApplier: EffectApplier<Mark> = {
  shape: (effect) => (effect.note === null ? '' : 'noted'),
  fragment: (effect, params) => ({
    before: effect.note === null ? [] : [`note AS (SELECT ${params.add(effect.note, 'text')} AS note)`],
    after: ['marked AS (INSERT INTO marks SELECT head.id FROM head)'],
    returns: ['true AS ok'],
  }),
  refusal: (row) => (row.ok === false ? new Error('refused') : null),
  explainLoss: () => Promise.resolve(null),
};

const stream: LogStream<{ name: string }, string, Mark> = {
  table: 'things',
  key: 'id',
  keyType: 'uuid',
  version: 'version',
  returning: 'things.id AS id',
  assignments: (state, at, params) => `name = ${params.add(state.name, 'text')}, updated_at = ${at}`,
  insertEvents: (events, first, at, params) =>
    `INSERT INTO thing_events SELECT head.id, ${params.add(first, 'int')}, ${params.add(JSON.stringify(events), 'jsonb')}, ${at} FROM head`,
  appliers: { mark: markApplier },
};

const request = (note: string | null) => ({
  stream,
  id: 'a',
  expectedVersion: 4,
  events: ['x', 'y'],
  state: { name: 'n' },
  effects: [{ kind: 'mark' as const, note }],
  at: new Date('2026-01-01T00:00:00Z'),
});

describe('commit', () => {
  it('writes the head, the events and the effects in one statement, each parameter numbered once', async () => {
    const sql = new Recording(() => [{ written: 2, ok: true }]);
    expect(await commit(sql, request('hello'))).toEqual({ kind: 'written' });
    expect(sql.sent).toHaveLength(1);
    const [{ text, params }] = sql.sent;
    expect(text).toContain('WITH note AS (SELECT $2::text AS note),\nhead AS (');
    expect(text).toContain('SET name = $3::text, updated_at = $1::timestamptz, version = $4::int');
    expect(text).toContain('WHERE things.id = $5::uuid\n     AND things.version = $6::int');
    expect(params).toEqual(['2026-01-01T00:00:00.000Z', 'hello', 'n', 6, 'a', 4, 5, '["x","y"]']);
  });

  it('sends the same text again for the same shape, with the new values', async () => {
    const sql = new Recording(() => [{ written: 2, ok: true }]);
    await commit(sql, request('one'));
    await commit(sql, request('two'));
    await commit(sql, request(null));
    expect(sql.sent[1].text).toBe(sql.sent[0].text);
    expect(sql.sent[1].params[1]).toBe('two');
    expect(sql.sent[2].text).not.toContain('note AS');
  });

  it('answers lost when fewer events were written, refused when an effect says so', async () => {
    expect(await commit(new Recording(() => [{ written: 0, ok: true }]), request(null))).toEqual({ kind: 'lost' });
    expect(await commit(new Recording(() => [{ written: 0, ok: false }]), request(null))).toEqual({
      kind: 'refused',
      error: new Error('refused'),
    });
  });

  it('refuses an append of no events', async () => {
    await expect(commit(new Recording(() => []), { ...request(null), events: [] })).rejects.toThrow(RangeError);
  });
});

describe('retryOnConflict', () => {
  it('tries again after a lost race, at most the attempts given, then answers what `exhausted` throws', async () => {
    const tried: number[] = [];
    const lost = (n: number) => {
      tried.push(n);
      return Promise.resolve(null);
    };
    await expect(retryOnConflict(3, lost, () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(tried).toEqual([1, 2, 3]);
    expect(
      await retryOnConflict(
        5,
        (n) => Promise.resolve(n === 2 ? 'done' : null),
        () => Promise.reject(new Error('busy')),
      ),
    ).toBe('done');
  });
});
