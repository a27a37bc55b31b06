/**
 * An outside bot (docs/bots.md, "Outside bots"; examples/bot/README.md): it
 * follows its player stream (GET /api/users/me/stream) and, for every match an
 * event is about, does what the match's `actions` allow it (decide.ts) until
 * the match waits for the opponent. A dropped stream is opened again with the
 * Last-Event-ID of the last message, and each time the stream opens the bot
 * reads its inbox (GET /api/users/me/matches?awaiting=me), so nothing that came
 * while it was away is missed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isPlayerStreamEvent, streamMessages } from '../../contract/index.js';
import { act, decide, type BotAction, type MatchState } from './decide.js';
import { ok, signIn, type Account } from './sign-in.js';

export interface BotOptions extends Account {
  /** Aborting it stops the bot: the stream closes, the actions under way finish, and runBot resolves. */
  readonly signal: AbortSignal;
  /** Each choice the bot makes is drawn from it (default Math.random). */
  readonly random?: () => number;
  /** The wait before the stream is opened again, and before a failed match is looked at again (default 3 s). */
  readonly retryMs?: number;
  /** The stream opened, resuming after `lastEventId` (null: the first time, or after a refused id). */
  readonly onConnect?: (lastEventId: string | null) => void;
  /** The bot took `action` in a match; `state` is the match after it. */
  readonly onAction?: (action: BotAction, state: MatchState) => void;
  /** Something failed (the bot goes on). Default: console.error. */
  readonly onError?: (error: unknown) => void;
}

/** How many times in a row a match's action may fail before the bot leaves the match until its next event. */
const TRIES = 3;

/** Plays as the account until `signal` aborts. Rejects only if signing in fails. */
export async function runBot(options: BotOptions): Promise<void> {
  const { signal, random = Math.random, retryMs = 3000, onConnect, onAction, onError = console.error } = options;
  const api = await signIn(options);
  const pause = (ms: number): Promise<void> => sleep(ms, undefined, { signal }).catch(() => undefined);

  /** Acts in the match until it waits for the opponent, trying again after a failure. */
  async function settle(matchId: string): Promise<void> {
    for (let tries = 1; !signal.aborted; tries++) {
      try {
        let state = ok(await api.GET('/api/matches/{id}', { params: { path: { id: matchId } } }), 'match');
        for (let action = decide(state, random); action !== null; action = decide(state, random)) {
          state = await act(api, state, action, random);
          onAction?.(action, state);
          if (signal.aborted) return;
        }
        return;
      } catch (error: unknown) {
        onError(error);
        if (tries === TRIES) return;
        await pause(retryMs);
      }
    }
  }

  // One task per match at a time; an event heard while it runs makes it look at the match once more.
  const tasks = new Map<string, Promise<void>>();
  const heardAgain = new Set<string>();
  const wake = (matchId: string): void => {
    if (tasks.has(matchId)) {
      heardAgain.add(matchId);
      return;
    }
    const task = (async () => {
      do {
        heardAgain.delete(matchId);
        await settle(matchId);
      } while (heardAgain.has(matchId) && !signal.aborted);
      tasks.delete(matchId);
    })();
    tasks.set(matchId, task);
  };

  /** The inbox: every match waiting for the bot (invitations, its turns), page by page. */
  async function readInbox(): Promise<void> {
    let cursor: string | null = null;
    do {
      const query: { awaiting: 'me'; limit: number; cursor?: string } = { awaiting: 'me', limit: 100 };
      if (cursor !== null) query.cursor = cursor;
      const page = ok(await api.GET('/api/users/me/matches', { params: { query } }), 'inbox');
      for (const match of page.items) wake(match.id);
      cursor = page.next;
    } while (cursor !== null && !signal.aborted);
  }

  let lastEventId: string | null = null;
  while (!signal.aborted) {
    try {
      const header: { 'Last-Event-ID'?: string } = lastEventId === null ? {} : { 'Last-Event-ID': lastEventId };
      const opened = await api.GET('/api/users/me/stream', { params: { header }, parseAs: 'stream', signal });
      // 400 invalid-last-event-id: open from now on; the inbox tells what is waiting.
      if (opened.response.status === 400) lastEventId = null;
      const body = ok(opened, 'player stream');
      if (body === null) throw new Error('player stream: no body');
      // Read from at once: the inbox is read meanwhile, and an unread body may be collected (streamMessages).
      const messages = streamMessages(body, signal);
      onConnect?.(lastEventId);
      await readInbox();
      for await (const message of messages) {
        if (message.id !== null) lastEventId = message.id;
        if (isPlayerStreamEvent(message.data)) wake(message.data.matchId);
      }
    } catch (error: unknown) {
      if (!signal.aborted) onError(error);
    }
    await pause(retryMs);
  }
  await Promise.all(tasks.values());
}
