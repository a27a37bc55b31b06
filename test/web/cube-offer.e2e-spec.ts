/**
 * The Double button (docs/architecture.md, "Web client"), in Chromium against the real service: a
 * secondary button beside Roll where a double can change the match, and none where it cannot (a
 * 1-point match: every game decides it), though the rules allow it there (`actions` lists it).
 */
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  expectNoPageErrors,
  registerUser,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';
import { pageAt, playUntil, type MatchView } from './support/match-driver.js';

const PASSWORD = 'cube-offer-password-1';

describeInBrowser('the Double button', () => {
  const web = useWebHarness();

  async function pageOf(username: string, id: string, view: MatchView): Promise<Page> {
    const context = await web.person();
    await signInPage(context, web.baseUrl, username, PASSWORD);
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, view.version);
    await page.getByRole('button', { name: 'Roll', exact: true }).waitFor({ state: 'visible' });
    return page;
  }

  it('is a secondary button beside Roll in a 3-point match, and not offered in a 1-point match', async () => {
    const alice = await registerUser(web.baseUrl, 'cube_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'cube_bob', PASSWORD);
    const players = { white: alice, black: bob };

    const three = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 3 });
    const live = await playUntil(web.baseUrl, three, players, 'white', 'roll');
    expect(live.actions).toContain('double');
    const page = await pageOf('cube_alice', three, live);
    const double = page.getByRole('button', { name: 'Double', exact: true });
    expect(await double.getAttribute('class')).toContain('secondary');
    // Roll is the primary button: no class of its own.
    expect(await page.getByRole('button', { name: 'Roll', exact: true }).getAttribute('class')).toBeNull();
    expectNoPageErrors(page);

    const one = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 1 });
    const dead = await playUntil(web.baseUrl, one, players, 'white', 'roll');
    expect(dead.actions).toContain('double');
    const onePage = await pageOf('cube_alice', one, dead);
    expect(await onePage.getByRole('button', { name: 'Double', exact: true }).count()).toBe(0);
    expectNoPageErrors(onePage);
  });
});
