/**
 * A client as a new user writes it: types generated from the committed
 * openapi.json by openapi-typescript, calls made with openapi-fetch, no `any`
 * and no casts. Two players play a 3-point backgammon match to the end by
 * following `actions`, while the match's event stream is read; then the event
 * log, the JSON export and the player stream are read through the same types.
 */
import createClient, { type Client } from 'openapi-fetch';
import {
  isMatchEvent,
  isPlayerStreamEvent,
  streamMessages,
  type components,
  type MatchEvent,
  type paths,
  type PlayerStreamEvent,
} from '../../../contract/index.js';

type MatchState = components['schemas']['MatchStateDto'];
type MatchLogEvent = components['schemas']['MatchLogEvent'];
type EventsPage = components['schemas']['EventsPageDto'];
type Colour = 'white' | 'black';

/** Plays in a game before the player on turn resigns it. */
const PLAYS_PER_GAME = 16;
/** More decisions than any 3-point match of this client takes: the loop is bounded. */
const MAX_DECISIONS = 2000;

export interface MatchReport {
  readonly matchId: string;
  readonly final: MatchState;
  /** The event log, read page by page. */
  readonly events: readonly MatchEvent[];
  /** The match stream's events, from its first to the match-end. */
  readonly streamed: readonly MatchEvent[];
  /** The events of export.json. */
  readonly exported: readonly MatchLogEvent[];
  /** The first events of the creator's player stream, opened before the match was created. */
  readonly playerStream: readonly PlayerStreamEvent[];
  /** Read off the typed events: the dice of every roll, each game's points, the match-end's winner. */
  readonly rolls: ReadonlyArray<readonly number[]>;
  readonly gamePoints: Readonly<Record<Colour, number>>;
  readonly winner: Colour | null;
}

/** The data of a call, or an error naming the call and its problem. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }, call: string): T {
  if (result.data === undefined) {
    throw new Error(`${call}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

async function signUp(api: Client<paths>, baseUrl: string, username: string): Promise<Client<paths>> {
  // Not the username with a suffix: the service refuses a password that contains the username.
  const password = `${username.length}-walnut-ferry-compass`;
  ok(await api.POST('/api/users', { body: { username, password } }), 'register');
  const token = ok(await api.POST('/api/auth/token', { body: { username, password } }), 'token');
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `${token.tokenType} ${token.accessToken}` },
  });
}

async function view(player: Client<paths>, id: string): Promise<MatchState> {
  return ok(await player.GET('/api/matches/{id}', { params: { path: { id } } }), 'state');
}

/**
 * The decision the player on turn makes, answered with the state after it:
 * play the dice, roll (never double), take a double; once a game has had
 * PLAYS_PER_GAME plays, offer to resign it (a single game), which the
 * opponent accepts, so that a match takes seconds.
 */
async function decide(player: Client<paths>, state: MatchState, playsThisGame: number): Promise<MatchState> {
  const path = { id: state.id };
  const expectedVersion = state.version;
  const { actions } = state;
  if (actions.includes('resignation/accept')) {
    return ok(await player.POST('/api/matches/{id}/resignation/accept', { params: { path } }), 'accept');
  }
  if (playsThisGame >= PLAYS_PER_GAME && actions.includes('resign')) {
    return ok(await player.POST('/api/matches/{id}/resign', { params: { path }, body: { value: 1 } }), 'resign');
  }
  if (actions.includes('plays')) {
    const legal = ok(await player.GET('/api/matches/{id}/legal-plays', { params: { path } }), 'legal plays');
    const [first] = legal.plays;
    if (first === undefined) throw new Error('no legal play offered');
    const body = { moves: first.moves, expectedVersion };
    return ok(await player.POST('/api/matches/{id}/plays', { params: { path }, body }), 'play');
  }
  if (actions.includes('roll')) return ok(await player.POST('/api/matches/{id}/roll', { params: { path } }), 'roll');
  if (actions.includes('take')) {
    return ok(await player.POST('/api/matches/{id}/take', { params: { path }, body: { expectedVersion } }), 'take');
  }
  throw new Error(`nothing to do among ${actions.join(', ')}`);
}

/** The match stream's events from the first (`after: 0`) to the match-end, read in the background. */
async function readMatchStream(api: Client<paths>, id: string): Promise<MatchEvent[]> {
  const body = ok(
    await api.GET('/api/matches/{id}/stream', { params: { path: { id }, query: { after: 0 } }, parseAs: 'stream' }),
    'match stream',
  );
  if (body === null) throw new Error('match stream: no body');
  const events: MatchEvent[] = [];
  for await (const message of streamMessages(body)) {
    if (!isMatchEvent(message.data)) throw new Error(`match stream: not an event: ${JSON.stringify(message.data)}`);
    events.push(message.data);
    if (message.data.type === 'match-end') break;
  }
  return events;
}

/** The player's own stream, open once its headers are in: what is committed from then on comes through it. */
async function openPlayerStream(player: Client<paths>): Promise<ReadableStream<Uint8Array>> {
  const body = ok(await player.GET('/api/users/me/stream', { parseAs: 'stream' }), 'player stream');
  if (body === null) throw new Error('player stream: no body');
  return body;
}

/** The first `count` events of a player stream. */
async function firstEvents(body: ReadableStream<Uint8Array>, count: number): Promise<PlayerStreamEvent[]> {
  const events: PlayerStreamEvent[] = [];
  for await (const message of streamMessages(body)) {
    if (!isPlayerStreamEvent(message.data)) throw new Error('player stream: not an event');
    events.push(message.data);
    if (events.length === count) break;
  }
  return events;
}

async function eventLog(api: Client<paths>, id: string): Promise<MatchEvent[]> {
  const events: MatchEvent[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page: EventsPage = ok(
      await api.GET('/api/matches/{id}/events', { params: { path: { id }, query: { after, limit: 100 } } }),
      'events',
    );
    events.push(...page.events);
    after = page.next;
  }
  return events;
}

/** Plays a 3-point match between two new players named `<prefix>a` and `<prefix>b` on the service at `baseUrl`. */
export async function playMatch(baseUrl: string, prefix: string): Promise<MatchReport> {
  const api = createClient<paths>({ baseUrl });
  const alice = await signUp(api, baseUrl, `${prefix}a`);
  const bob = await signUp(api, baseUrl, `${prefix}b`);
  // A new player's stream: the match about to be created is sent from its first event.
  const playerStream = firstEvents(await openPlayerStream(alice), 3);

  // Only the terms: every rule, the clock and the time bank take their defaults.
  const created = ok(
    await alice.POST('/api/matches', { body: { variant: 'backgammon', length: 3, opponent: `${prefix}b` } }),
    'create',
  );
  const id = created.id;
  const streamed = readMatchStream(api, id);
  // An action with nothing to say sends no body.
  ok(await bob.POST('/api/matches/{id}/join', { params: { path: { id } } }), 'join');

  // Each decision is made on the deciding player's own view: an action's answer, or a fresh GET.
  let state = await view(alice, id);
  let viewer = alice;
  const colourOfAlice = state.you;
  let game = state.game.number;
  let playsThisGame = 0;
  for (let decisions = 0; state.status === 'playing'; decisions++) {
    if (decisions === MAX_DECISIONS) throw new Error(`no end after ${MAX_DECISIONS} decisions`);
    const decider = state.turn.player === colourOfAlice ? alice : bob;
    if (decider !== viewer) state = await view(decider, id);
    viewer = decider;
    if (state.game.number !== game) [game, playsThisGame] = [state.game.number, 0];
    if (state.actions.includes('plays')) playsThisGame++;
    state = await decide(decider, state, playsThisGame);
  }

  const events = await eventLog(api, id);
  const exported = ok(await api.GET('/api/matches/{id}/export.json', { params: { path: { id } } }), 'export');
  const rolls: Array<readonly number[]> = [];
  const gamePoints: Record<Colour, number> = { white: 0, black: 0 };
  let winner: Colour | null = null;
  for (const event of events) {
    if (event.type === 'roll') rolls.push(event.dice);
    else if (event.type === 'game-end') gamePoints[event.outcome.winner] += event.outcome.points;
    else if (event.type === 'match-end') winner = event.winner;
  }
  return {
    matchId: id,
    final: state,
    events,
    streamed: await streamed,
    exported: exported.events,
    playerStream: await playerStream,
    rolls,
    gamePoints,
    winner,
  };
}
