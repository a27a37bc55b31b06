import type { PrismaService } from '../../src/database/prisma.service.js';
import type { AutoPlayOptions, MatchClient, MatchStateJson, Player } from './match-client.js';

/**
 * A person's side of a match against a house bot, played over HTTP
 * (docs/bots.md): the bot's side is the service's own worker's, so the
 * person only acts on its own turns and waits, polling the state, while the
 * match waits for the bot. It doubles the first time it may, then as
 * `doubleRate` says; it takes or drops the bot's doubles as they come.
 */

/** Polls between two looks at a match that waits for the bot: a guard against a bot that never acts, not a time limit. */
const POLLS_PER_BOT_DECISION = 2_000;
const POLL_MS = 10;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The state as `player` sees it, once `ready` holds of it (polled; fails if it never does). */
export async function waitForState(
  client: MatchClient,
  matchId: string,
  player: Player,
  ready: (state: MatchStateJson) => boolean,
  what: string,
): Promise<MatchStateJson> {
  for (let poll = 0; poll < POLLS_PER_BOT_DECISION; poll++) {
    const state = await client.state(matchId, player);
    if (ready(state)) return state;
    await sleep(POLL_MS);
  }
  throw new Error(`match ${matchId}: ${what} never came (${JSON.stringify(await client.state(matchId, player))})`);
}

/** Whether the match waits for `view`'s reader, or is over (or never began). */
export function humanToAct(view: MatchStateJson): boolean {
  if (view.status !== 'playing' && view.status !== 'invited') return true;
  return view.you !== null && view.turn.player === view.you;
}

/**
 * Plays `human`'s side until the match is over (or `stop` holds): at each of its turns one of the
 * actions listed (MatchClient.actOnce); between them it waits for the bot. Answers the last state.
 */
export async function playAgainstBot(
  client: MatchClient,
  matchId: string,
  human: Player,
  options: AutoPlayOptions,
  stop: (state: MatchStateJson) => boolean = () => false,
): Promise<MatchStateJson> {
  const maxActions = options.maxActions ?? 4000;
  let doubled = false;
  for (let count = 0; ; count++) {
    if (count >= maxActions) throw new Error(`match ${matchId} not over after ${maxActions} actions`);
    const view = await waitForState(client, matchId, human, (s) => humanToAct(s) || stop(s), 'the bot’s decision');
    if (view.status !== 'playing' || stop(view)) return view;
    if (!doubled && view.actions.includes('double')) {
      doubled = true;
      await client.ok(human, matchId, 'double', { expectedVersion: view.version });
      continue;
    }
    await client.actOnce(matchId, human, view, options);
  }
}

/** The id of a house bot's account, by username. */
export async function houseBotId(prisma: PrismaService, username: string): Promise<string> {
  return (await prisma.user.findUniqueOrThrow({ where: { usernameKey: username }, select: { id: true } })).id;
}

/** The types of the events in the match's log made by `userId`'s own actions, in order. */
export async function eventsBy(prisma: PrismaService, matchId: string, userId: string): Promise<string[]> {
  const rows = await prisma.matchEvent.findMany({
    where: { matchId, actorId: userId },
    orderBy: { seq: 'asc' },
    select: { type: true },
  });
  return rows.map((row) => row.type);
}
