/**
 * The example outside bot (examples/bot; docs/bots.md, "Outside bots") against
 * the real app over HTTP: a bot account, played by examples/bot/run-bot.ts in
 * this process, joins a person's invitation and plays its side to the end,
 * every one of its decisions being an action the example took; it follows its
 * player stream across a dropped connection (Last-Event-ID), registers itself
 * when asked, and stops cleanly. The built programs run too: bot.js as its
 * README says, and the 40-line bot of README.md, which is forty-lines.ts word
 * for word.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import type { BotAction, MatchState } from '../examples/bot/decide.js';
import { runBot, type BotOptions } from '../examples/bot/run-bot.js';
import { mulberry32 } from '../src/engine/testing/index.js';
import { eventsBy, humanToAct, playAgainstBot, sleep, waitForState } from './support/bot-opponent.js';
import { MatchClient, PASSWORD, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** global.gc, which node gives only under --expose-gc: the flag set now, the function from a new context. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const REPO = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE = join(REPO, 'examples/bot');

/** The event each action of the bot writes to the match's log. */
const EVENT_OF: Readonly<Record<BotAction, string>> = {
  join: 'join',
  roll: 'roll',
  plays: 'play',
  take: 'take',
  drop: 'drop',
  'resignation/accept': 'resignation-accept',
  'resignation/reject': 'resignation-reject',
};

/** Polls of a condition on the bot (10 ms apart): a guard against one that never holds, not a time limit. */
const POLLS = 2_000;

async function until(holds: () => boolean, what: string): Promise<void> {
  for (let poll = 0; poll < POLLS; poll++) {
    if (holds()) return;
    await sleep(10);
  }
  throw new Error(`${what} never came`);
}

interface RunningBot {
  /** Every action the bot took, with the match's id. */
  readonly actions: Array<{ readonly action: BotAction; readonly matchId: string }>;
  /** The Last-Event-ID of each time its stream opened. */
  readonly connects: Array<string | null>;
  readonly errors: unknown[];
  /** Aborts its signal; resolves once runBot has. */
  stop(): Promise<void>;
}

let t: TestApp;
let baseUrl: string;
let client: MatchClient;
const running: RunningBot[] = [];
const children: ChildProcess[] = [];

function startBot(options: Omit<BotOptions, 'baseUrl' | 'signal'>): RunningBot {
  const controller = new AbortController();
  const bot: RunningBot = {
    actions: [],
    connects: [],
    errors: [],
    stop: async () => {
      controller.abort();
      await run;
    },
  };
  const run = runBot({
    ...options,
    baseUrl,
    signal: controller.signal,
    retryMs: 50,
    onConnect: (lastEventId) => bot.connects.push(lastEventId),
    onAction: (action: BotAction, state: MatchState) => bot.actions.push({ action, matchId: state.id }),
    onError: (error) => bot.errors.push(error),
  });
  running.push(bot);
  return bot;
}

/** A new person's account, upgraded to a bot account, as its owner would before running the example. */
async function botAccount(username: string): Promise<Player> {
  const player = await client.register(username);
  const upgraded = await request(t.http)
    .post('/api/users/me/upgrade-to-bot')
    .set('Authorization', `Bearer ${player.token}`)
    .expect(200);
  expect(upgraded.body).toMatchObject({ username, bot: true, houseBot: null });
  return player;
}

/** A bot account made as README.md shows for the 40-line bot, and a personal API token with `play` for it. */
async function personalToken(username: string): Promise<string> {
  const player = await botAccount(username);
  const res = await request(t.http)
    .post('/api/users/me/api-tokens')
    .set('Authorization', `Bearer ${player.token}`)
    .send({ name: 'forty-lines', scopes: ['play'] })
    .expect(201);
  return (res.body as { token: string }).token;
}

async function userId(username: string): Promise<string> {
  const row = await t.prisma.user.findUniqueOrThrow({ where: { usernameKey: username }, select: { id: true } });
  return row.id;
}

/**
 * The bot's side of the match was played by the bot account: every event of its seat is the
 * account's own, but for the server's throws (the roll of a player who may not double: no actor),
 * and the account's events are, in order, the actions the example reported (`reported`; null for a
 * bot outside this process). The action that ended the match may be committed and its answer still
 * on its way to the bot when the match is read as finished: then it is the one event not reported.
 */
async function expectBotPlayedItsSide(end: MatchStateJson, bot: string, reported: BotAction[] | null): Promise<void> {
  const seat = end.players.white?.username === bot ? 'white' : 'black';
  expect(end.players[seat]).toEqual({ username: bot, bot: true });
  const botId = await userId(bot);
  const bySeat = await t.prisma.matchEvent.findMany({
    where: { matchId: end.id, byColour: seat },
    orderBy: { seq: 'asc' },
    select: { seq: true, type: true, actorId: true },
  });
  const serverThrow = (e: { type: string; actorId: string | null }): boolean => e.type === 'roll' && e.actorId === null;
  expect(bySeat.filter((e) => e.actorId !== botId && !serverThrow(e))).toEqual([]);
  const byAccount = await eventsBy(t.prisma, end.id, botId);
  expect(byAccount).toEqual(expect.arrayContaining(['join', 'play']));
  expect(byAccount).not.toContain('double');
  if (reported === null) return;
  const expected = reported.map((action) => EVENT_OF[action]);
  expect(byAccount.slice(0, expected.length)).toEqual(expected);
  expect(byAccount.length - expected.length).toBeLessThanOrEqual(1);
}

beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', STREAMS_PER_USER: '1' });
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  client = new MatchClient(t.http);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(running.map((bot) => bot.stop()));
  await t.close();
});

describe('the example bot, run in this process', () => {
  it('plays its side of a 3-point backgammon match to the end: joins, rolls, plays, answers doubles and a resignation, and resumes a dropped stream after its Last-Event-ID', async () => {
    await botAccount('robo');
    const bot = startBot({ username: 'robo', password: PASSWORD, random: mulberry32(5) });
    const alice = await client.register('alice');
    const created = await client.create(alice, { opponent: 'robo', variant: 'backgammon', length: 3 });
    const person = { random: mulberry32(9), doubleRate: 0.1 };
    const inMatch = (): BotAction[] => bot.actions.filter((a) => a.matchId === created.id).map((a) => a.action);

    // Some turns each (Alice doubles the first time she may), then every connection to the server drops.
    await playAgainstBot(client, created.id, alice, person, () => inMatch().length >= 10);
    expect(bot.connects).toEqual([null]);
    t.http.closeAllConnections();
    await until(() => bot.connects.length === 2, 'the stream opened again');
    expect(bot.connects[1]).toMatch(new RegExp(`^${created.id}:\\d+$`));

    // At her next turn Alice resigns a single game; the bot accepts or rejects.
    // (Her turn, not merely 'resign' listed: she may also resign while the bot answers her double.)
    const mayResign = await playAgainstBot(
      client,
      created.id,
      alice,
      person,
      (s) => humanToAct(s) && s.actions.includes('resign'),
    );
    expect(humanToAct(mayResign)).toBe(true);
    await client.ok(alice, created.id, 'resign', { value: 1 });
    await waitForState(client, created.id, alice, (s) => s.turn.awaiting !== 'resignation-response', 'an answer');

    const end = await playAgainstBot(client, created.id, alice, person);
    expect(end.status).toBe('finished');
    expect(Math.max(end.score.white, end.score.black)).toBeGreaterThanOrEqual(3);
    await expectBotPlayedItsSide(end, 'robo', inMatch());
    expect(inMatch()).toEqual(expect.arrayContaining([expect.stringMatching(/^resignation\//)]));
    expect(inMatch().some((action) => action === 'take' || action === 'drop')).toBe(true);

    await bot.stop();
    expect(bot.connects).toHaveLength(2);
  });

  it('registers its account and makes it a bot when asked, then plays a 1-point long-nardy match to the end', async () => {
    const bot = startBot({
      username: 'nardybot',
      password: PASSWORD,
      register: true,
      random: mulberry32(2),
    });
    await until(() => bot.connects.length === 1, 'the stream');
    const profile = await request(t.http).get('/api/users/nardybot').expect(200);
    expect(profile.body).toMatchObject({ bot: true, houseBot: null });

    const bea = await client.register('bea');
    const created = await client.create(bea, { opponent: 'nardybot', variant: 'long-nardy', length: 1 });
    const end = await playAgainstBot(client, created.id, bea, { random: mulberry32(4) });
    expect(end).toMatchObject({ status: 'finished', variant: 'long-nardy' });
    await expectBotPlayedItsSide(
      end,
      'nardybot',
      bot.actions.map((a) => a.action),
    );

    await bot.stop();
    expect(bot.errors).toEqual([]);
  });

  it('joins an invitation that came while it was not running: it reads its inbox when it starts', async () => {
    await botAccount('latebot');
    const cleo = await client.register('cleo');
    const created = await client.create(cleo, { opponent: 'latebot', variant: 'backgammon', length: 1 });
    const bot = startBot({ username: 'latebot', password: PASSWORD });
    const joined = await waitForState(client, created.id, cleo, (s) => s.status !== 'invited', 'the join');
    expect(joined.status).toBe('playing');
    // The join is committed before its answer reaches the bot, which then notes it.
    await until(() => bot.actions.length > 0, 'the bot’s note of its join');
    expect(bot.actions[0]).toEqual({ action: 'join', matchId: created.id });
    await bot.stop();
  });

  it('plays with a personal API token instead of a password: a 1-point backgammon match to the end', async () => {
    const token = await personalToken('tokenbot');
    const bot = startBot({ username: 'tokenbot', token, random: mulberry32(3) });
    const dora = await client.register('dora');
    const created = await client.create(dora, { opponent: 'tokenbot', variant: 'backgammon', length: 1 });
    const end = await playAgainstBot(client, created.id, dora, { random: mulberry32(4), doubleRate: 0.2 });
    expect(end.status).toBe('finished');
    // Every event of its seat is the account's own (what it reported is compared in the 3-point match above).
    await expectBotPlayedItsSide(end, 'tokenbot', null);
    expect(bot.actions.some((a) => a.matchId === created.id && a.action === 'plays')).toBe(true);
    await bot.stop();
  });

  it('stops when its signal aborts, after garbage collections too: runBot resolves, and the server sees its stream closed', async () => {
    const player = await botAccount('stopbot');
    const bot = startBot({ username: 'stopbot', password: PASSWORD });
    await until(() => bot.connects.length === 1, 'the stream');
    // Once the stream's Request is collected, fetch's signal no longer reaches its body: the bot cancels it itself.
    for (let i = 0; i < 3; i++) {
      collectGarbage();
      await sleep(10);
    }
    // STREAMS_PER_USER is 1 here: while the bot's stream is open, the account may open no other.
    const openStream = async (): Promise<number> => {
      const res = await fetch(`${baseUrl}/api/users/me/stream`, {
        headers: { Authorization: `Bearer ${player.token}` },
      });
      await res.body?.cancel();
      return res.status;
    };
    expect(await openStream()).toBe(429);

    await bot.stop();
    // The server frees the slot once it sees the connection closed.
    let status = await openStream();
    for (let poll = 0; poll < POLLS && status === 429; poll++) {
      await sleep(10);
      status = await openStream();
    }
    expect(status).toBe(200);
  });
});

describe('the example bots, built and run as their README says', () => {
  const output = (child: ChildProcess): (() => string) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return () => text;
  };
  const start = (file: string, username: string, env: Record<string, string> = {}): ChildProcess => {
    const child = spawn(process.execPath, [join(EXAMPLE, 'dist/examples/bot', file)], {
      env: { ...process.env, BASE_URL: baseUrl, BOT_USERNAME: username, BOT_PASSWORD: 'quartz-lantern-4', ...env },
    });
    children.push(child);
    return child;
  };
  const exited = (child: ChildProcess): Promise<[number | null, NodeJS.Signals | null]> =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve([child.exitCode, child.signalCode])
      : new Promise((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));

  it('bot.js (BOT_REGISTER=true) and forty-lines.js (BOT_TOKEN, a personal API token) each play a 1-point backgammon match to the end; SIGTERM stops bot.js', async () => {
    await promisify(execFile)(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', join(EXAMPLE, 'tsconfig.json')],
      {
        cwd: REPO,
      },
    );
    const main = start('bot.js', 'mainbot', { BOT_REGISTER: 'true' });
    const forty = start('forty-lines.js', 'fortybot', { BOT_TOKEN: await personalToken('fortybot') });
    const mainOutput = output(main);
    const fortyOutput = output(forty);
    const isBot = async (username: string): Promise<boolean> => {
      const res = await request(t.http).get(`/api/users/${username}`);
      return res.status === 200 && (res.body as { bot: boolean }).bot;
    };
    for (const username of ['mainbot', 'fortybot']) {
      for (let poll = 0; !(await isBot(username)); poll++) {
        if (poll === POLLS) throw new Error(`${username} never became a bot: ${mainOutput()} ${fortyOutput()}`);
        await sleep(10);
      }
    }

    const eve = await client.register('eve');
    const fay = await client.register('fay');
    const [againstMain, againstForty] = await Promise.all([
      client.create(eve, { opponent: 'mainbot', variant: 'backgammon', length: 1 }),
      client.create(fay, { opponent: 'fortybot', variant: 'backgammon', length: 1 }),
    ]);
    const ends = await Promise.all([
      playAgainstBot(client, againstMain.id, eve, { random: mulberry32(6), doubleRate: 0.2 }),
      playAgainstBot(client, againstForty.id, fay, { random: mulberry32(8), doubleRate: 0.2 }),
    ]).catch((err: unknown) => {
      // What the bots printed, and whether they still run, say why one stopped playing.
      const [mainExit, fortyExit] = [main, forty].map((child) => `${child.exitCode}/${child.signalCode}`);
      throw new Error(
        `${String(err)}\nbot.js (exit ${mainExit}): ${mainOutput()}\nforty-lines.js (exit ${fortyExit}): ${fortyOutput()}`,
      );
    });
    expect(ends.map((end) => end.status)).toEqual(['finished', 'finished']);
    await expectBotPlayedItsSide(ends[0], 'mainbot', null);
    await expectBotPlayedItsSide(ends[1], 'fortybot', null);
    expect(mainOutput()).toContain(`mainbot: join in match ${againstMain.id}`);

    main.kill('SIGTERM');
    expect(await exited(main)).toEqual([0, null]);
    expect(mainOutput()).toMatch(/mainbot: stopped\n$/);
    forty.kill('SIGTERM');
    await exited(forty);
  }, 300_000);
});

describe('README.md, "Write a bot in 40 lines"', () => {
  it('shows examples/bot/forty-lines.ts as it is, in at most 40 lines', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Write a bot in 40 lines'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const file = readFileSync(join(EXAMPLE, 'forty-lines.ts'), 'utf8');
    expect(code).toBe(file);
    expect(file.trimEnd().split('\n').length).toBeLessThanOrEqual(40);
  });
});
