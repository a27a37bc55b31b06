/**
 * One-click moves and the dice drawn faded (docs/architecture.md, "Web client"), in Chromium against
 * the real service: with "Move a checker with one click" on (the account page; kept in this browser),
 * a click on a checker moves it by the larger die it can use, that die is drawn faded, and a second
 * click moves a checker by the other die, completing the play.
 */
import {
  describeInBrowser,
  expectNoPageErrors,
  postJson,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';
import { getJson, hit, legalPlays, matchView, nextVersion, pageAt } from './support/match-driver.js';

const PASSWORD = 'one-click-password-1';

describeInBrowser('one-click moves', () => {
  const web = useWebHarness();

  it('move a checker by the larger die on a click, fade that die, and complete the play on a second click', async () => {
    const alice = await registerUser(web.baseUrl, 'click1_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'click1_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 3 });
    const view = await matchView(web.baseUrl, id);
    const mover = view.turn.player === 'white' ? 'click1_alice' : 'click1_bob';
    const context = await web.person();
    await signInPage(context, web.baseUrl, mover, PASSWORD);

    const account = await web.open('/account', context);
    await account.getByRole('checkbox', { name: /^Move a checker with one click/ }).check();
    await account.close();

    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, view.version);
    const dice = (await getJson<{ game: { dice: number[] } }>(web.baseUrl, `/api/matches/${id}`)).game.dice;
    const [larger, smaller] = [Math.max(...dice), Math.min(...dice)];
    // From the mid-point (13): 7 to 11 are open at the start, whatever the larger die of an opening throw.
    await hit(page, 13).click();
    const faded = page.locator('main .play-area svg g[data-used]');
    await faded.first().waitFor({ state: 'attached' });
    expect(await faded.count()).toBe(1);
    await page.getByText(`So far: 13/${13 - larger}.`).waitFor();
    await screenshot(page, 'one-click-first-die');

    // The other die: 13 again (with a 1, 13/12 lands on the opponent's 13: the moved checker goes on).
    await hit(page, smaller === 1 ? 13 - larger : 13).click();
    await page.getByText(/^Ready: .*Confirm to play it\.$/).waitFor();
    expect(await faded.count()).toBe(2);
    const confirm = page.getByRole('button', { name: /^Confirm / });
    expect(await confirm.isDisabled()).toBe(false);
    expectNoPageErrors(page);
  });
  it('auto-roll: rolls for the person where a double cannot change anything (a 1-point match), and only with it on', async () => {
    const alice = await registerUser(web.baseUrl, 'roll_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'roll_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 1 });
    // The opening player plays; then the other must roll (or double, which the rules allow but cannot matter).
    const opening = await matchView(web.baseUrl, id);
    const [first, second] = opening.turn.player === 'white' ? [alice, bob] : [bob, alice];
    const [play] = await legalPlays(web.baseUrl, id, first);
    await postJson(web.baseUrl, `/api/matches/${id}/plays`, { moves: play.moves }, first.token);
    const toRoll = await matchView(web.baseUrl, id, second);
    expect(toRoll.actions).toEqual(expect.arrayContaining(['roll', 'double']));

    const context = await web.person();
    await signInPage(context, web.baseUrl, second.username, PASSWORD);
    // Off: the page waits for a click on Roll.
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, toRoll.version);
    await page.getByRole('button', { name: 'Roll', exact: true }).waitFor({ state: 'visible' });
    expect((await matchView(web.baseUrl, id)).version).toBe(toRoll.version);

    const account = await web.open('/account', context);
    await account.getByRole('checkbox', { name: /^Roll for me when a double cannot change anything/ }).check();
    await account.close();
    await page.reload();
    // On: the page rolls by itself; the dice are there to play.
    const rolled = await nextVersion(web.baseUrl, id, toRoll.version);
    expect(rolled.turn.awaiting).toBe('play');
    expectNoPageErrors(page);
  });
});
