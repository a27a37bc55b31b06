import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { DeadlineReminders } from '../src/notifications/core/deadline-reminders.js';
import { NOTIFICATION_CHANNELS } from '../src/notifications/core/notification-channel.js';
import { humanToAct, waitForState } from './support/bot-opponent.js';
import { MatchClient } from './support/match-client.js';
import { DAY, ManualClock } from './support/manual-clock.js';
import { RecordingChannel } from './support/recording-channel.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * A house bot's opponent who lets the clock run out (docs/bots.md, "Timeouts"; docs/notifications.md,
 * "What is sent when"): the person is reminded before the deadline, and once it passes the bot
 * claims the timeout on its own, as a player would; never before.
 */
const HOUR = 3_600_000;
const clock = new ManualClock(new Date());
const channel = new RecordingChannel();
let t: TestApp;
let client: MatchClient;
beforeAll(async () => {
  t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, undefined, {
    overrides: [
      { provide: Clock, useValue: clock },
      { provide: NOTIFICATION_CHANNELS, useValue: [channel] },
    ],
  });
  client = new MatchClient(t.http);
});
afterAll(() => t.close());

it('reminds the person on turn, then has the bot claim the timeout once the deadline passed', async () => {
  const ann = await client.register('timeout_ann');
  const me = await request(t.http).get('/api/users/me').set('Authorization', `Bearer ${ann.token}`).expect(200);
  const annId = (me.body as { id: string }).id;
  const created = await client.create(ann, { opponent: 'bot', variant: 'backgammon', length: 3, daysPerTurn: 1 });
  const onTurn = await waitForState(
    client,
    created.id,
    ann,
    (s) => s.status === 'playing' && humanToAct(s),
    'ann to act',
  );
  expect(onTurn.turn.player).toBe(onTurn.you);

  // Half the day gone and less than NOTIFY_DEADLINE_HOURS left: reminded, and the bot waits.
  clock.advance(13 * HOUR);
  await t.app.get(DeadlineReminders).sweep();
  await channel.until(
    () => channel.deliveredTo(annId).some((n) => n.kind === 'deadline' && n.matchId === created.id),
    'the reminder',
  );
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect((await client.state(created.id, ann)).status).toBe('playing');

  // The deadline passed: the bot's worker (every second) claims it.
  clock.advance(DAY);
  const over = await waitForState(client, created.id, ann, (s) => s.status === 'finished', 'the timeout claimed');
  expect(over.result).toMatchObject({ reason: 'timeout' });
  expect(over.result?.winner).not.toBe(over.you);
});
