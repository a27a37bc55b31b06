// A bot in 40 lines (README.md, "Write a bot in 40 lines"). Run it with BASE_URL, BOT_USERNAME and BOT_PASSWORD set.
import createClient from 'openapi-fetch';
import type { paths } from '../../clients/typed-match/src/api.js';
import { isPlayerStreamEvent, streamMessages } from '../../clients/typed-match/src/event-stream.js';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const { BOT_USERNAME: username = '', BOT_PASSWORD: password = '' } = process.env;
const api = createClient<paths>({ baseUrl });
await api.POST('/api/users', { body: { username, password } }); // 409 once it exists: fine
const { data: token } = await api.POST('/api/auth/token', { body: { username, password } });
if (!token) throw new Error('cannot sign in');
const bot = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token.accessToken}` } });
await bot.POST('/api/users/me/upgrade-to-bot'); // now a bot account (409 if it has played as a person)

/** Does what the match's `actions` allow until it waits for the opponent: join, roll, play at random, take, accept. */
async function play(id: string): Promise<void> {
  const params = { path: { id } };
  let { data: state } = await bot.GET('/api/matches/{id}', { params });
  while (state) {
    const { actions, version: expectedVersion } = state;
    const answer = (['join', 'roll', 'take', 'resignation/accept'] as const).find((a) => actions.includes(a));
    const body = { expectedVersion };
    if (answer) ({ data: state } = await bot.POST(`/api/matches/{id}/${answer}`, { params, body }));
    else if (actions.includes('plays')) {
      const { data } = await bot.GET('/api/matches/{id}/legal-plays', { params });
      const moves = data?.plays[Math.floor(Math.random() * data.plays.length)]?.moves ?? [];
      ({ data: state } = await bot.POST('/api/matches/{id}/plays', { params, body: { ...body, moves } }));
    } else return;
  }
}

// The stream first, then the inbox (what waits already), then each event of the bot's matches as it comes.
const { data: stream } = await bot.GET('/api/users/me/stream', { parseAs: 'stream' });
if (!stream) throw new Error('no player stream');
const { data: inbox } = await bot.GET('/api/users/me/matches', { params: { query: { awaiting: 'me' } } });
for (const match of inbox?.items ?? []) await play(match.id);
for await (const { data } of streamMessages(stream)) if (isPlayerStreamEvent(data)) await play(data.matchId);
