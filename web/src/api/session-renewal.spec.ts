/**
 * The session's renewal (session-renewal.ts) with the browser's parts stood in for: localStorage,
 * the window's events and fetch are stubs; the Web Lock is Node's own navigator.locks.
 */
import type { Session } from '../session.js';

const KEY = 'nardy.session';
const store = new Map<string, string>();
const answers: Array<() => Promise<Response>> = [];
const requests: Array<{ url: string; method: string }> = [];

Object.assign(globalThis, {
  window: { addEventListener: () => undefined },
  localStorage: {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  },
  fetch: (url: string, init?: RequestInit) => {
    requests.push({ url, method: init?.method ?? 'GET' });
    const next = answers.shift();
    if (next === undefined) throw new Error(`no answer prepared for ${url}`);
    return next();
  },
});

const renewal = await import('./session-renewal.js');
const session = await import('../session.js');

const tokenAnswer = (accessToken: string): (() => Promise<Response>) => {
  return () =>
    Promise.resolve(
      new Response(JSON.stringify({ accessToken, tokenType: 'Bearer', expiresIn: 900, refreshToken: 'nardy_rt_x' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
};

const signedIn = (token: string, expiresAt: number): Session => {
  const value = { username: 'alice', token, expiresAt };
  session.setSession(value);
  return value;
};

beforeEach(() => {
  store.clear();
  answers.length = 0;
  requests.length = 0;
});

describe('renewSession', () => {
  it('makes one refresh for callers at the same moment, and keeps the new token, never the refresh token', async () => {
    signedIn('old', Date.now() - 1);
    answers.push(tokenAnswer('new'));
    const [a, b] = await Promise.all([renewal.renewSession('old'), renewal.renewSession('old')]);
    expect(requests).toEqual([{ url: '/api/auth/refresh', method: 'POST' }]);
    expect(a?.token).toBe('new');
    expect(b).toBe(a);
    expect(session.currentSession()?.token).toBe('new');
    expect(store.get(KEY)).not.toContain('nardy_rt_');
  });

  it('takes the token another tab stored meanwhile, with no refresh of its own', async () => {
    // This tab still holds "old"; the other tab renewed it and stored "theirs".
    const other = { username: 'alice', token: 'theirs', expiresAt: Date.now() + 600_000 };
    signedIn('old', Date.now() - 1);
    store.set(KEY, JSON.stringify(other));
    expect((await renewal.renewSession('old'))?.token).toBe('theirs');
    expect(requests).toEqual([]);
  });

  it('signs out when the sign-in is over (401) or there is no cookie (400)', async () => {
    for (const status of [401, 400]) {
      signedIn('old', Date.now() - 1);
      answers.push(() => Promise.resolve(new Response('{}', { status })));
      await expect(renewal.renewSession('old')).resolves.toBeNull();
      expect(session.currentSession()).toBeNull();
      expect(store.has(KEY)).toBe(false);
    }
  });

  it('keeps the session when the service cannot be asked (offline, too many requests)', async () => {
    const kept = signedIn('old', Date.now() - 1);
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    answers.push(() => Promise.resolve(new Response('{}', { status: 429 })));
    await expect(renewal.renewSession('old')).resolves.toEqual(kept);
    await expect(renewal.renewSession('old')).resolves.toEqual(kept);
    expect(requests).toHaveLength(2);
  });
});

describe('freshSession', () => {
  it('sends a token good for more than 30 s as it is, and renews one that is not first', async () => {
    signedIn('good', Date.now() + 60_000);
    expect((await renewal.freshSession())?.token).toBe('good');
    expect(requests).toEqual([]);
    signedIn('ending', Date.now() + 20_000);
    answers.push(tokenAnswer('renewed'));
    expect((await renewal.freshSession())?.token).toBe('renewed');
    expect(requests).toHaveLength(1);
  });

  it('is null when signed out, asking nothing', async () => {
    session.setSession(null);
    await expect(renewal.freshSession()).resolves.toBeNull();
    expect(requests).toEqual([]);
  });
});

describe('endSignIn', () => {
  it('ends the sign-in on the service (DELETE /api/auth/refresh), then forgets the session', async () => {
    signedIn('good', Date.now() + 60_000);
    answers.push(() => Promise.resolve(new Response(null, { status: 204 })));
    await renewal.endSignIn();
    expect(requests).toEqual([{ url: '/api/auth/refresh', method: 'DELETE' }]);
    expect(session.currentSession()).toBeNull();
  });

  it('forgets the session offline too', async () => {
    signedIn('good', Date.now() + 60_000);
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await renewal.endSignIn();
    expect(session.currentSession()).toBeNull();
  });
});
