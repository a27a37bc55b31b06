import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { SqlClient } from '../../src/database/sql-client.js';
import {
  IdempotencyKeyInUseError,
  IdempotencyKeyReusedError,
  InvalidIdempotencyKeyError,
} from '../../src/idempotency/idempotency.errors.js';
import { IdempotencyContext } from '../../src/idempotency/idempotency-context.js';
import { IdempotencyInterceptor } from '../../src/idempotency/idempotency.interceptor.js';
import { IdempotencyRepository } from '../../src/idempotency/idempotency.repository.js';
import { IdempotencyModule } from '../../src/idempotency/idempotency.module.js';
import type { User } from '../../src/users/user.js';
import { UsersModule } from '../../src/users/users.module.js';
import { useMediumApp } from './medium-app.js';

const m = useMediumApp([UsersModule, IdempotencyModule]);
const interceptor = m.provider(IdempotencyInterceptor);
let ann: User;
beforeAll(async () => {
  ann = (await m.driver.newUser()).user;
});

/** An HTTP request as the interceptor sees it once BearerAuthGuard has let it through, and its response. */
function exchange(options: { key?: string; body?: unknown; method?: string; user?: User | null; path?: string }) {
  const headers: Record<string, string> = {};
  const req = {
    method: options.method ?? 'POST',
    originalUrl: options.path ?? '/api/matches',
    headers: options.key === undefined ? {} : { 'idempotency-key': options.key },
    body: options.body ?? {},
    principal: options.user === null ? undefined : { userId: (options.user ?? ann).id, username: 'x' },
  };
  // The part of a Fastify reply the interceptor uses.
  const res = {
    statusCode: 201,
    header(name: string, value: string) {
      headers[name] = value;
      return this;
    },
  };
  const context = {
    getType: () => 'http',
    getHandler: () => function route() {},
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ExecutionContext;
  return { context, headers };
}

/** A route handler that counts its runs and answers `answer` (or fails with it) when `settle` is called. */
function handler(answer: () => unknown = () => ({ id: 'match-1' })) {
  let runs = 0;
  const call: CallHandler = {
    handle: (): Observable<unknown> => {
      runs++;
      return from(Promise.resolve().then(answer));
    },
  };
  return { call, runs: () => runs };
}

async function send(ex: ReturnType<typeof exchange>, call: CallHandler): Promise<unknown> {
  return lastValueFrom(await interceptor.intercept(ex.context, call));
}

/** Polls `condition` until it holds (at most a second). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

const STORED = 'SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code IS NOT NULL';

let n = 0;
const newKey = () => `interceptor-key-${++n}`;

describe('IdempotencyInterceptor', () => {
  it('runs the first request, and answers a retry with the stored body, marked replayed, without running it', async () => {
    const key = newKey();
    const route = handler();
    expect(await send(exchange({ key, body: { variant: 'backgammon', length: 5 } }), route.call)).toEqual({
      id: 'match-1',
    });
    const retry = exchange({ key, body: { length: 5, variant: 'backgammon' } });
    expect(await send(retry, route.call)).toEqual({ id: 'match-1' });
    expect(retry.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(route.runs()).toBe(1);
  });

  it.each([
    ['another body', { body: { variant: 'long-nardy' } }],
    ['another path', { path: '/api/matches/other' }],
  ])('refuses the same key with %s as reused, without running it', async (_, change) => {
    const key = newKey();
    await send(exchange({ key, body: { variant: 'backgammon' } }), handler().call);
    const route = handler();
    await expect(send(exchange({ key, body: { variant: 'backgammon' }, ...change }), route.call)).rejects.toThrow(
      IdempotencyKeyReusedError,
    );
    expect(route.runs()).toBe(0);
  });

  it('runs the handler holding the key: the answer it stores with its effect is the one replayed', async () => {
    const key = newKey();
    const context = m.get(IdempotencyContext);
    const route = handler(async () => {
      const answer = context.answer({ id: 'stored-with-the-effect' });
      expect(answer).toMatchObject({ userId: ann.id, key, statusCode: 201 });
      await m.get(IdempotencyRepository).complete(answer!);
      return { id: 'stored-with-the-effect' };
    });
    expect(await send(exchange({ key }), route.call)).toEqual({ id: 'stored-with-the-effect' });
    expect(context.answer({ id: 'outside' })).toBeNull();
    const retry = exchange({ key });
    expect(await send(retry, handler().call)).toEqual({ id: 'stored-with-the-effect' });
    expect(retry.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(route.runs()).toBe(1);
  });

  it('refuses a retry while the first request runs as in use', async () => {
    const key = newKey();
    let finish: (value: unknown) => void = () => undefined;
    const slow = handler(() => new Promise((resolve) => (finish = resolve)));
    const first = send(exchange({ key }), slow.call);
    await until(() => slow.runs() === 1);
    await expect(send(exchange({ key }), handler().call)).rejects.toThrow(IdempotencyKeyInUseError);
    finish({ done: true });
    expect(await first).toEqual({ done: true });
  });

  it('gives the key up when the request fails, so the retry runs again', async () => {
    const key = newKey();
    const failing = handler(() => {
      throw new Error('database down');
    });
    await expect(send(exchange({ key }), failing.call)).rejects.toThrow('database down');
    const route = handler();
    expect(await send(exchange({ key }), route.call)).toEqual({ id: 'match-1' });
    expect(route.runs()).toBe(1);
  });

  it('keeps the response of a request whose client went away, for the retry', async () => {
    const key = newKey();
    let finish: (value: unknown) => void = () => undefined;
    const slow = handler(() => new Promise((resolve) => (finish = resolve)));
    const subscription = (await interceptor.intercept(exchange({ key }).context, slow.call)).subscribe();
    subscription.unsubscribe();
    await until(() => slow.runs() === 1);
    finish({ id: 'match-9' });
    await until(async () => (await m.get(SqlClient).query(STORED, [ann.id, key])).length === 1);
    const route = handler();
    expect(await send(exchange({ key }), route.call)).toEqual({ id: 'match-9' });
    expect(route.runs()).toBe(0);
  });

  it.each([
    ['an empty key', ''],
    ['a key with a space', 'two words'],
    ['a key of 256 characters', 'k'.repeat(256)],
    ['a key with a non-ASCII character', 'clé'],
  ])('refuses %s as invalid, without running the request', async (_, key) => {
    const route = handler();
    await expect(send(exchange({ key }), route.call)).rejects.toThrow(InvalidIdempotencyKeyError);
    expect(route.runs()).toBe(0);
  });

  it.each([
    ['a GET', { method: 'GET' }],
    ['an unauthenticated POST', { user: null }],
  ])('lets %s with a key through untouched, every time', async (_, change) => {
    const key = newKey();
    const route = handler();
    await send(exchange({ key, ...change }), route.call);
    await send(exchange({ key, ...change }), route.call);
    expect(route.runs()).toBe(2);
  });
});
