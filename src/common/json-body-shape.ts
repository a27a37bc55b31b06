import type { FieldError } from './problem-details.js';

/**
 * Deepest nesting of objects and arrays accepted in a request body (the body
 * object itself is level 1). The API's bodies need a handful of levels; deeper
 * ones only serve to exhaust the stack of the recursive code after parsing
 * (class-transformer, class-validator).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys naming JavaScript's prototype machinery. JSON.parse keeps them as
 * plain own keys, but no field of this API has such a name and code that
 * merges objects may treat them specially: they are refused at any depth,
 * like any unknown field.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What is wrong with the shape of a parsed body, if anything. */
export type JsonShapeProblem = { kind: 'too-deep' } | { kind: 'field-errors'; errors: FieldError[] };

/**
 * What in `text` PostgreSQL cannot store, or null: a NUL (refused in `text`
 * and `jsonb` alike), or a UTF-16 surrogate without its pair (JSON may write
 * one as `\ud800`; it is no character, and no UTF-8 encodes it). Every string
 * a request brings is held to this at the edge, so that none reaches the
 * database to fail there (docs/architecture.md, "Request bodies").
 */
export function unstorableText(text: string): 'a NUL character' | 'an unpaired surrogate' | null {
  if (text.includes('\u0000')) return 'a NUL character';
  return LONE_SURROGATE.test(text) ? 'an unpaired surrogate' : null;
}

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The field error for a string (or key) `unstorableText` refuses, or null. */
export function unstorableTextError(field: string, text: string): FieldError | null {
  const what = unstorableText(text);
  return what === null
    ? null
    : {
        field,
        constraint: 'unstorable-text',
        message: `${field || 'the value'} holds ${what}, which cannot be stored`,
      };
}

/**
 * Walks a parsed JSON value without recursion (so a value of any depth is
 * safe to inspect) and reports nesting beyond MAX_JSON_DEPTH, else every
 * prototype key and every key or string holding unstorable text (see
 * `unstorableText`), each with its dotted path (`a.0.__proto__`).
 */
export function jsonShapeProblem(body: unknown): JsonShapeProblem | undefined {
  const errors: FieldError[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      const error = unstorableTextError(path, value);
      if (error !== null) errors.push(error);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return { kind: 'too-deep' };
    const children: Array<[string, unknown]> = Object.entries(value);
    for (const [key] of children) {
      const unstorable = unstorableTextError(join(path, key), key);
      if (unstorable !== null) errors.push(unstorable);
      else if (PROTOTYPE_KEYS.has(key)) {
        errors.push({
          field: join(path, key),
          constraint: 'unknown-field',
          message: `property ${key} should not exist`,
        });
      }
    }
    // Pushed in reverse, so that fields are visited (and reported) in document order.
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i];
      pending.push({ value: child, path: join(path, key), depth: depth + 1 });
    }
  }
  return errors.length > 0 ? { kind: 'field-errors', errors } : undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
