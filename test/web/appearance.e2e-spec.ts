/**
 * Dark mode and the sound of a play (docs/architecture.md, "Web client"), in Chromium against the
 * real service: the pages follow the system's dark setting unless the account page's choice says
 * otherwise (kept after a reload), with axe's contrast checks passing in dark; and with the sound on,
 * an opponent's play makes one.
 */
import type { Page } from 'playwright-core';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  postJson,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';
import { legalPlays, matchView, pageAt } from './support/match-driver.js';

const PASSWORD = 'appearance-password-1';
/** styles.css's --paper, light and dark, as the browser computes the root's background. */
const LIGHT = 'rgb(255, 253, 248)';
const DARK = 'rgb(24, 23, 22)';

const background = (page: Page): Promise<string> =>
  page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor');

describeInBrowser('the look and sound of the web client', () => {
  const web = useWebHarness();

  it('follows the system’s dark setting, and the account page’s choice over it, kept after a reload', async () => {
    const erin = await registerUser(web.baseUrl, 'look_erin', PASSWORD);
    const finn = await registerUser(web.baseUrl, 'look_finn', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, erin, finn, { variant: 'backgammon', length: 3 });
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'look_erin', PASSWORD);
    const page = await web.open('/lobby', context);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('main h1').waitFor();
    expect(await background(page)).toBe(DARK);
    await axeCheck(page, 'the lobby, dark');
    await page.goto(web.url(`/matches/${id}`));
    await page.locator('main .play-area svg').waitFor();
    expect(await background(page)).toBe(DARK);
    await screenshot(page, 'match-page-dark');
    await axeCheck(page, 'the match page, dark');

    await page.goto(web.url('/account'));
    await page.getByLabel('Light', { exact: true }).check();
    expect(await background(page)).toBe(LIGHT);
    await page.reload();
    await page.getByLabel('Light', { exact: true }).waitFor();
    expect(await background(page)).toBe(LIGHT);

    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Dark', { exact: true }).check();
    expect(await background(page)).toBe(DARK);
    await axeCheck(page, 'the account page, dark');
    await page.getByLabel('As the system is set').check();
    expect(await background(page)).toBe(LIGHT);
    expectNoPageErrors(page);
  });

  it('makes a sound when the opponent plays, once it is turned on', async () => {
    const gus = await registerUser(web.baseUrl, 'sound_gus', PASSWORD);
    const hal = await registerUser(web.baseUrl, 'sound_hal', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, gus, hal, { variant: 'backgammon', length: 3 });
    const view = await matchView(web.baseUrl, id);
    // The listener is the player not on turn: the one on turn plays through the API.
    const [listener, player] = view.turn.player === 'white' ? ['sound_hal', gus] : ['sound_gus', hal];
    const context = await web.person();
    await signInPage(context, web.baseUrl, listener, PASSWORD);
    const account = await web.open('/account', context);
    await account.getByRole('checkbox', { name: /^A sound when the opponent plays/ }).check();
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, view.version);
    await page.locator('main h1').click();

    const [play] = await legalPlays(web.baseUrl, id, player);
    await postJson(web.baseUrl, `/api/matches/${id}/plays`, { moves: play.moves }, player.token);
    await page.locator('body[data-sounds-played="1"]').waitFor({ state: 'attached' });
    expectNoPageErrors(page);
  });
});
