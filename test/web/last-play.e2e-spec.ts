/**
 * The opponent's play on the match page (docs/architecture.md, "Web client"), in Chromium against the
 * real service: it is animated with every decision locked until it lands (a click on the board lands
 * it at once), the summary showing the animated board's pips; then the play stays in view, written
 * out ("bob played 6-4: 24/14") and marked on the board, after a reload too.
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
  type AccountSession,
} from './support/index.js';
import { getJson, legalPlays, matchView, pageAt, playUntil, type MoveJson } from './support/match-driver.js';

const PASSWORD = 'last-play-password-1';

interface LastPlayJson {
  readonly by: 'white' | 'black';
  readonly dice: readonly number[];
  readonly moves: readonly MoveJson[];
  readonly text: string;
}

interface StateJson {
  readonly version: number;
  readonly status: string;
  readonly turn: { readonly player: 'white' | 'black' | null; readonly awaiting: string | null };
  readonly game: { readonly lastPlay: LastPlayJson | null; readonly pips: { white: number; black: number } };
}

/** What the page's window is given to watch the frames (the tests' types have no DOM). */
interface FrameWatch {
  framesSeen: string[];
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
}

describeInBrowser('the opponent’s last play on the match page', () => {
  const web = useWebHarness();

  /** Bob's play, the longest the roll allows (so the animation has steps to see). */
  async function bobPlays(id: string, bob: AccountSession): Promise<void> {
    const plays = await legalPlays(web.baseUrl, id, bob);
    const longest = plays.reduce((a, b) => (b.moves.length > a.moves.length ? b : a));
    await postJson(web.baseUrl, `/api/matches/${id}/plays`, { moves: longest.moves }, bob.token);
  }

  const lastPlayLine = (page: Page) => page.getByTestId('last-play');
  const marks = (page: Page) => page.locator('main .play-area svg line[data-last-play]');
  const holder = (page: Page) => page.locator('main .board-holder');

  it('locks every decision while bob’s play is animated, then shows it written and marked, after a reload too', async () => {
    const alice = await registerUser(web.baseUrl, 'last_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'last_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 5 });
    const players = { white: alice, black: bob };
    const before = await playUntil(web.baseUrl, id, players, 'black', 'play');

    const context = await web.person();
    await signInPage(context, web.baseUrl, 'last_alice', PASSWORD);
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, before.version);

    await bobPlays(id, bob);
    await holder(page).and(page.locator('[data-animating="true"]')).waitFor({ timeout: 20_000 });
    // While it runs: no button of the match can be pressed, the turn line waits, the pips are the board's.
    // Talk is no decision of the match: the messages panel and the tools about the opponent stay open.
    const live = page.locator(
      'main .match-side button:not([disabled]):not(.messages-panel button):not(.opponent-tools button)',
    );
    expect(await live.count()).toBe(0);
    expect(await page.locator('main .match-side .messages-panel button:not([disabled])').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('turn-line').textContent()).toContain('last_bob plays…');
    expect(await lastPlayLine(page).count()).toBe(0);
    await holder(page).and(page.locator('[data-animating="false"]')).waitFor({ timeout: 20_000 });

    const after = await matchView(web.baseUrl, id, alice);
    const state = await getJson<StateJson>(web.baseUrl, `/api/matches/${id}`);
    const last = state.game.lastPlay;
    expect(last?.by).toBe('black');
    const written = `last_bob played ${last!.dice.join('-')}: ${last!.text}.`;
    await pageAt(page, after.version);
    expect(await lastPlayLine(page).textContent()).toBe(written);
    expect(await marks(page).count()).toBe(last!.moves.length);
    // Landed: Alice's decisions are live again (her roll, or her double).
    await page.getByRole('button', { name: 'Roll', exact: true }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Roll', exact: true }).isDisabled()).toBe(false);
    await screenshot(page, 'last-play-after-landing');
    await axeCheck(page, 'the match page with the last play');

    // A fresh load knows the play too: the same line, the same marks.
    await page.reload();
    await pageAt(page, after.version);
    expect(await lastPlayLine(page).textContent()).toBe(written);
    expect(await marks(page).count()).toBe(last!.moves.length);

    // The lobby's "My turn" list says it too.
    await page.goto(web.url('/lobby'));
    const row = page.locator('main .match-table tbody tr', { hasText: 'last_bob' }).first();
    await row.locator('td[data-label="Last play"]', { hasText: written.slice(0, -1) }).waitFor();
    expectNoPageErrors(page);
  });

  it('lands an animation at once on a click on the board', async () => {
    const alice = await registerUser(web.baseUrl, 'click_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'click_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 5 });
    const before = await playUntil(web.baseUrl, id, { white: alice, black: bob }, 'black', 'play');
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'click_alice', PASSWORD);
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, before.version);

    // The frames the board shows, as they come (a frame index, then `landed`).
    await holder(page).evaluate((node: unknown) => {
      const element = node as { getAttribute(name: string): string | null };
      const scope = globalThis as unknown as FrameWatch;
      const seen: string[] = [];
      scope.framesSeen = seen;
      new scope.MutationObserver(() => seen.push(element.getAttribute('data-frame') ?? '')).observe(element, {
        attributes: true,
        attributeFilter: ['data-frame'],
      });
    });
    await bobPlays(id, bob);
    const state = await getJson<StateJson>(web.baseUrl, `/api/matches/${id}`);
    const frames = state.game.lastPlay!.moves.length + 1;
    // A frame lasts a few hundred milliseconds, shorter than a locator's polling may wait between
    // looks: the observer's record is read instead, and the board clicked as soon as one is seen.
    const framesSeen = () => page.evaluate(() => (globalThis as unknown as FrameWatch).framesSeen);
    for (let waited = 0; !(await framesSeen()).some((f) => f !== 'landed'); waited += 10) {
      if (waited > 20_000) throw new Error('the play was never animated');
      await page.waitForTimeout(10);
    }
    await holder(page).click({ position: { x: 20, y: 20 } });
    await page.locator('main .board-holder[data-frame="landed"]').waitFor({ timeout: 20_000 });
    const seen = await framesSeen();
    // Landed straight from an early frame: not every frame of the play was shown.
    expect(seen[seen.length - 1]).toBe('landed');
    expect(new Set(seen.filter((f) => f !== 'landed')).size).toBeLessThan(frames);
    await lastPlayLine(page).waitFor({ state: 'visible' });
    expectNoPageErrors(page);
  });
});
