/**
 * The count of the matches waiting for the person (docs/architecture.md, "The web client's
 * session"), in Chromium against the real service: the tab's title starts "(1) Your turn" and the
 * header shows the count while a match waits for them, both kept current by the player stream;
 * the plain title and no count while none waits.
 */
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  PHONE,
  postJson,
  registerUser,
  screenshot,
  signInPage,
  useWebHarness,
} from './support/index.js';

const PASSWORD = 'your-turn-password-1';
/** Generous: the count follows an event of the stream, read again a moment after it. */
const DEADLINE_MS = 20_000;

describeInBrowser('the waiting count of the web client', () => {
  const web = useWebHarness();

  it('shows "(1) Your turn" in the title and the count in the header while an invitation waits, and neither once it is withdrawn', async () => {
    await registerUser(web.baseUrl, 'turn_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'turn_bob', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'turn_alice', PASSWORD);
    const page = await web.open('/lobby', context);
    await page.getByText('Nothing is waiting for you.').waitFor({ state: 'visible' });
    const count = page.locator('header .your-turn');
    /** Waits for the tab's title to be `title`, polling (the page's policy allows no evaluated strings). */
    const titleIs = async (title: string): Promise<void> => {
      const deadline = Date.now() + DEADLINE_MS;
      let seen = await page.title();
      while (seen !== title && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await page.title();
      }
      expect(seen).toBe(title);
    };
    await titleIs('Lobby · Nardy');
    expect(await count.count()).toBe(0);

    // Bob invites Alice: the invitation waits for her answer.
    const created = (await postJson(
      web.baseUrl,
      '/api/matches',
      { variant: 'backgammon', length: 3, opponent: 'turn_alice' },
      bob.token,
    )) as { id: string };
    await titleIs('(1) Your turn · Lobby · Nardy');
    await count.waitFor({ state: 'visible', timeout: DEADLINE_MS });
    expect(await count.getAttribute('aria-label')).toBe('Your turn: 1 match waits for you');
    expect((await count.textContent())?.replace(/\s+/g, ' ')).toBe('Your turn 1');
    await screenshot(page, 'your-turn-header');
    await axeCheck(page, 'the lobby with the header’s count');
    // At 360 px wide the header wraps: nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'your-turn-header-360');

    // The page's own title follows a page change; the count stays before it.
    await page.locator('header').getByRole('link', { name: 'Leaderboard' }).click();
    await titleIs('(1) Your turn · Leaderboard · Nardy');

    // Bob withdraws it: nothing waits.
    await postJson(web.baseUrl, `/api/matches/${created.id}/abort`, {}, bob.token);
    await titleIs('Leaderboard · Nardy');
    await count.waitFor({ state: 'detached', timeout: DEADLINE_MS });
    expectNoPageErrors(page);
  }, 120_000);
});
