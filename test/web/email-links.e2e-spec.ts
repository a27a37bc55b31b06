/**
 * The pages a mail's links open (docs/email.md), in Chromium against the real service and a real
 * SMTP server: the verification link, signed in, confirms the address with one press (nothing on
 * load); "Forgot your password?" on the sign-in page asks for a reset mail, whose link opens the
 * form that sets the new password, which then signs in. The links carry their tokens in the
 * fragment, which the browser never sends to the server; an older mail's `?token=` still works, and
 * the page takes it out of the address bar at once.
 */
import { Mailbox } from '../support/mailbox.js';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  registerUser,
  screenshot,
  signInPage,
  tokenFor,
  useWebHarness,
} from './support/index.js';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'quartz lantern orbit meadow';

/** The path and fragment of the link in a mail's text (PUBLIC_URL is not this test server's). */
function linkPathOf(text: string, page: string): string {
  const match = new RegExp(`https?://[^/\\s]+(/${page}#token=[A-Za-z0-9_-]+)`).exec(text);
  if (match === null) throw new Error(`No /${page} link in: ${text}`);
  return match[1];
}

/** A GET of the API with a bearer token: the JSON answered. */
async function getJson(baseUrl: string, path: string, token: string): Promise<unknown> {
  const res = await fetch(new URL(path, baseUrl), { headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

const emailOf = (baseUrl: string, token: string) => getJson(baseUrl, '/api/users/me/email', token);

/** Polls `check` until it holds, within a generous deadline. */
async function until(check: () => Promise<boolean>, deadlineMs = 15_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not so within the deadline');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeInBrowser('the pages of the mails’ links in Chromium', () => {
  let mailbox: Mailbox;
  const env: Record<string, string | undefined> = {};
  beforeAll(async () => {
    mailbox = await Mailbox.start();
    // Read by the harness's start, which runs after this.
    env.SMTP_URL = mailbox.url;
  });
  afterAll(() => mailbox.close());
  const web = useWebHarness(env);

  it('the account page asks for a verification mail, whose link confirms the address on a press; then the preferences are saved as changed', async () => {
    const session = await registerUser(web.baseUrl, 'mail_link_ann', PASSWORD);
    const address = 'ann@example.com';
    const context = await web.person();
    await signInPage(context, web.baseUrl, session.username, PASSWORD);
    const account = await web.open('/account', context);
    await account.getByText('No confirmed address').waitFor();
    await account.getByLabel('E-mail address').fill(address);
    await account.getByRole('button', { name: 'Send confirmation mail' }).click();
    await account.getByRole('status').getByText(`on its way to ${address}`).waitFor();
    await account.getByText(`Waiting for you to confirm ${address}`).waitFor();
    await axeCheck(account, '/account');

    const mail = await mailbox.nth(address, 1);
    const link = linkPathOf(mail.text ?? '', 'verify-email');
    // Signed out, the page asks to sign in first, and comes back with the link's token (in the fragment).
    const signedOut = await web.open(link);
    await signedOut.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await signedOut.getByLabel('Username').fill(session.username);
    await signedOut.getByLabel('Password').fill(PASSWORD);
    await signedOut.getByRole('button', { name: 'Sign in' }).click();
    await signedOut.getByRole('button', { name: 'Confirm address' }).waitFor();
    expect(await signedOut.getByLabel('Link token or code from the mail').inputValue()).toBe(link.split('#token=')[1]);
    expect(new URL(signedOut.url()).search).toBe('');

    const page = await web.open(link, context);
    await page.getByRole('button', { name: 'Confirm address' }).waitFor();
    expect(await emailOf(web.baseUrl, session.token)).toMatchObject({ verified: false, pendingEmail: address });
    await axeCheck(page, '/verify-email');

    await page.getByRole('button', { name: 'Confirm address' }).click();
    await page.getByRole('status').getByText('Your address is confirmed').waitFor();
    await screenshot(page, 'verify-email-done');
    expect(await emailOf(web.baseUrl, session.token)).toEqual({ email: address, verified: true, pendingEmail: null });
    const again = await web.open('/account', context);
    await again.getByText(`Mail goes to ${address}.`).waitFor();

    // The preferences, saved as each is changed.
    await again.getByLabel('Your turn by e-mail').selectOption('digest');
    await again.getByLabel('Finished matches by push').uncheck();
    await axeCheck(again, '/account (preferences)');
    await until(async () => {
      const saved = (await getJson(web.baseUrl, '/api/users/me/notifications', session.token)) as Record<
        string,
        { email: string; push: boolean }
      >;
      return saved.turn.email === 'digest' && !saved.finished.push;
    });
    expectNoPageErrors(account);
    expectNoPageErrors(signedOut);
    expectNoPageErrors(page);
    expectNoPageErrors(again);
  });

  it('"Forgot your password?" mails a link whose page sets the new password', async () => {
    const session = await registerUser(web.baseUrl, 'mail_link_bob', PASSWORD);
    const address = 'bob@example.com';
    await fetch(new URL('/api/users/me/email', web.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ email: address }),
    });
    const verification = await mailbox.nth(address, 1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(verification.text ?? '')![1];
    const verified = await fetch(new URL('/api/users/me/email/verify', web.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(204);

    const page = await web.open('/signin');
    await page.getByRole('link', { name: 'Reset it by e-mail' }).click();
    await page.getByLabel('Username or e-mail address').fill(session.username);
    await axeCheck(page, '/reset-password');
    await page.getByRole('button', { name: 'Mail me a link' }).click();
    await page.getByRole('status').getByText('a mail with a link is on its way').waitFor();

    const reset = await mailbox.nth(address, 2);
    const link = linkPathOf(reset.text ?? '', 'reset-password');
    const fromLink = await web.open(link);
    await fromLink.getByLabel('New password').waitFor();
    // The link of an older mail, the token in the query: taken, and moved out of the query at once.
    const resetPage = await web.open(link.replace('#token=', '?token='));
    await resetPage.getByLabel('New password').waitFor();
    await until(() => Promise.resolve(new URL(resetPage.url()).search === ''));
    expect(new URL(resetPage.url()).hash).toBe(new URL(link, web.baseUrl).hash);
    await resetPage.getByLabel('New password').fill(NEW_PASSWORD);
    await resetPage.getByRole('button', { name: 'Set new password' }).click();
    await resetPage.getByRole('status').getByText('Your password is changed').waitFor();
    await screenshot(resetPage, 'reset-password-done');
    await expect(tokenFor(web.baseUrl, session.username, NEW_PASSWORD)).resolves.toMatchObject({
      username: session.username,
    });
    await expect(tokenFor(web.baseUrl, session.username, PASSWORD)).rejects.toThrow(/401/);
    expectNoPageErrors(page);
    expectNoPageErrors(fromLink);
    expectNoPageErrors(resetPage);
  });
});
