/**
 * The replay on the match's own board (docs/architecture.md, "Web client"), in Chromium against the
 * real service: turn by turn (a throw and its play are one stop), stepped with the arrow keys, Home and
 * End, each turn's play marked on the board, and Escape back to the live position.
 */
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
import { getJson, legalPlays, matchView, pageAt } from './support/match-driver.js';

const PASSWORD = 'replay-password-1';

describeInBrowser('the replay on the match page', () => {
  const web = useWebHarness();

  it('steps turn by turn on the main board with the arrow keys, the play marked, and Escape goes back to live', async () => {
    const alice = await registerUser(web.baseUrl, 'replay_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'replay_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 5 });
    const players = { white: alice, black: bob };
    // Six plays, each side rolling in turn (the first after the opening throw).
    for (let plays = 0; plays < 6;) {
      const view = await matchView(web.baseUrl, id);
      const who = players[view.turn.player!];
      if (view.turn.awaiting === 'roll') await postJson(web.baseUrl, `/api/matches/${id}/roll`, {}, who.token);
      else {
        const [play] = await legalPlays(web.baseUrl, id, who);
        await postJson(web.baseUrl, `/api/matches/${id}/plays`, { moves: play.moves }, who.token);
        plays++;
      }
    }
    const log = await getJson<{ events: { type: string }[] }>(web.baseUrl, `/api/matches/${id}/events?limit=1000`);
    const throws = log.events.filter((e) => e.type === 'roll' || e.type === 'opening-roll').length;
    const live = await matchView(web.baseUrl, id, alice);

    const context = await web.person();
    await signInPage(context, web.baseUrl, 'replay_alice', PASSWORD);
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, live.version);
    await page.getByText('Replay', { exact: true }).click();
    const label = page.getByTestId('replay-label');
    const position = page.locator('label[for="replay-slider"]');
    const replaying = page.locator('main .play-area[data-replay="true"]');
    await replaying.waitFor();

    // One stop a turn: as many as throws (no cube action here), the last first.
    expect(await position.textContent()).toBe(`Turn ${throws} of ${throws}`);
    await page.keyboard.press('Home');
    await page.locator('label[for="replay-slider"]', { hasText: `Turn 1 of ${throws}` }).waitFor();
    expect(await label.textContent()).toMatch(/^Game 1, opening roll: replay_alice \d, replay_bob \d/);
    // Past the tied opening throws (each a stop), the opening throw and its play are one stop.
    let turn = 1;
    while (!/; replay_\w+ plays \S/.test((await label.textContent()) ?? '') && turn < throws) {
      await page.keyboard.press('ArrowRight');
      turn++;
      await page.locator('label[for="replay-slider"]', { hasText: `Turn ${turn} of ${throws}` }).waitFor();
    }
    expect(await label.textContent()).toMatch(
      /^Game 1, opening roll: replay_alice \d, replay_bob \d; replay_\w+ plays \S/,
    );
    const marks = page.locator('main .play-area svg line[data-last-play]');
    await marks.first().waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await page.locator('label[for="replay-slider"]', { hasText: `Turn ${turn + 1} of ${throws}` }).waitFor();
    expect(await label.textContent()).toMatch(/^Game 1, replay_\w+ rolls \d-\d; replay_\w+ plays \S/);
    await marks.first().waitFor({ state: 'attached' });
    // The board shows that turn (its label names it); while replaying, no decision can be taken.
    const shown = `The board after: ${(await label.textContent()) ?? ''}`;
    await page.locator(`main .play-area svg[aria-label=${JSON.stringify(shown)}]`).waitFor();
    expect(await page.locator('main .match-side .action-bar button:not([disabled])').count()).toBe(0);
    await screenshot(page, 'replay-on-the-board');
    await axeCheck(page, 'the match page replaying a turn');
    await page.keyboard.press('End');
    await page.locator('label[for="replay-slider"]', { hasText: `Turn ${throws} of ${throws}` }).waitFor();

    await page.keyboard.press('Escape');
    await page.locator('main .play-area[data-replay="false"]').waitFor();
    expectNoPageErrors(page);
  });
});
