import { currentBan, noticeBan, setBan } from './ban-notice.js';

const problem = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json' } });

describe('noticeBan', () => {
  afterEach(() => setBan(null));

  it('takes note of a 403 account-banned, its reason and end, and gives the answer back unread', async () => {
    const answer = problem(403, {
      title: 'Account banned',
      detail: 'A moderator banned this account.',
      code: 'account-banned',
      reason: 'Abuse in messages.',
      until: '2026-12-14T21:00:00.000Z',
    });
    expect(await noticeBan(answer)).toBe(answer);
    expect(answer.bodyUsed).toBe(false);
    expect(currentBan()).toEqual({
      reason: 'Abuse in messages.',
      until: '2026-12-14T21:00:00.000Z',
      title: 'Account banned',
      detail: 'A moderator banned this account.',
    });
  });

  it('reads a ban without end as lasting until lifted', async () => {
    await noticeBan(
      problem(403, { title: 'Account banned', code: 'account-banned', reason: 'Cheating.', until: null }),
    );
    expect(currentBan()).toMatchObject({ reason: 'Cheating.', until: null });
  });

  it('leaves every other answer alone: another 403, a 401 with the same code, a body that is not JSON', async () => {
    await noticeBan(problem(403, { title: 'Forbidden', code: 'wrong-password' }));
    await noticeBan(problem(401, { title: 'Unauthorized', code: 'account-banned' }));
    await noticeBan(new Response('<html>', { status: 403 }));
    expect(currentBan()).toBeNull();
  });
});
