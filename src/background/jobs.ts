/**
 * Everything the service does in the background (docs/architecture.md, "The background runner"):
 * one declaration per job, with its name, its period and whether a node takes part. The handler of
 * each is a method of its owner module, marked `@BackgroundJob(<declaration>)` (cluster jobs), or a
 * `NodeTimer` the owner holds (work each node does for its own memory). A timer of one connection
 * (a stream's heartbeat, a followed analysis) stays with its connection and is not listed here.
 */
import type { Environment } from '../config/environment.js';

/** A setting of this node (the validated environment). */
export type Setting = <K extends keyof Environment>(key: K) => Environment[K];

/**
 * Work for the whole cluster: a job in the job queue, done by one node at a time and at most
 * once per period, whichever nodes run (BackgroundRunner).
 */
export interface ClusterJob {
  readonly kind: 'cluster';
  /** The job's name, and its queue's. */
  readonly name: string;
  /** Its period: at most one run per period, cluster-wide. */
  readonly everyMs: (setting: Setting) => number;
  /** Whether the first period starts at a node's boot (else a period after it). */
  readonly atBoot: boolean;
  /** Whether this node offers and works the job (a node can leave a module's background work to the others). */
  readonly runsOn: (setting: Setting) => boolean;
  /** How long a run may last before the queue takes it as lost (its node died) and gives it to another node. */
  readonly expireInSeconds: number;
  /**
   * `stately`: one run at a time, cluster-wide (a run lost with its node holds the next back until it
   * expires); `short`: runs may overlap (a wake, whose work guards itself), one waiting at most.
   */
  readonly policy: 'stately' | 'short';
}

/** Work each node does for itself (re-reading what it holds in memory), every `everyMs` (NodeTimer). */
export interface NodeJob {
  readonly kind: 'each-node';
  readonly name: string;
  readonly everyMs: number;
}

export type BackgroundJobDeclaration = ClusterJob | NodeJob;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const always = (): boolean => true;
const notifying = (setting: Setting): boolean => setting('NOTIFICATIONS_ENABLED');

function cluster(
  name: string,
  job: Omit<ClusterJob, 'kind' | 'name' | 'everyMs' | 'atBoot' | 'runsOn' | 'policy'> & {
    readonly policy?: ClusterJob['policy'];
    readonly everyMs: number | ((setting: Setting) => number);
    readonly atBoot?: boolean;
    readonly runsOn?: (setting: Setting) => boolean;
  },
): ClusterJob {
  const { everyMs } = job;
  return {
    kind: 'cluster',
    name,
    expireInSeconds: job.expireInSeconds,
    policy: job.policy ?? 'stately',
    everyMs: typeof everyMs === 'number' ? () => everyMs : everyMs,
    atBoot: job.atBoot ?? false,
    runsOn: job.runsOn ?? always,
  };
}

const eachNode = (name: string, everyMs: number): NodeJob => ({ kind: 'each-node', name, everyMs });

/** The list. */
export const BACKGROUND_JOBS = {
  /** auth (RefreshTokenPurger.purge): the refresh families idle 30 days, the tokens spent 30 days ago, the revoked families expired. */
  refreshTokensPurge: cluster('auth.refresh-tokens-purge', { everyMs: HOUR, expireInSeconds: 15 * 60 }),
  /** idempotency (IdempotencyKeyPurger.purge): the keys past their 24 hours. */
  idempotencyKeysPurge: cluster('idempotency.keys-purge', { everyMs: HOUR, expireInSeconds: 15 * 60 }),
  /** notifications (EmailDigest.sendDue): the daily digests due, queued as account mail. */
  emailDigest: cluster('notifications.email-digest', {
    everyMs: 15 * MINUTE,
    runsOn: notifying,
    expireInSeconds: 15 * 60,
  }),
  /** notifications (DeadlineReminders.sweep): the reminders of turns whose deadline nears. */
  deadlineReminders: cluster('notifications.deadline-reminders', {
    everyMs: MINUTE,
    atBoot: true,
    runsOn: notifying,
    expireInSeconds: 5 * 60,
  }),
  /**
   * notifications (NotificationWorkers.pollRelays): the relays' look at their outboxes without a
   * wake (a NOTIFY lost with its session); the match feed and the NOTIFY wake them at once.
   */
  notificationRelaysPoll: cluster('notifications.relays-poll', {
    everyMs: 5 * SECOND,
    runsOn: notifying,
    expireInSeconds: 60,
    policy: 'short',
  }),
  /** tournaments (TournamentRelay.poll): results, steps and starts due, without a wake; every TOURNAMENTS_POLL_MS. */
  tournamentsRelayPoll: cluster('tournaments.relay-poll', {
    everyMs: (setting) => setting('TOURNAMENTS_POLL_MS'),
    runsOn: (setting) => setting('TOURNAMENTS_ENABLED'),
    expireInSeconds: 60,
    policy: 'short',
  }),
  /**
   * bots (BotWorker): this node's sweep for the decisions its house bots owe, without a write
   * heard of; each node's own, since the pause between games and the rest after a failure are
   * held in its memory.
   */
  botsSweep: eachNode('bots.sweep', SECOND),
  /** security (TokenWatch): the token versions of the accounts whose streams this node holds, read again. */
  tokenWatchLook: eachNode('security.token-watch-look', 10 * SECOND),
  /** security (RevokedFamilies): the revoked refresh families this node refuses, read again. */
  revokedFamiliesRead: eachNode('security.revoked-families-read', 10 * SECOND),
} as const satisfies Record<string, BackgroundJobDeclaration>;
