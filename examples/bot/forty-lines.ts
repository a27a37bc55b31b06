// A bot in 40 lines (README.md, "Write a bot in 40 lines"). Run it with BASE_URL and BOT_TOKEN set:
// a personal API token with the `play` scope, made for a bot account (README.md shows how).
import createClient from 'openapi-fetch';
import { isPlayerStreamEvent, streamMessages, type paths } from '../../contract/index.js';

const { BASE_URL: baseUrl = 'http://localhost:3000', BOT_TOKEN: token = '' } = process.env;
const bot = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

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

// The stream first (read from at once), then the inbox (what waits already), then each event as it comes.
const { data: stream } = await bot.GET('/api/users/me/stream', { parseAs: 'stream' });
if (!stream) throw new Error('no player stream');
const messages = streamMessages(stream);
const { data: inbox } = await bot.GET('/api/users/me/matches', { params: { query: { awaiting: 'me' } } });
for (const match of inbox?.items ?? []) await play(match.id);
for await (const { data } of messages) if (isPlayerStreamEvent(data)) await play(data.matchId);
