/**
 * "Play a bot" at the top of the lobby (docs/architecture.md, "Web client"), in Chromium against the
 * real service: one click starts a correspondence match against a house bot, which joins it; long
 * nardy is offered without the cube and without gnubg (backgammon only). At 360 px the lobby does not
 * scroll sideways.
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
import { getJson, matchView, nextVersion } from './support/match-driver.js';

const PASSWORD = 'lobby-bots-password-1';

interface CreatedJson {
  readonly variant: string;
  readonly length: number;
  readonly daysPerTurn: number | null;
  readonly rules: { readonly cube: boolean };
  readonly opponent: string | null;
  readonly players: Record<'white' | 'black', { readonly username: string } | null>;
}

describeInBrowser('the lobby’s bot buttons', () => {
  const web = useWebHarness();

  it('start a match against a house bot in one click, on correspondence terms; long nardy without the cube or gnubg', async () => {
    await registerUser(web.baseUrl, 'lobby_ann', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'lobby_ann', PASSWORD);
    const page = await web.open('/lobby', context);
    const section = page.locator('section.play-bot');
    await section.getByRole('button', { name: 'Play bot-easy', exact: true }).waitFor({ state: 'visible' });
    // At the top: above the lists and the form.
    const [bots, myTurn] = await Promise.all([
      section.boundingBox(),
      page.getByRole('heading', { name: 'My turn' }).boundingBox(),
    ]);
    expect(bots!.y).toBeLessThan(myTurn!.y);
    await screenshot(page, 'lobby-play-a-bot');
    await axeCheck(page, 'the lobby with the bot buttons');

    await section.getByRole('button', { name: 'Play bot-easy', exact: true }).click();
    await page.waitForURL(/\/matches\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const created = await getJson<CreatedJson>(web.baseUrl, `/api/matches/${id}`);
    expect([created.variant, created.length, created.daysPerTurn, created.opponent]).toEqual([
      'backgammon',
      5,
      3,
      'bot-easy',
    ]);
    expect(created.rules.cube).toBe(true);
    // The bot joins on its own.
    let view = await matchView(web.baseUrl, id);
    while (view.status === 'invited') view = await nextVersion(web.baseUrl, id, view.version);
    expect(view.status).toBe('playing');

    await page.goto(new URL('/lobby', web.baseUrl).toString());
    await section.getByLabel('Long nardy').check();
    await section.getByRole('button', { name: 'Play bot', exact: true }).waitFor({ state: 'visible' });
    expect(await section.getByRole('button', { name: 'Play gnubg' }).count()).toBe(0);
    await section.getByRole('button', { name: 'Play bot', exact: true }).click();
    await page.waitForURL((url) => /\/matches\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(id));
    const nardy = await getJson<CreatedJson>(web.baseUrl, `/api/matches/${page.url().split('/').pop()!}`);
    expect([nardy.variant, nardy.rules.cube, nardy.opponent]).toEqual(['long-nardy', false, 'bot']);
    expectNoPageErrors(page);
  });

  it('does not scroll sideways at 360 px, its tables reflowing', async () => {
    const ben = await registerUser(web.baseUrl, 'lobby_ben', PASSWORD);
    await registerUser(web.baseUrl, 'lobby_cleo_long_name_24', PASSWORD);
    // Rows in the lists: an invitation to a person and a match against a bot.
    for (const opponent of ['lobby_cleo_long_name_24', 'bot-easy'])
      await postJson(
        web.baseUrl,
        '/api/matches',
        { variant: 'long-nardy', length: 7, daysPerTurn: 3, opponent },
        ben.token,
      );
    const context = await web.person(PHONE);
    await signInPage(context, web.baseUrl, 'lobby_ben', PASSWORD);
    const page = await web.open('/lobby', context);
    await page.locator('section.play-bot button').first().waitFor({ state: 'visible' });
    await page.getByText('lobby_cleo_long_name_24').first().waitFor({ state: 'visible' });
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(PHONE.width);
    // No cell of the lists is cut off: each lies within the screen.
    const cells = await page.locator('main .match-table td, main .match-table th[scope="row"]').all();
    expect(cells.length).toBeGreaterThan(4);
    for (const cell of cells) {
      const box = await cell.boundingBox();
      expect(box === null || box.x + box.width <= PHONE.width).toBe(true);
    }
    await screenshot(page, 'lobby-phone');
    expectNoPageErrors(page);
  });
});
