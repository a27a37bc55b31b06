/**
 * The one writer of versioned logs (docs/architecture.md, "The versioned-log writer"): a log's
 * head row moves from the version its writer read, and the events are inserted as the next
 * versions, only for the row it moved, in one statement with every effect's fragment; so the
 * head, the events and the effects commit together or not at all, and of two racing appends
 * exactly one is written (the other finds the version moved, or the events' key taken).
 * An effect whose fragment needs reads under locks (`locksFirst`) makes the append a transaction:
 * the head locked at the expected version, the fragments rendered, then the statement.
 */
import type { SqlClient } from '../sql-client.js';
import { isUniqueViolation } from '../sql-state.js';
import type { Commit, Committed, EffectApplier, Fragment, LogEffect } from './log-stream.js';
import { SqlParams } from './sql-params.js';

type Row = Readonly<Record<string, unknown>>;

/** Writes `commit` on `sql` (the service's pool, or a transaction under way). */
export async function commit<State, Event, E extends LogEffect>(
  sql: SqlClient,
  request: Commit<State, Event, E>,
): Promise<Committed> {
  if (request.events.length === 0) throw new RangeError('An append writes at least one event.');
  const applied = request.effects.map((effect) => ({ effect, applier: applierOf(request, effect) }));
  try {
    if (!applied.some(({ applier }) => applier.locksFirst === true)) return await write(sql, request, applied);
    return await sql.transaction(async (tx) => {
      const { stream } = request;
      const locked = await tx.query(
        `SELECT 1 FROM ${stream.table} WHERE ${stream.key} = $1::${stream.keyType} AND ${stream.version} = $2::int
           FOR NO KEY UPDATE`,
        [request.id, request.expectedVersion],
      );
      return locked.length === 0 ? { kind: 'lost' } : write(tx, request, applied);
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'lost' };
    throw err;
  }
}

interface Applied<E extends LogEffect> {
  readonly effect: E;
  readonly applier: EffectApplier<E>;
}

function applierOf<E extends LogEffect>(request: Commit<unknown, unknown, E>, effect: E): EffectApplier<E> {
  const applier = (request.stream.appliers as Record<string, EffectApplier<E> | undefined>)[effect.kind];
  if (applier === undefined) throw new Error(`No applier of ${effect.kind} effects on ${request.stream.table}.`);
  return applier;
}

/** A statement's text, and how many parameters it takes. */
interface Text {
  readonly text: string;
  readonly count: number;
}

/**
 * The statements' texts of each stream, by shape (a few per stream: one per combination of
 * effects): the same text each time, whose name the pool finds at once (sql-client.ts).
 */
const texts = new WeakMap<object, Map<string, Text>>();

function textsOf(stream: object): Map<string, Text> {
  let known = texts.get(stream);
  if (known === undefined) texts.set(stream, (known = new Map<string, Text>()));
  return known;
}

async function write<State, Event, E extends LogEffect>(
  sql: SqlClient,
  request: Commit<State, Event, E>,
  applied: readonly Applied<E>[],
): Promise<Committed> {
  const { stream } = request;
  const shape = [stream.shape?.(request.state) ?? '']
    .concat(applied.map(({ effect, applier }) => `${effect.kind}:${applier.shape?.(effect) ?? ''}`))
    .join('|');
  const known = textsOf(stream).get(shape);
  const params = new SqlParams(known !== undefined);
  const at = params.add(request.at.toISOString(), 'timestamptz');
  const context = { sql, decided: stream.decided ?? null, at };
  const fragments: Fragment[] = [];
  for (const { effect, applier } of applied) fragments.push(await applier.fragment(effect, params, context));
  const built = statement(request, at, params, fragments);
  if (known !== undefined && known.count !== params.values.length) {
    throw new Error(`The shape ${shape} of an append on ${stream.table} leaves out what its text depends on.`);
  }
  const text = known?.text ?? built;
  if (known === undefined) textsOf(stream).set(shape, { text, count: params.values.length });
  const [row] = await sql.query<Row>(text, params.values);
  for (const { effect, applier } of applied) {
    const error = applier.refusal?.(row, effect) ?? null;
    if (error !== null) return { kind: 'refused', error };
  }
  if (row.written === request.events.length) return { kind: 'written' };
  for (const { effect, applier } of applied) {
    const error = (await applier.explainLoss?.(sql, effect)) ?? null;
    if (error !== null) return { kind: 'refused', error };
  }
  return { kind: 'lost' };
}

/** The append's one statement: the fragments' CTEs, `head`, `events`, then the answer row. */
function statement<State, Event, E extends LogEffect>(
  request: Commit<State, Event, E>,
  at: string,
  params: SqlParams,
  fragments: readonly Fragment[],
): string {
  const { stream, events, expectedVersion } = request;
  const all = <K extends 'before' | 'from' | 'where' | 'after' | 'returns'>(part: K): string[] =>
    fragments.flatMap((f) => f[part] ?? []);
  const assignments = stream.assignments(
    request.state,
    at,
    params,
    Object.assign({}, ...fragments.map((f) => f.values ?? {})) as Record<string, string>,
  );
  const from = all('from');
  const where = all('where').map((condition) => ` AND ${condition}`);
  const head = `head AS (
  UPDATE ${stream.table}
     SET ${assignments}, ${stream.version} = ${params.add(expectedVersion + events.length, 'int')}${from.length > 0 ? `\n    FROM ${from.join(', ')}` : ''}
   WHERE ${stream.table}.${stream.key} = ${params.add(request.id, stream.keyType)}
     AND ${stream.table}.${stream.version} = ${params.add(expectedVersion, 'int')}${where.join('')}
  RETURNING ${stream.returning}
)`;
  const inserted = `events AS (\n${stream.insertEvents(events, expectedVersion + 1, at, params)}\n  RETURNING 1\n)`;
  const answer = ['(SELECT count(*) FROM events)::int AS written', ...all('returns')];
  return `WITH ${[...all('before'), head, inserted, ...all('after')].join(',\n')}
SELECT ${answer.join(', ')}`;
}
