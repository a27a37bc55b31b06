import request from 'supertest';
import type { Server } from 'node:http';
import type { Player } from './match-client.js';
import { linkTokenOf, type Mailbox } from './mailbox.js';
import type { SettledQueue } from './settled-queue.js';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Gives `player` the verified address `address`, through the mailbox as a person would. */
export async function verifyAddress(
  http: Server,
  mailbox: Mailbox,
  queue: SettledQueue,
  player: Player,
  address: string,
): Promise<void> {
  const before = mailbox.to(address).length;
  await request(http).put('/api/users/me/email').set(bearer(player.token)).send({ email: address }).expect(202);
  await queue.settled();
  const mail = await mailbox.nth(address, before + 1);
  await request(http)
    .post('/api/users/me/email/verify')
    .set(bearer(player.token))
    .send({ token: linkTokenOf(mail) })
    .expect(204);
  await queue.settled();
}
