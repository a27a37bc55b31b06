/**
 * What a committed match tells whom (docs/notifications.md, "What is sent when"): pure, from the
 * match's facts as they stand when the relay reads them. A turn is notified at the version that
 * handed it over: later events of the same turn are the player's own (a roll before its play),
 * which notify nobody, or the answer to the player's own offer, which is skipped; so a turn has
 * one version that notifies, whichever outbox row is read first. Each decision carries a stable id made
 * from what it is about, so that deciding it again (another outbox row of the same match, a
 * relay retried after a crash, two nodes) queues it once; and what must still hold when it goes
 * out, so that nobody is told of a turn they already took.
 */
import type { Language } from '../../common/languages.js';
import type { Notification } from './notification.js';
import type { MatchFacts, Party } from './match-facts.js';
import { notificationText } from './notification-words/notification-words.js';
import { stableId } from '../../common/stable-id.js';

/** What must still be true of the match when a notification is delivered; otherwise it is dropped. */
export type StillDue =
  | { readonly kind: 'invited' }
  | { readonly kind: 'turn'; readonly userId: string; readonly version: number }
  | { readonly kind: 'deadline'; readonly userId: string; readonly deadline: string }
  | { readonly kind: 'always' };

export interface Decided {
  readonly notification: Notification;
  readonly still: StillDue;
}

/**
 * Events that hand the decision back to a player who is still in the turn they were told of: the
 * take of their double, the rejection of their resignation. A new "your turn" would be a second
 * one for the same turn.
 */
const ANSWERS_TO_OWN_OFFER: ReadonlySet<string> = new Set(['take', 'resignation-reject']);

/** "Backgammon, 5-point match" or "Long nardy, money session", in `language`. */
export function matchName(facts: Pick<MatchFacts, 'variant' | 'length'>, language: Language | null = null): string {
  return notificationText(language, 'match.name', { variant: facts.variant, length: facts.length });
}

/** The opponent's name, or "your opponent" in the reader's language. */
function nameOf(party: Party | null, language: Language | null): string {
  return party?.username ?? notificationText(language, 'opponent.unknown');
}

function opponentOf(facts: MatchFacts, userId: string): Party | null {
  if (facts.white?.id === userId) return facts.black;
  if (facts.black?.id === userId) return facts.white;
  return userId === facts.invited?.id ? facts.creator : null;
}

function colourOf(facts: MatchFacts, userId: string): 'white' | 'black' | null {
  return facts.white?.id === userId ? 'white' : facts.black?.id === userId ? 'black' : null;
}

/** What the player must do now, as a sentence in their language. */
function task(awaiting: string | null, opponent: string, language: Language | null): string {
  switch (awaiting) {
    case 'roll':
      return notificationText(language, 'task.roll');
    case 'cube-response':
      return notificationText(language, 'task.cubeResponse', { opponent });
    case 'resignation-response':
      return notificationText(language, 'task.resignationResponse', { opponent });
    default:
      return notificationText(language, 'task.play');
  }
}

function score(facts: MatchFacts, userId: string): { mine: number; theirs: number } {
  const white = colourOf(facts, userId) !== 'black';
  return {
    mine: white ? facts.scoreWhite : facts.scoreBlack,
    theirs: white ? facts.scoreBlack : facts.scoreWhite,
  };
}

function notification(
  facts: MatchFacts,
  key: string,
  kind: Notification['kind'],
  to: Party,
  now: Date,
  text: { title: string; body: string },
  data: Record<string, unknown>,
): Notification {
  const userId = to.id;
  return {
    ...(to.language === null ? {} : { language: to.language }),
    id: stableId(`${key}:${facts.matchId}:${userId}`),
    kind,
    userId,
    createdAt: now.toISOString(),
    matchId: facts.matchId,
    title: text.title,
    body: text.body,
    path: `/matches/${facts.matchId}`,
    data: { matchId: facts.matchId, variant: facts.variant, length: facts.length, ...data },
  };
}

function invitation(facts: MatchFacts, now: Date): Decided[] {
  const invited = facts.invited;
  if (invited === null || invited.houseBot) return [];
  const language = invited.language;
  return [
    {
      notification: notification(
        facts,
        'invitation',
        'invitation',
        invited,
        now,
        {
          title: notificationText(language, 'invitation.title', { from: facts.creator.username }),
          body: notificationText(language, 'invitation.body', {
            match: matchName(facts, language),
            days: facts.daysPerTurn ?? 0,
          }),
        },
        { from: facts.creator.username, daysPerTurn: facts.daysPerTurn },
      ),
      still: { kind: 'invited' },
    },
  ];
}

function turn(facts: MatchFacts, now: Date): Decided[] {
  const userId = facts.turnUserId;
  if (userId === null) return [];
  const opponent = opponentOf(facts, userId);
  const player = colourOf(facts, userId) === 'white' ? facts.white : facts.black;
  if (player === null || player.houseBot) return [];
  // The player made the last event (a roll, before playing it): they are at the board.
  const recent = facts.recentEvents;
  if (recent[0]?.actorId === userId) return [];
  // The events since the player's own last one: an answer to their offer among them (before the
  // server's roll that follows a take) gives back a turn they were told of.
  const since = recent.findIndex((event) => event.actorId === userId);
  if (recent.slice(0, since === -1 ? recent.length : since).some((event) => ANSWERS_TO_OWN_OFFER.has(event.type)))
    return [];
  const language = player.language;
  const name = nameOf(opponent, language);
  const { mine, theirs } = score(facts, userId);
  return [
    {
      notification: notification(
        facts,
        `turn:${facts.version}`,
        'turn',
        player,
        now,
        {
          title: notificationText(language, 'turn.title', { opponent: name }),
          body: notificationText(language, 'turn.body', {
            task: task(facts.awaiting, name, language),
            match: matchName(facts, language),
            mine,
            theirs,
          }),
        },
        {
          opponent: name,
          awaiting: facts.awaiting,
          version: facts.version,
          deadline: facts.deadline?.toISOString() ?? null,
          score: { you: mine, opponent: theirs },
        },
      ),
      still: { kind: 'turn', userId, version: facts.version },
    },
  ];
}

function finished(facts: MatchFacts, now: Date): Decided[] {
  const seats = [facts.white, facts.black].filter((p): p is Party => p !== null && !p.houseBot);
  return seats.map((player) => {
    const language = player.language;
    const opponent = nameOf(opponentOf(facts, player.id), language);
    const won = facts.winner !== null && colourOf(facts, player.id) === facts.winner;
    const { mine, theirs } = score(facts, player.id);
    return {
      notification: notification(
        facts,
        'finished',
        'finished',
        player,
        now,
        {
          title: notificationText(language, 'finished.title', { won: won ? 'yes' : 'no', opponent }),
          body: notificationText(language, 'finished.body', {
            match: matchName(facts, language),
            how: facts.endReason ?? 'none',
            mine,
            theirs,
          }),
        },
        { opponent, won, endReason: facts.endReason, score: { you: mine, opponent: theirs } },
      ),
      still: { kind: 'always' as const },
    };
  });
}

/** The notifications a match's committed state calls for now (imported matches: none). */
export function decideNotifications(facts: MatchFacts, now: Date): Decided[] {
  if (facts.source !== 'played') return [];
  switch (facts.status) {
    case 'invited':
      return invitation(facts, now);
    case 'playing':
      return turn(facts, now);
    case 'finished':
      return finished(facts, now);
    default:
      return [];
  }
}

/**
 * The reminder to the player who must act before `facts.deadline` passes; null when nobody is to
 * be reminded (no clock, a house bot on turn).
 */
export function deadlineReminder(facts: MatchFacts, now: Date): Decided | null {
  const userId = facts.turnUserId;
  if (facts.status !== 'playing' || userId === null || facts.deadline === null) return null;
  const player = colourOf(facts, userId) === 'white' ? facts.white : facts.black;
  if (player === null || player.houseBot) return null;
  const language = player.language;
  const name = nameOf(opponentOf(facts, userId), language);
  const deadline = facts.deadline.toISOString();
  const hours = Math.max(1, Math.round((facts.deadline.getTime() - now.getTime()) / 3_600_000));
  return {
    notification: notification(
      facts,
      `deadline:${deadline}`,
      'deadline',
      player,
      now,
      {
        title: notificationText(language, 'deadline.title', { hours, opponent: name }),
        body: notificationText(language, 'deadline.body', {
          task: task(facts.awaiting, name, language),
          match: matchName(facts, language),
          deadline: deadline.slice(0, 16).replace('T', ' '),
        }),
      },
      { opponent: name, awaiting: facts.awaiting, version: facts.version, deadline },
    ),
    still: { kind: 'deadline', userId, deadline },
  };
}
