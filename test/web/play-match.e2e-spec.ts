/**
 * People play whole matches in a real browser (issue: "Play in the browser"): they sign up on the
 * sign-up page, create and join matches in the lobby, and make every decision on the match page, the
 * plays by clicking checkers and points on the board. The test reads the match through the API only
 * to know whose turn it is and which plays are legal (the contract), and takes the first legal play.
 * Screenshots of key moments go to test-artifacts/web/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  screenshot,
  tokenFor,
  useWebHarness,
  type AccountSession,
} from './support/index.js';
import {
  legalPlays,
  matchView,
  nextVersion,
  pageAt,
  playByClicking,
  settled,
  press,
  type MatchView,
} from './support/match-driver.js';

const PASSWORD = 'browser-password-1';
/** A whole game takes a few hundred clicks and waits. */
const MATCH_TIMEOUT = 600_000;

async function signUp(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/lobby$/);
}

/** Creates a match on the lobby's form and returns its id (the page goes to the match). */
async function createMatch(
  page: Page,
  opponent: { readonly person: string } | { readonly bot: string },
  variant: 'Backgammon' | 'Long nardy',
  points = 1,
): Promise<string> {
  if ('person' in opponent) {
    await page.getByLabel('A person').check();
    await page.getByLabel('Their username').fill(opponent.person);
  } else {
    await page.getByLabel('A house bot').check();
    await page.getByLabel('House bot', { exact: true }).selectOption(opponent.bot);
  }
  await page.getByLabel('Variant').selectOption({ label: variant });
  await page.getByLabel('Points to win').fill(String(points));
  await page.getByRole('button', { name: 'Create match' }).click();
  await page.waitForURL(/\/matches\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() as string;
}

interface Seat {
  readonly page: Page;
  readonly session: AccountSession;
}

/**
 * Plays the match to its end: on each turn the page of the person to act shows the state the API
 * gives, and that person presses what the plan says (double once, when `doubler` may; take any
 * double; else roll or play the first legal play on the board). `others` act by themselves (a bot).
 * The person lands the opponent's play with a click on the board rather than watching it animated
 * step by step: waiting out the animations took most of this file's time (last-play.e2e-spec.ts
 * tests both the animation and the click).
 */
async function playToTheEnd(
  baseUrl: string,
  id: string,
  seats: Partial<Record<'white' | 'black', Seat>>,
  plan: { readonly doubler?: 'white' | 'black' },
  shots: { first?: string; cube?: string } = {},
): Promise<{ view: MatchView; doubled: boolean; taken: boolean; plays: number }> {
  let view = await matchView(baseUrl, id);
  let doubled = false;
  let taken = false;
  let plays = 0;
  while (view.status === 'playing') {
    const colour = view.turn.player;
    const seat = colour === null ? undefined : seats[colour];
    if (seat === undefined) {
      view = await nextVersion(baseUrl, id, view.version);
      continue;
    }
    const mine = await settled(baseUrl, seat.page, id, seat.session, { land: true });
    if (mine.turn.player !== colour || mine.status !== 'playing') {
      view = mine;
      continue;
    }
    const { actions } = mine;
    if (actions.includes('double') && plan.doubler === colour && !doubled) {
      await press(seat.page, 'Double');
      doubled = true;
    } else if (actions.includes('take')) {
      await press(seat.page, 'Take');
      taken = true;
      if (shots.cube !== undefined) {
        await nextVersion(baseUrl, id, mine.version);
        await settled(baseUrl, seat.page, id, seat.session, { land: true });
        await screenshot(seat.page, shots.cube);
      }
    } else if (actions.includes('roll')) {
      await press(seat.page, 'Roll');
    } else if (actions.includes('plays')) {
      const [play] = await legalPlays(baseUrl, id, seat.session);
      if (plays === 0 && shots.first !== undefined) {
        await hitFirst(seat.page, play.moves[0].from);
        await screenshot(seat.page, shots.first);
        // Put the checker back: the play below picks it again.
        await seat.page.keyboard.press('Escape');
      }
      await playByClicking(seat.page, play.moves);
      plays++;
    } else {
      throw new Error(`nothing to do for ${colour} in ${JSON.stringify(actions)}`);
    }
    view = await nextVersion(baseUrl, id, mine.version);
  }
  return { view, doubled, taken, plays };
}

/** Selects a checker (the board then marks where it may go), for a screenshot. */
async function hitFirst(page: Page, from: number): Promise<void> {
  await page.locator(`main .play-area svg [role="button"][data-hit="${from}"]`).first().click();
}

describeInBrowser('playing in the browser', () => {
  const web = useWebHarness();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it(
    'two people sign up, invite and join in the lobby, and play a 2-point backgammon match to the end by clicking on the board, with a double and a take',
    async () => {
      const [alice, bob] = [await web.person(), await web.person()];
      contexts.push(alice, bob);
      const alicePage = await web.open('/signup', alice);
      await signUp(alicePage, 'alice-web');
      const bobPage = await web.open('/signup', bob);
      await signUp(bobPage, 'bob-web');

      await axeCheck(alicePage, 'lobby');
      const id = await createMatch(alicePage, { person: 'bob-web' }, 'Backgammon', 2);
      await bobPage.reload();
      const invitation = bobPage.getByRole('button', { name: /^Join/ }).first();
      await invitation.click();
      await bobPage.waitForURL(new RegExp(`/matches/${id}$`));

      const sessions = {
        alice: await tokenFor(web.baseUrl, 'alice-web', PASSWORD),
        bob: await tokenFor(web.baseUrl, 'bob-web', PASSWORD),
      };
      const start = await matchView(web.baseUrl, id, sessions.alice);
      const aliceColour = start.you as 'white' | 'black';
      const bobColour = aliceColour === 'white' ? 'black' : 'white';
      const seats = {
        [aliceColour]: { page: alicePage, session: sessions.alice },
        [bobColour]: { page: bobPage, session: sessions.bob },
      };
      await pageAt(alicePage, start.version);
      await axeCheck(alicePage, 'match page, playing');

      const { view, doubled, taken, plays } = await playToTheEnd(
        web.baseUrl,
        id,
        seats,
        { doubler: aliceColour },
        { first: 'backgammon-checker-picked', cube: 'backgammon-double-taken' },
      );
      expect(doubled).toBe(true);
      expect(taken).toBe(true);
      expect(plays).toBeGreaterThan(10);
      expect(view.status).toBe('finished');

      // Both pages show the end, with the fairness panel's verdict on every throw.
      for (const page of [alicePage, bobPage]) {
        await pageAt(page, view.version);
        await page.getByTestId('fairness-verdict').waitFor();
        await expect(page.getByTestId('fairness-verdict').textContent()).resolves.toMatch(/^All \d+ throws match/);
      }
      await screenshot(alicePage, 'backgammon-match-over');
      await axeCheck(alicePage, 'match page, finished');

      // The replay: the first position of the match, then the last.
      await alicePage.getByText('Replay', { exact: true }).click();
      const label = alicePage.getByTestId('replay-label');
      await alicePage.getByRole('button', { name: 'First', exact: true }).click();
      await expect(label.textContent()).resolves.toMatch(/^Game 1, /);
      await alicePage.locator('main .play-area[data-replay="true"] svg').waitFor();
      await screenshot(alicePage, 'backgammon-replay-first-position');
      await axeCheck(alicePage, 'match page, replay open');

      // Every other page, as it stands after a finished match.
      for (const [path, what] of [
        [`/matches/${id}/games`, 'games and turns'],
        ['/users/alice-web', 'profile'],
        ['/users/alice-web/versus/bob-web', 'head to head'],
        ['/account', 'account'],
        ['/leaderboard', 'leaderboard'],
        ['/lobby', 'lobby'],
      ] as const) {
        await alicePage.goto(web.url(path));
        await alicePage.locator('main h1').waitFor();
        // Loaded: no list is still showing its loading line (the lobby keeps a stream open, so the
        // network never goes idle).
        await alicePage.locator('main .loading').first().waitFor({ state: 'detached' });
        await axeCheck(alicePage, what);
      }
      await alicePage.goto(web.url(`/matches/${id}/games`));
      await alicePage.locator('main table').first().waitFor();
      await screenshot(alicePage, 'backgammon-games-and-turns');
      expectNoPageErrors(alicePage);
      expectNoPageErrors(bobPage);
    },
    MATCH_TIMEOUT,
  );

  it(
    'a person plays a 1-point long-nardy match against bot-easy to the end by clicking on the board',
    async () => {
      const carol = await web.person();
      contexts.push(carol);
      const page = await web.open('/signup', carol);
      await signUp(page, 'carol-web');
      const id = await createMatch(page, { bot: 'bot-easy' }, 'Long nardy');
      const session = await tokenFor(web.baseUrl, 'carol-web', PASSWORD);
      let view = await matchView(web.baseUrl, id, session);
      while (view.status === 'invited') view = await nextVersion(web.baseUrl, id, view.version);
      const colour = (await matchView(web.baseUrl, id, session)).you as 'white' | 'black';
      const result = await playToTheEnd(
        web.baseUrl,
        id,
        { [colour]: { page, session } },
        {},
        { first: 'long-nardy-checker-picked' },
      );
      expect(result.view.status).toBe('finished');
      expect(result.plays).toBeGreaterThan(10);
      await pageAt(page, result.view.version);
      await page.getByTestId('fairness-verdict').waitFor();
      await expect(page.getByTestId('fairness-verdict').textContent()).resolves.toMatch(/^All \d+ throws match/);
      await screenshot(page, 'long-nardy-match-over');
      expectNoPageErrors(page);
    },
    MATCH_TIMEOUT,
  );
});
