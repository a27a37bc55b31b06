/**
 * Blocks and reports in the web client (docs/community.md), in Chromium against the real service:
 * a player blocks another from their profile (the block is stored, the account page lists it and
 * unblocks), and reports them with a reason, a text and the match they played (one filing stored,
 * the match named). Closing an account asks for the password after saying what happens, then signs out;
 * the account can no longer sign in. The account's data downloads as a JSON file.
 */
import { readFile } from 'node:fs/promises';
import {
  describeInBrowser,
  expectNoPageErrors,
  PHONE,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';

const PASSWORD = 'community-password-1';

describeInBrowser('blocks and reports', () => {
  // Each test signs several people in from this one address.
  const web = useWebHarness({ AUTH_THROTTLE_LIMIT: '1000' });

  async function blocksOf(token: string): Promise<string[]> {
    const answer = await fetch(web.url('/api/users/me/blocks'), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { items: { username: string }[] }).items.map((b) => b.username);
  }

  it('blocks a player from their profile, lists and unblocks them in the account page', async () => {
    const alice = await registerUser(web.baseUrl, 'cm_alice', PASSWORD);
    await registerUser(web.baseUrl, 'cm_bob', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'cm_alice', PASSWORD);
    const page = await web.open('/users/cm_bob', context);

    const block = page.getByRole('button', { name: 'Block cm_bob' });
    await block.click();
    await page.getByRole('button', { name: 'Unblock cm_bob' }).waitFor();
    await page.getByText(/cm_bob is blocked: they cannot invite you/).waitFor();
    expect(await blocksOf(alice.token)).toEqual(['cm_bob']);
    await screenshot(page, 'community-profile-blocked');

    // Opened again, the profile knows the block.
    await page.reload();
    await page.getByRole('button', { name: 'Unblock cm_bob' }).waitFor();

    await page.goto(web.url('/account'));
    const list = page.getByTestId('blocked-players');
    await list.getByRole('link', { name: 'cm_bob' }).waitFor();
    await list.getByRole('button', { name: 'Unblock cm_bob' }).click();
    await list.getByText('You have blocked nobody.').waitFor();
    expect(await blocksOf(alice.token)).toEqual([]);
    expectNoPageErrors(page);
  });

  it('reports a player from their profile, naming the match they played, on a phone', async () => {
    const carol = await registerUser(web.baseUrl, 'cm_carol', PASSWORD);
    const dave = await registerUser(web.baseUrl, 'cm_dave', PASSWORD);
    const matchId = await startMatchBetween(web.baseUrl, carol, dave);
    const context = await web.person(PHONE);
    await signInPage(context, web.baseUrl, 'cm_carol', PASSWORD);
    const page = await web.open(`/matches/${matchId}`, context);

    // On the match page, the opponent's tools name the match.
    await page.getByText('Block or report cm_dave').click();
    await page.getByRole('button', { name: 'Report cm_dave' }).click();
    const form = page.getByTestId('report-form');
    await form.getByLabel('Reason').selectOption('stalling');
    await form.getByLabel('What happened (optional)').fill('Lets the clock run\nevery single turn.');
    expect(await form.getByLabel('Name this match in the report').isChecked()).toBe(true);
    await screenshot(page, 'community-report-form-phone');
    await form.getByRole('button', { name: 'Send the report' }).click();
    await page.getByText('Thank you: your report about cm_dave has reached the moderators.').waitFor();

    const filings = await web.app.t.prisma.$queryRaw<{ reason: string; text: string; match_id: string }[]>`
      SELECT f.reason, f.text, f.match_id::text AS match_id FROM report_filings f
      JOIN users t ON t.id = (SELECT target_id FROM reports r WHERE r.id = f.report_id)
      WHERE t.username = 'cm_dave'`;
    expect(filings).toEqual([{ reason: 'stalling', text: 'Lets the clock run every single turn.', match_id: matchId }]);
    expectNoPageErrors(page);
  });

  it('shows no tools on a profile that does not exist, only the problem', async () => {
    await registerUser(web.baseUrl, 'cm_erin', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'cm_erin', PASSWORD);
    const page = await web.open('/users/cm_nobody_here', context);
    // A profile that does not exist: the problem's title, no tools.
    await page.locator('.problem').waitFor();
    expect(await page.getByTestId('player-tools').count()).toBe(0);
    expectNoPageErrors(page, [{ pattern: /status of 404/, why: 'the profile asked for does not exist' }]);
  });

  it('downloads the account’s data as a JSON file', async () => {
    await registerUser(web.baseUrl, 'cm_gina', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'cm_gina', PASSWORD);
    const page = await web.open('/account', context);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(JSON.stringify(JSON.parse(text))).toContain('"cm_gina"');
    expectNoPageErrors(page);
  });

  it('closes the account after the warning and the password, signs out, and the sign-in is refused', async () => {
    await registerUser(web.baseUrl, 'cm_frank', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'cm_frank', PASSWORD);
    const page = await web.open('/account', context);
    await page.getByRole('button', { name: 'Close my account…' }).click();
    await page.getByText('Closing your account cannot be undone.').waitFor();
    const submit = page.getByRole('button', { name: 'Close my account for good' });
    // Nothing is sent before the password and the acknowledgement.
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Your password, to confirm').fill('not-the-password-1');
    await page.getByLabel('I understand that this cannot be undone').check();
    await screenshot(page, 'community-close-account');
    await submit.click();
    // A wrong password: the problem's words, and the account is still there.
    await page.locator('.close-account .problem').waitFor();
    await page.getByLabel('Your password, to confirm').fill(PASSWORD);
    await submit.click();
    await page.getByText('Your account is closed. Thank you for the games.').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('nardy.session')")).toBeNull();
    const signIn = await fetch(web.url('/api/auth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cm_frank', password: PASSWORD }),
    });
    expect(signIn.status).toBe(401);
    const profile = await fetch(web.url('/api/users/cm_frank'));
    expect(profile.status).toBe(410);
    expectNoPageErrors(page, [{ pattern: /status of (401|403)/, why: 'the wrong password is refused' }]);
  });
});
