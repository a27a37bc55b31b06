import { plainToInstance, Transform, type TransformFnParams } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
} from 'class-validator';
import { type CorsOrigins, parseCorsOrigins } from './cors-origins.js';
import { isExecutableFile } from './executable-file.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** A yes-or-no setting: `true` or `false`; anything else stays text, which validation refuses. */
function parseBoolean(text: string): boolean | undefined {
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** A number setting: the text as a number (NaN, refused by @IsInt, when it is none); unset stays unset, for the default. */
function toNumber({ value }: TransformFnParams): unknown {
  return value === undefined || value === '' ? value : Number(value);
}

/** A whole-number setting from `min` to `max` (when given). */
function WholeNumber(min: number, max?: number): PropertyDecorator {
  const decorators = [Transform(toNumber), IsInt(), Min(min), ...(max === undefined ? [] : [Max(max)])];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

/**
 * A setting read by `parse`: the property gets the parsed value, or keeps the
 * text when it does not parse, which validation then refuses (the message
 * shows the text), saying what it should be.
 */
function ParsedBy<T>(parse: (text: string) => T | undefined, expected: string): PropertyDecorator {
  const transform = Transform(({ value }: TransformFnParams): unknown =>
    typeof value === 'string' ? (parse(value) ?? value) : value,
  );
  const validate = ValidateBy({
    name: 'parsed',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || parse(value) !== undefined,
      defaultMessage: (args) => `${args?.property ?? 'the setting'} must be ${expected}`,
    },
  });
  return (target, property) => {
    transform(target, property);
    validate(target, property);
  };
}

/**
 * The process environment the service reads, validated at boot: a bad or
 * missing required value stops the process with a message naming it.
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @WholeNumber(0, 65535)
  PORT = 3000;

  /** PostgreSQL connection string; when unset the service runs on embedded PGlite under DATA_DIR. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgresql:// connection string' })
  DATABASE_URL?: string;

  /** Where the embedded database and the development JWT secret are kept. */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  /** Secret for signing bearer tokens; required when NODE_ENV=production. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  /**
   * The access token's lifetime. Short, as the sign-in's refresh token (30 days idle) renews it in
   * the web client; programs use personal API tokens. An hour rather than minutes, for clients that
   * sign in with a password and keep the token for a session of play.
   */
  @WholeNumber(60, 30 * 24 * 3600)
  JWT_TTL_SECONDS = 3600;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** Token requests allowed per client address per AUTH_THROTTLE_TTL_SECONDS. */
  @WholeNumber(1)
  AUTH_THROTTLE_LIMIT = 10;

  @WholeNumber(1)
  AUTH_THROTTLE_TTL_SECONDS = 60;

  /** Registrations allowed per client address per REGISTER_THROTTLE_TTL_SECONDS (each costs a password hash). */
  @WholeNumber(1)
  REGISTER_THROTTLE_LIMIT = 5;

  @WholeNumber(1)
  REGISTER_THROTTLE_TTL_SECONDS = 60;

  /** Password hashes and verifications computed at once; the rest wait in a queue (argon2 is memory- and CPU-hard). */
  @WholeNumber(1, 64)
  PASSWORD_HASH_CONCURRENCY = 2;

  /**
   * argon2id's memory (KiB) and passes for the password hashes made from now on (a hash keeps its
   * own, so older ones still verify). The defaults are argon2's (64 MiB, 3 passes); the floors are
   * OWASP's lowest argon2id setting (19 MiB, 2 passes), which the tests use (test/support/test-settings.ts).
   */
  @WholeNumber(19_456, 4_194_304)
  PASSWORD_HASH_MEMORY_KIB = 65_536;

  @WholeNumber(2, 64)
  PASSWORD_HASH_PASSES = 3;

  /**
   * Which proxies may name the client with X-Forwarded-For (Express's `trust
   * proxy`, see trust-proxy.ts); the client address keys the rate limits. Off
   * by default: the socket's peer is the client.
   */
  @ParsedBy(
    parseTrustProxy,
    'false, true, a hop count, or a comma-separated list of IP addresses, CIDR subnets, loopback, linklocal, uniquelocal',
  )
  TRUST_PROXY: TrustProxy = false;

  /** Worker threads that read and check imported match files, off the event loop (docs/architecture.md, "Interchange"). */
  @WholeNumber(1, 16)
  IMPORT_WORKERS = 1;

  /**
   * Imported files that may wait for a worker thread on one node; one more is refused with 429
   * import-queue-full (docs/architecture.md, "Interchange").
   */
  @WholeNumber(1, 10_000)
  IMPORT_QUEUE_SIZE = 8;

  /** Imports a user may ask for per hour, stored or refused, counted in the database (every instance sees the same count). */
  @WholeNumber(1)
  IMPORT_HOURLY_LIMIT = 30;

  /** Games an imported file may hold (a 25-point match has a few dozen). */
  @WholeNumber(1, 1000)
  IMPORT_MAX_GAMES = 200;

  /** Events an imported match may have (a 25-point match has a few thousand). */
  @WholeNumber(1, 100_000)
  IMPORT_MAX_EVENTS = 20_000;

  /** Live streams one account may hold open on one node (docs/architecture.md, "Live streams"). */
  @WholeNumber(1, 10_000)
  STREAMS_PER_USER = 16;

  /** Anonymous live streams one client address may hold open on one node. */
  @WholeNumber(1, 10_000)
  STREAMS_PER_ADDRESS = 32;

  /**
   * Connections the node holds at once, streams included; beyond, a new connection is closed at
   * once (docs/architecture.md, "HTTP"). Keep it below the process's file descriptor limit.
   */
  @WholeNumber(1, 1_000_000)
  MAX_CONNECTIONS = 2048;

  /**
   * Connections one client address (IPv6: its /64) may hold open on a node at once; beyond, a new
   * one is closed at once (docs/architecture.md, "HTTP"). Proxies TRUST_PROXY trusts are not held to it.
   */
  @WholeNumber(1, 1_000_000)
  MAX_CONNECTIONS_PER_ADDRESS = 64;

  /** Seconds a client has to send a request's headers, from its first byte; then the connection is cut (408). */
  @WholeNumber(1, 3600)
  HEADERS_TIMEOUT_SECONDS = 10;

  /** Seconds a client has to send a whole request, headers and body; then the connection is cut (408). */
  @WholeNumber(1, 3600)
  REQUEST_TIMEOUT_SECONDS = 30;

  /** Open challenges a user may have waiting for an opponent at once (409 too-many-open-challenges beyond). */
  @WholeNumber(1)
  OPEN_CHALLENGES_PER_USER = 10;

  /** Invitations a user may have waiting for an answer at once (409 too-many-invitations beyond). */
  @WholeNumber(1)
  INVITATIONS_PER_USER = 30;

  /** Invitations from one user to one player waiting for an answer at once (409 too-many-invitations-to-player). */
  @WholeNumber(1)
  INVITATIONS_PER_TARGET = 3;

  /** Rated matches two players may start in a rolling 24 hours; the next ones are played unrated (docs/rules.md "Ratings"). */
  @WholeNumber(0)
  RATED_MATCHES_PER_PAIR_PER_DAY = 3;

  /** The experience (sum of rated match lengths) a player needs to be listed on the leaderboard. */
  @WholeNumber(0)
  LEADERBOARD_MIN_EXPERIENCE = 25;

  /** Browser origins allowed to call the API (CORS, see cors-origins.ts); none by default. */
  @ParsedBy(parseCorsOrigins, 'empty, * or a comma-separated list of origins such as https://app.example.com')
  CORS_ORIGINS: CorsOrigins = [];

  /**
   * GNU Backgammon for the gnubg bot (docs/bots.md "GNU Backgammon as a bot"): the program's path,
   * or `off`; unset, it is looked for on PATH and in /usr/games, and the bot is offered only if found.
   */
  @IsOptional()
  @IsString()
  GNUBG_PATH?: string;

  /** Seconds gnubg has to answer one request; then it is restarted and asked once more. */
  @WholeNumber(1, 600)
  GNUBG_TIMEOUT_SECONDS = 15;

  /** How far gnubg looks ahead for plays and cube decisions (its `plies`; 2 is its strong default, 0 the fastest). */
  @WholeNumber(0, 4)
  GNUBG_PLIES = 2;

  /**
   * Milliseconds a question to gnubg may take, waiting its turn included; then the house bot `bot`
   * decides that one turn instead (docs/bots.md, "Fair turns"). 1.5 s keeps each answer under 2 s.
   */
  @WholeNumber(100, 600_000)
  GNUBG_DEADLINE_MS = 1_500;

  /** Questions to gnubg that may wait at once on a node; beyond, the house bot `bot` decides that turn. */
  @WholeNumber(1, 100_000)
  GNUBG_QUEUE_LIMIT = 200;

  /**
   * Whether this node runs match analyses (docs/analysis.md); any number of nodes may, each one
   * analysis at a time. Off, the node still queues them for the others.
   */
  @ParsedBy(parseBoolean, 'true or false')
  ANALYSIS_ENABLED: boolean = true;

  /** How far GNU Backgammon looks ahead when it analyses a backgammon match (its plies; 2 is its usual setting). */
  @WholeNumber(0, 4)
  ANALYSIS_GNUBG_PLIES = 2;

  /** How far the service's own network looks ahead when it analyses a match (0 or 1 ply). */
  @WholeNumber(0, 1)
  ANALYSIS_NET_PLIES = 1;

  /** Analyses that may wait in the whole service at once; one more is refused with 429 analysis-queue-full. */
  @WholeNumber(1, 100_000)
  ANALYSIS_QUEUE_LIMIT = 50;

  /**
   * Analyses one account may have waiting at once (its share of the queue, docs/analysis.md
   * "Running"); one more is refused with 429 analysis-queue-share.
   */
  @WholeNumber(1, 100_000)
  ANALYSIS_QUEUE_PER_ACCOUNT = 5;

  /** Seconds one analysis may take before it is stopped and marked failed. */
  @WholeNumber(10, 86_400)
  ANALYSIS_TIMEOUT_SECONDS = 1_800;

  /**
   * Matches (invitations waiting included) a person may have under way against each house bot at
   * once; beyond, 409 `too-many-bot-matches` (docs/bots.md, "Fair turns").
   */
  @WholeNumber(1)
  BOT_MATCHES_PER_USER = 10;

  /**
   * Worker threads that make the engine's house-bot decisions (`bot-easy`, `bot`), off the event
   * loop and at a lower priority than requests (docs/bots.md, "Deciding").
   */
  @WholeNumber(1, 16)
  BOT_WORKERS = 1;

  /**
   * How far `bot` looks ahead, at most (docs/bots.md, "Deciding"): unset, its own look-ahead (two
   * plies in both variants); 0 is the network alone. The tests set 0: they check how
   * bots play by the rules, not how well, and a deep look costs every bot turn of every test.
   */
  @IsOptional()
  @WholeNumber(0, 2)
  BOT_PLIES?: number;

  /**
   * How long, in milliseconds, `bot` may search its plays in a decision thread (docs/bots.md,
   * "Deciding"): past it the ply under way is given up and the one before decides. Its budget of
   * positions keeps a search under a quarter of a second on an idle node; this holds a loaded one
   * under the 2-second bound a player waits at most.
   */
  @WholeNumber(50, 10_000)
  BOT_TIME_LIMIT_MS = 1_500;

  /**
   * Whether this node's tournaments' relay runs (docs/tournaments.md, "Progress"): it records the
   * results of tournament matches, creates the matches the draws need and starts tournaments at their
   * time. On by default; any number of nodes may run it. Off, the node leaves that to the others.
   */
  @ParsedBy(parseBoolean, 'true or false')
  TOURNAMENTS_ENABLED: boolean = true;

  /** How often, in milliseconds, the tournaments' relay looks for work it was not woken for. */
  @WholeNumber(100, 600_000)
  TOURNAMENTS_POLL_MS = 5_000;

  /**
   * Tournaments an organiser may have open (not started) at once; one more is refused with 409
   * `too-many-open-tournaments` (docs/tournaments.md, "Limits").
   */
  @WholeNumber(1)
  TOURNAMENTS_OPEN_PER_ORGANISER = 10;

  /** Tournaments an account may create in a rolling 24 hours; one more is refused with 429 `too-many-tournaments`. */
  @WholeNumber(1)
  TOURNAMENTS_CREATED_PER_DAY = 20;

  /**
   * Announcements of tournaments opening (`tournament.open`) a player is told of in a rolling 24
   * hours; later ones that day pass them by (docs/notifications.md, "Tournaments"). 0: none.
   */
  @WholeNumber(0)
  TOURNAMENT_ANNOUNCEMENTS_PER_DAY = 5;

  /**
   * Whether this node's house-bot worker plays the house bots' turns (docs/bots.md). On by default;
   * any number of nodes may run it (the versioned append decides between them). Off, the node leaves
   * them to the others (with none, they wait); tests that play the bots' side themselves turn it off.
   */
  @ParsedBy(parseBoolean, 'true or false')
  BOTS_ENABLED: boolean = true;

  /**
   * The web client's address as players reach it, such as https://nardy.example.com; links in
   * e-mail and push notifications start with it. Unset, http://localhost:PORT.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, {
    message: 'PUBLIC_URL must be an http(s) URL such as https://nardy.example.com',
  })
  PUBLIC_URL?: string;
  /**
   * The mail server, such as smtps://user:password@mail.example.com:465 or smtp://127.0.0.1:2525
   * (nodemailer's connection URL). Unset, mail is not sent: in development it is written to a file
   * of DATA_DIR/unsent-mail, links included (never to the log); in production it is dropped with a
   * warning at boot (docs/email.md).
   */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;
  /** The From of the service's mail, such as "Nardy <nardy@example.com>". */
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Nardy <nardy@localhost>';
  /**
   * How many days a mail's one-click unsubscribe link works (docs/email.md, "Unsubscribing"): its
   * token carries the time it was made, and is refused after that many days.
   */
  @WholeNumber(1, 365)
  UNSUBSCRIBE_LINK_DAYS = 60;
  /**
   * The VAPID key pair web push is signed with (base64url, as `web-push generate-vapid-keys` prints
   * them); unset, a pair is made at first start and kept in the database.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{80,100}$/, { message: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key' })
  VAPID_PUBLIC_KEY?: string;
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{40,50}$/, { message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key' })
  VAPID_PRIVATE_KEY?: string;
  /** Who push services may contact about this sender: a mailto: or https: URL; unset, mailto: the MAIL_FROM address. */
  @IsOptional()
  @Matches(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: or https: URL' })
  VAPID_SUBJECT?: string;
  /**
   * Whether webhooks and push endpoints may be private addresses (loopback, private networks,
   * link-local): for development and tests only; off, only public addresses are called.
   */
  @ParsedBy(parseBoolean, 'true or false')
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: boolean = false;
  /** Hours before a correspondence deadline that a player who has not moved is reminded (0: no reminder). */
  @WholeNumber(0, 24 * 30)
  NOTIFY_DEADLINE_HOURS = 24;
  /**
   * Whether this node delivers queued notifications (any number of nodes may; the queue hands each
   * delivery to one). Off, the node still queues them; tests that read the queue turn it off.
   */
  @ParsedBy(parseBoolean, 'true or false')
  NOTIFICATIONS_ENABLED: boolean = true;
  /**
   * A fault only tests arm (refused unless NODE_ENV=test): `on` makes the process kill itself
   * (SIGKILL) right after a request with an Idempotency-Key has done its work, before the answer
   * is sent, as a crash there would (docs/architecture.md, "API conventions").
   */
  @IsIn(['off', 'on'])
  FAULT_KILL_AFTER_COMMIT: 'off' | 'on' = 'off';

  /**
   * A fault only tests arm (refused unless NODE_ENV=test): `on` makes the tournaments' relay hold
   * every step it takes, renewing its lease, and never take it, so that a test can kill the node in
   * the middle of a step (docs/tournaments.md, "Progress").
   */
  @IsIn(['off', 'on'])
  FAULT_STALL_TOURNAMENT_STEP: 'off' | 'on' = 'off';
}

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'EnvironmentError';
  }
}

/** ConfigModule's `validate` hook: returns the typed, defaulted environment or throws naming every bad value. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const problems = validateSync(env, { skipMissingProperties: false, forbidUnknownValues: false }).flatMap((e) =>
    Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m} (got ${JSON.stringify(e.value)})`),
  );
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    problems.push('JWT_SECRET: required when NODE_ENV=production');
  }
  for (const fault of ['FAULT_KILL_AFTER_COMMIT', 'FAULT_STALL_TOURNAMENT_STEP'] as const) {
    if (env[fault] === 'on' && env.NODE_ENV !== 'test') {
      problems.push(`${fault}: a fault for tests, refused unless NODE_ENV=test`);
    }
  }
  if (env.GNUBG_PATH && env.GNUBG_PATH !== 'off' && !isExecutableFile(env.GNUBG_PATH)) {
    problems.push(
      `GNUBG_PATH: ${JSON.stringify(env.GNUBG_PATH)} is not an executable file (unset it to look gnubg up, or say off)`,
    );
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    problems.push(
      'HEADERS_TIMEOUT_SECONDS: must not be over REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (one key pair) or neither (a pair is made and kept)');
  }
  if (problems.length > 0) throw new EnvironmentError(problems);
  return env;
}
