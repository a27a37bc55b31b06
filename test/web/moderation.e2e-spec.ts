/**
 * The moderators' page and a banned player's page (docs/moderation.md), in Chromium against the real
 * service: an operator makes a moderator with the admin command (`npm run admin -- grant`), the
 * moderator finds a player's report in the queue, bans the player for 7 days from it (confirmed
 * first), and closes the case; the ban is stored and logged. The banned player, signing in, gets
 * the page that says so, why and until when, and nothing else of the app. A warning reaches the
 * player at once over their stream, and on their next page view until they acknowledge it. A player
 * a moderator renamed must choose a new name before anything else, and is signed in under it. An
 * admin grants and revokes the moderator role from the page. A player banned while signed in is
 * signed out (the ban ends the account's sign-ins, so their renewal is refused as any ended one is),
 * and their next sign-in gets the banned page.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  PHONE,
  postJson,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';
import { TEST_JWT_SECRET } from '../support/test-app.js';

const PASSWORD = 'moderation-password-1';
const ADMIN_CLI = fileURLToPath(new URL('../../dist/moderation/admin.cli.js', import.meta.url));

describeInBrowser('moderating from the web client', () => {
  // Each test signs several people in from this one address.
  const web = useWebHarness({ AUTH_THROTTLE_LIMIT: '1000' });

  /** `npm run admin -- <args>` (src/moderation/admin.cli.ts, built), on the test's own database; its output. */
  async function adminCommand(...args: string[]): Promise<string> {
    const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_CLI, ...args], {
      env: { ...process.env, ...web.app.t.db.env, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    });
    return stdout;
  }

  async function grantModerator(username: string): Promise<void> {
    expect(await adminCommand('grant', username, 'moderator')).toContain('-> moderator');
  }

  it('bans a reported player from the queue, and the player gets the banned page', async () => {
    const ann = await registerUser(web.baseUrl, 'mod_ann', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'mod_bob', PASSWORD);
    await registerUser(web.baseUrl, 'mod_mia', PASSWORD);
    await grantModerator('mod_mia');
    const matchId = await startMatchBetween(web.baseUrl, ann, bob);
    await postJson(
      web.baseUrl,
      '/api/reports',
      { username: 'mod_bob', reason: 'abuse', matchId, text: 'Insults in every message.' },
      ann.token,
    );

    const context = await web.person();
    await signInPage(context, web.baseUrl, 'mod_mia', PASSWORD);
    const page = await web.open('/lobby', context);
    // The header offers the page to a moderator.
    await page.getByRole('link', { name: 'Moderation' }).click();
    const report = page.getByTestId('report-case').filter({ hasText: 'mod_bob' });
    await report.waitFor();
    expect(await report.textContent()).toContain('Insults in every message.');
    expect(await report.getByRole('link', { name: 'the match' }).getAttribute('href')).toBe(`/matches/${matchId}`);
    await axeCheck(page, 'the report queue');

    const form = report.getByTestId('action-form');
    await form.getByLabel('Action').selectOption('ban');
    await form.getByLabel('Days').fill('7');
    await form.getByLabel('Reason').fill('Repeated abuse in match messages.');
    await form.getByRole('button', { name: 'Ban: mod_bob' }).click();
    // Asked first; nothing is done yet.
    await form.getByText('Ban mod_bob for 7 days?').waitFor();
    await screenshot(page, 'moderation-confirm-ban');
    const standing = async () =>
      (
        await web.app.t.prisma.$queryRaw<{ banned: boolean; ends: Date | null }[]>`
          SELECT banned_at IS NOT NULL AS banned, ban_ends_at AS ends FROM users WHERE username = 'mod_bob'`
      )[0];
    expect((await standing()).banned).toBe(false);
    await form.getByRole('button', { name: 'Yes: Ban' }).click();
    await form.getByText('Done: Ban, mod_bob.').waitFor();
    const banned = await standing();
    expect(banned.banned).toBe(true);
    const days = (banned.ends!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    // The case's history shows it at once.
    await report.locator('.moderation-history').getByText('Repeated abuse in match messages.').waitFor();

    await report.getByLabel('Resolution').fill('Banned for a week.');
    await report.getByRole('button', { name: 'Close the case' }).click();
    await page.getByText('No open reports.').waitFor();
    await screenshot(page, 'moderation-queue-closed');

    // The log lists the ban, by the moderator.
    await page.getByRole('button', { name: 'Log' }).click();
    const row = page.getByTestId('moderation-log').locator('tr', { hasText: 'mod_bob' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('mod_mia');
    await screenshot(page, 'moderation-log');
    expectNoPageErrors(page);

    // The banned player signs in on a phone: the banned page, with the reason and the end.
    const phone = await web.person(PHONE);
    const signIn = await web.open('/signin', phone);
    await signIn.getByLabel('Username').fill('mod_bob');
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    const bannedPage = signIn.getByTestId('banned-page');
    await bannedPage.waitFor();
    expect(await bannedPage.textContent()).toContain('Repeated abuse in match messages.');
    expect(await bannedPage.textContent()).toMatch(/The ban ends on .+\d{4}/);
    // No app chrome: no navigation that would ask the API.
    expect(await signIn.locator('header nav').count()).toBe(0);
    await screenshot(signIn, 'banned-page-phone');
    await axeCheck(signIn, 'the banned page');
    expectNoPageErrors(signIn, [{ pattern: /status of 403/, why: 'the banned account’s sign-in is refused' }]);
  });

  it('shows a warning at once over the stream, again on the next page until acknowledged', async () => {
    const pia = await registerUser(web.baseUrl, 'warn_pia', PASSWORD);
    const moderator = await registerUser(web.baseUrl, 'warn_mod', PASSWORD);
    await grantModerator('warn_mod');
    const context = await web.person(PHONE);
    await signInPage(context, web.baseUrl, 'warn_pia', PASSWORD);
    const page = await web.open('/lobby', context);
    await page.locator('main h1').waitFor();
    const dialog = page.getByTestId('warning-dialog');
    expect(await dialog.isVisible()).toBe(false);

    await postJson(
      web.baseUrl,
      '/api/moderation/users/warn_pia/warn',
      { reason: 'Please stop insulting your opponents.' },
      moderator.token,
    );
    // Over the player stream, with no reload.
    await dialog.getByText('Please stop insulting your opponents.').waitFor();
    await screenshot(page, 'warning-dialog-phone');
    await axeCheck(page, 'the warning dialog');

    // Not acknowledged: shown again on the next page view.
    await page.reload();
    await dialog.getByText('Please stop insulting your opponents.').waitFor();
    await dialog.getByRole('button', { name: 'I have read it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const me = await fetch(web.url('/api/users/me'), { headers: { authorization: `Bearer ${pia.token}` } });
    expect(((await me.json()) as { warnings: unknown[] }).warnings).toEqual([]);
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expectNoPageErrors(page);
  });

  it('asks a renamed player for a new name before anything else, then signs them in under it', async () => {
    await registerUser(web.baseUrl, 'rude_name', PASSWORD);
    const moderator = await registerUser(web.baseUrl, 'ren_mod', PASSWORD);
    await grantModerator('ren_mod');
    await postJson(
      web.baseUrl,
      '/api/moderation/users/rude_name/rename',
      { reason: 'An offensive username.' },
      moderator.token,
    );

    const page = await web.open('/signin', await web.person());
    await page.getByLabel('Username').fill('rude_name');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const renamePage = page.getByTestId('rename-page');
    await renamePage.waitFor();
    // Nothing else of the app: the lobby is not there to go to.
    expect(await page.locator('header nav').count()).toBe(0);
    await page.getByLabel('New username').fill('kind_name');
    await page.getByLabel('Your password').fill(PASSWORD);
    await screenshot(page, 'rename-page');
    await page.getByRole('button', { name: 'Save the new name' }).click();
    await page.locator('header nav').getByRole('link', { name: 'kind_name' }).waitFor();
    await renamePage.waitFor({ state: 'detached' });
    const profile = await fetch(web.url('/api/users/kind_name'));
    expect(profile.status).toBe(200);
    expectNoPageErrors(page);
  });

  it('lets an admin grant and revoke the moderator role from the page', async () => {
    await registerUser(web.baseUrl, 'adm_ada', PASSWORD);
    await registerUser(web.baseUrl, 'adm_ben', PASSWORD);
    expect(await adminCommand('grant', 'adm_ada', 'admin')).toContain('-> admin');
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'adm_ada', PASSWORD);
    const page = await web.open('/moderation', context);
    await page.getByRole('button', { name: 'Moderators' }).click();
    const admin = page.getByTestId('moderators-admin');
    await admin.getByLabel('Username').fill('adm_ben');
    await admin.getByRole('button', { name: 'Make moderator' }).click();
    await admin.getByRole('button', { name: 'Revoke adm_ben' }).waitFor();
    const role = async () =>
      (await web.app.t.prisma.$queryRaw<{ role: string }[]>`SELECT role FROM users WHERE username = 'adm_ben'`)[0].role;
    expect(await role()).toBe('moderator');
    await screenshot(page, 'moderation-moderators');
    await admin.getByRole('button', { name: 'Revoke adm_ben' }).click();
    await admin.getByRole('button', { name: 'Revoke adm_ben' }).waitFor({ state: 'detached' });
    expect(await role()).toBe('player');
    expectNoPageErrors(page);
  });

  it('shows a player banned while signed in the banned page at their next page view, their renewal refused with the reason', async () => {
    await registerUser(web.baseUrl, 'ban_cid', PASSWORD);
    const moderator = await registerUser(web.baseUrl, 'ban_mod', PASSWORD);
    await grantModerator('ban_mod');
    // Signed in through the page: the browser holds the refresh cookie too.
    const page = await web.open('/signin', await web.person());
    const signIn = async (): Promise<void> => {
      await page.getByLabel('Username').fill('ban_cid');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await signIn();
    await page.waitForURL((url) => url.pathname === '/lobby');

    await postJson(
      web.baseUrl,
      '/api/moderation/users/ban_cid/ban',
      { reason: 'Cheating with a program.' },
      moderator.token,
    );
    // Every access token of the account is over; the renewal (the refresh cookie) answers 403
    // account-banned with the reason, and the client shows it: on its own (the player stream ends
    // and its renewal is refused), or at the next page view.
    const banned = page.getByTestId('banned-page');
    if (!(await banned.isVisible())) await page.reload();
    try {
      await banned.waitFor({ timeout: 15_000 });
    } catch {
      // The stream's renewal was refused just as the page reloaded: that page view is signed out (the
      // ban is held in memory), and the next sign-in shows the banned page.
      await page.locator('header nav').getByRole('link', { name: 'Sign in' }).click();
      await signIn();
      await banned.waitFor();
    }
    expect(await banned.textContent()).toContain('Cheating with a program.');
    expect(await banned.textContent()).toContain('The ban has no end date');
    expectNoPageErrors(page, [
      { pattern: /status of (401|403)/, why: 'the banned account’s tokens, renewal and sign-in are refused' },
    ]);
  });
});
