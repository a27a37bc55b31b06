/**
 * The example bot as a program (examples/bot/README.md): `npm run build:bot`,
 * then `node examples/bot/dist/examples/bot/bot.js` with BASE_URL, BOT_USERNAME
 * and either BOT_TOKEN (a personal API token with the `play` scope) or
 * BOT_PASSWORD (BOT_REGISTER=true to register the account and make it a bot
 * first). Ctrl-C or SIGTERM stops it once the actions under way are done.
 */
import { runBot } from './run-bot.js';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} must be set (examples/bot/README.md)`);
  return value;
}

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());

const username = required('BOT_USERNAME');
const token = process.env.BOT_TOKEN;
await runBot({
  baseUrl: process.env.BASE_URL ?? 'http://localhost:3000',
  username,
  ...(token ? { token } : { password: required('BOT_PASSWORD') }),
  register: process.env.BOT_REGISTER === 'true',
  signal: stop.signal,
  onConnect: (lastEventId) => console.log(`${username}: stream open${lastEventId ? `, after ${lastEventId}` : ''}`),
  onAction: (action, state) => console.log(`${username}: ${action} in match ${state.id} (version ${state.version})`),
});
console.log(`${username}: stopped`);
