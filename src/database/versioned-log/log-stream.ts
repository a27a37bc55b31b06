/**
 * What the versioned-log writer (log-writer.ts) is given by a log's owner (docs/architecture.md,
 * "The versioned-log writer"): the stream, which names the log's tables and renders its state and
 * events, and the effects written with an append, each applied by the module that owns the table it
 * touches. The kernel knows none of them: a stream lists its effects' appliers.
 */
import type { SqlClient } from '../sql-client.js';
import type { SqlParams } from './sql-params.js';

/** An effect written with an append, in its transaction: a typed value, told apart by `kind`. */
export interface LogEffect {
  readonly kind: string;
}

/**
 * What an effect adds to the append's one statement. The head row's UPDATE is the CTE `head`
 * (RETURNING the stream's `returning`), the events' INSERT the CTE `events`.
 */
export interface Fragment {
  /** CTEs before `head` (`name AS (...)`), in order: what the UPDATE reads, locked first. */
  readonly before?: readonly string[];
  /** Relations the head's UPDATE reads (its FROM). */
  readonly from?: readonly string[];
  /** Conditions of the head's UPDATE, after the version's: unmet, nothing is written. */
  readonly where?: readonly string[];
  /** Named SQL expressions the stream may write into the head row (what the statement decided). */
  readonly values?: Readonly<Record<string, string>>;
  /** CTEs after `events`, writing only with `head` (they read it). */
  readonly after?: readonly string[];
  /** Columns of the statement's answer row, `expression AS name`, read back by `refusal`. */
  readonly returns?: readonly string[];
}

/** Where an applier renders its fragment: the transaction's client (for `locksFirst`), and the stream's. */
export interface EffectContext {
  readonly sql: SqlClient;
  /** The stream's jsonb expression of what the statement decided (read from `head`), if any. */
  readonly decided: string | null;
  /** The placeholder of the append's time. */
  readonly at: string;
}

/** How the module owning an effect's table writes it (an applier is a value, without state). */
export interface EffectApplier<E extends LogEffect> {
  /**
   * Whether the fragment is rendered after reading under locks: the append then runs as a
   * transaction, the head row locked at the expected version first (a lost race at once, else).
   */
  readonly locksFirst?: boolean;
  /**
   * What, besides the effect's kind, the fragment's text depends on ('' when nothing: the default).
   * The writer keeps a statement's text by its stream's and its effects' shapes, and renders it
   * again only for the values of its parameters.
   */
  shape?(effect: E): string;
  fragment(effect: E, params: SqlParams, context: EffectContext): Fragment | Promise<Fragment>;
  /** A refusal read from the statement's answer row (nothing was written then); null when none. */
  refusal?(row: Readonly<Record<string, unknown>>, effect: E): Error | null;
  /** When nothing was written and no refusal was read: the refusal that explains it, or null (a lost race). */
  explainLoss?(sql: SqlClient, effect: E): Promise<Error | null>;
}

/** Appliers by kind, for a union of effects. */
export type Appliers<E extends LogEffect> = { readonly [K in E['kind']]: EffectApplier<Extract<E, { kind: K }>> };

/** A versioned log's tables, as its owner declares them. */
export interface LogStream<State, Event, E extends LogEffect> {
  /** The head row's table, its key column and the key's type, and its version column. */
  readonly table: string;
  readonly key: string;
  readonly keyType: string;
  readonly version: string;
  /** The columns `head` returns (its key first, as `id`). */
  readonly returning: string;
  /** What, besides its effects, the text of `assignments` depends on ('' when nothing: the default). */
  shape?(state: State): string;
  /** The head row's assignments for `state` (besides its version), with the fragments' `values`. */
  assignments(state: State, at: string, params: SqlParams, values: Readonly<Record<string, string>>): string;
  /** The INSERT of the events as versions `first`, `first + 1`, ... reading `head` (so only with it). */
  insertEvents(events: readonly Event[], first: number, at: string, params: SqlParams): string;
  /** A jsonb expression of what the statement decided, read from `head` (an idempotent answer overwrites with it). */
  readonly decided?: string;
  readonly appliers: Appliers<E>;
}

/** One append: `events` after `expectedVersion`, leading to `state`, with `effects`, at `at`. */
export interface Commit<State, Event, E extends LogEffect> {
  readonly stream: LogStream<State, Event, E>;
  readonly id: string;
  readonly expectedVersion: number;
  readonly events: readonly Event[];
  readonly state: State;
  readonly effects: readonly E[];
  readonly at: Date;
}

/** What came of a commit: written; lost the race (nothing written); or refused by an effect (nothing written). */
export type Committed =
  { readonly kind: 'written' } | { readonly kind: 'lost' } | { readonly kind: 'refused'; readonly error: Error };
