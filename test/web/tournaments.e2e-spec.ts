/**
 * Tournaments in the browser (issue 26; docs/tournaments.md), in Chromium against the real service: a
 * person enters a knock-out from the tournaments page, the organiser adds a house bot and starts it
 * from the tournament's page, the person plays their first-round match against bot-easy on the board
 * (reaching it from the bracket, and back through the match page's link), and the bracket moves the
 * winner into the final, live. The other semi-final is decided over HTTP (one player leaves). The
 * new-tournament form shows the server's refusals by field, and creates; a round-robin shows its
 * crosstable and standings; the pages fit 360 px. The test reads matches through the API only to know
 * whose turn it is and which plays are legal; every decision of the person is made on the page.
 */
import type { Page } from 'playwright-core';
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
  type AccountSession,
} from './support/index.js';
import { legalPlays, matchView, nextVersion, playByClicking, press, settled } from './support/match-driver.js';
import {
  createTournament,
  enter,
  leave,
  pairingOf,
  start,
  tournamentOf,
  untilMatchesCreated,
  type TournamentJson,
} from './support/tournament-driver.js';

const PASSWORD = 'tournaments-password-1';
/** A 1-point game against a bot, played click by click, with the relay and the page's stream around it. */
const PLAY_TIMEOUT = 400_000;

/** The round in which Erin and Fred meet. */
function erinAgainstFred(tournament: TournamentJson): number {
  const round = tournament.rounds.find((r) =>
    r.matches.some((m) => m.players.includes('tour_erin') && m.players.includes('tour_fred')),
  );
  if (round === undefined) throw new Error(`tour_erin and tour_fred never meet: ${JSON.stringify(tournament)}`);
  return round.number;
}

/** Nothing on the page lies beyond the screen's right edge but inside the regions made to scroll sideways. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The person plays the match on `page` to its end: a roll or the first legal play, by the buttons and
 * by clicking on the board, whenever it is their turn; the bot plays its own. Answers the winner's name.
 */
async function playAgainstTheBot(baseUrl: string, page: Page, id: string, person: AccountSession): Promise<string> {
  for (;;) {
    const view = await matchView(baseUrl, id, person);
    if (view.status !== 'playing') {
      const colour = view.result?.winner;
      const winner = colour == null ? undefined : view.players[colour]?.username;
      if (winner === undefined) throw new Error(`match ${id} ended with no winner: ${JSON.stringify(view)}`);
      return winner;
    }
    if (view.turn.player !== view.you) {
      await nextVersion(baseUrl, id, view.version);
      continue;
    }
    const mine = await settled(baseUrl, page, id, person, { land: true });
    if (mine.status !== 'playing' || mine.turn.player !== mine.you) continue;
    if (mine.actions.includes('roll')) await press(page, 'Roll');
    else if (mine.actions.includes('plays'))
      await playByClicking(page, (await legalPlays(baseUrl, id, person))[0].moves);
    else throw new Error(`nothing to do in ${JSON.stringify(mine.actions)}`);
    await nextVersion(baseUrl, id, mine.version);
  }
}

describeInBrowser('tournaments in the browser', () => {
  // The relay records a finished match's result within a fifth of a second; a dozen sign-ins from one address.
  const web = useWebHarness({ TOURNAMENTS_POLL_MS: '200', AUTH_THROTTLE_LIMIT: '1000' });

  it(
    'a person enters a knock-out, plays their semi-final against bot-easy on the board, and sees the winner move into the final',
    async () => {
      const olga = await registerUser(web.baseUrl, 'tour_olga', PASSWORD);
      const bob = await registerUser(web.baseUrl, 'tour_bob', PASSWORD);
      const cleo = await registerUser(web.baseUrl, 'tour_cleo', PASSWORD);
      await registerUser(web.baseUrl, 'tour_ann', PASSWORD);
      // Everyone at 1500: the seeds follow the order of entry, and seeds 2 and 3 meet in the first round.
      const id = await createTournament(web.baseUrl, olga, {
        name: 'Winter cup',
        variant: 'backgammon',
        format: 'knockout',
        lengths: [1],
        daysPerTurn: 3,
        maxPlayers: 4,
        rated: false,
        botsAllowed: true,
      });
      await enter(web.baseUrl, id, bob);

      // Ann enters from the tournaments page.
      const annContext = await web.person();
      const ann = await signInPage(annContext, web.baseUrl, 'tour_ann', PASSWORD);
      const page = await web.open('/tournaments', annContext);
      const row = page.locator('main tr', { has: page.getByRole('link', { name: 'Winter cup' }) });
      await row.getByRole('button', { name: 'Enter' }).waitFor();
      await screenshot(page, 'tournaments-list');
      await axeCheck(page, 'the tournaments page');
      await row.getByRole('button', { name: 'Enter' }).click();
      await row.getByText('You have entered').waitFor();
      await row.getByRole('link', { name: 'Winter cup' }).click();
      await page.waitForURL(new RegExp(`/tournaments/${id}$`));
      await page.getByRole('button', { name: 'Withdraw' }).waitFor();
      await page.getByText('Live: the page follows the tournament.').waitFor();

      // The organiser adds bot-easy and starts it from the tournament's page; Cleo enters between.
      const olgaContext = await web.person();
      await signInPage(olgaContext, web.baseUrl, 'tour_olga', PASSWORD);
      const organiser = await web.open(`/tournaments/${id}`, olgaContext);
      await organiser.getByRole('button', { name: 'Add the house bot bot-easy' }).click();
      await organiser.getByRole('row', { name: /bot-easy/ }).waitFor();
      await enter(web.baseUrl, id, cleo);
      await organiser.getByRole('row', { name: /tour_cleo/ }).waitFor();
      await screenshot(organiser, 'tournament-open-organiser');
      await axeCheck(organiser, 'an open tournament, as its organiser sees it');
      await organiser.getByRole('button', { name: 'Start now' }).click();
      await organiser.locator('.tournament-page[data-status="running"]').waitFor();

      // Ann's page follows: the bracket, Ann against bot-easy and Bob against Cleo in the semi-finals.
      await page.locator('.tournament-page[data-status="running"]').waitFor();
      const started = await untilMatchesCreated(web.baseUrl, id);
      const semi = pairingOf(started, 1, 'tour_ann');
      expect([...semi.players].sort()).toEqual(['bot-easy', 'tour_ann']);
      expect([...pairingOf(started, 1, 'tour_bob').players].sort()).toEqual(['tour_bob', 'tour_cleo']);
      const bracket = page.locator('.bracket');
      await expect(bracket.locator('h3').allTextContents()).resolves.toEqual([
        'Semi-finals · 1 point',
        'Final · 1 point',
      ]);
      // Her own pairing is marked, and the way to her match is at the top.
      await bracket.locator(`.bracket-match.mine[data-round="1"][data-slot="${semi.slot}"]`).waitFor();
      await page.getByRole('link', { name: 'Go to your match: Semi-finals' }).waitFor();
      await screenshot(page, 'tournament-bracket-started');
      await axeCheck(page, 'a knock-out under way');

      // Cleo leaves her match: Bob goes through to the final, and Ann's page shows him there.
      const other = pairingOf(started, 1, 'tour_cleo');
      await leave(web.baseUrl, other, cleo);
      await bracket.locator('[data-round="2"] [data-player="tour_bob"]').waitFor({ timeout: 30_000 });
      await bracket.locator(`[data-round="1"][data-slot="${other.slot}"][data-winner="tour_bob"]`).waitFor();

      // Ann opens her match from the bracket; its page leads back to the tournament.
      const pairing = bracket.locator(`[data-round="1"][data-slot="${semi.slot}"]`);
      await pairing.getByRole('link', { name: `Match ${semi.slot + 1}` }).click();
      await page.waitForURL(new RegExp(`/matches/${semi.matchId}$`));
      const back = page.getByRole('link', { name: 'Winter cup' });
      await back.waitFor();
      expect(await page.locator('.tournament-link').textContent()).toBe(
        'A match of the tournament Winter cup: Semi-finals',
      );
      const winner = await playAgainstTheBot(web.baseUrl, page, semi.matchId!, ann);
      await page.locator('[data-testid="end-panel"]').waitFor();
      await screenshot(page, 'tournament-match-over');

      // Back on the tournament's page, the winner has moved into the final, against Bob.
      await back.click();
      await page.waitForURL(new RegExp(`/tournaments/${id}$`));
      await bracket.locator(`[data-round="1"][data-slot="${semi.slot}"][data-winner="${winner}"]`).waitFor({
        timeout: 30_000,
      });
      const final = bracket.locator('[data-round="2"][data-slot="0"]');
      await final.locator(`[data-player="${winner}"]`).waitFor();
      await final.locator('[data-player="tour_bob"]').waitFor();
      await final.getByRole('link', { name: 'Match 1' }).waitFor();
      const advanced = await tournamentOf(web.baseUrl, id);
      expect(advanced.rounds[1].matches[0].players).toEqual(['tour_bob', winner]);
      await expect(page.locator('.standings tbody tr').count()).resolves.toBe(4);
      await screenshot(page, 'tournament-bracket-advanced');
      await axeCheck(page, 'the bracket after the semi-finals');

      // At 360 px: the pages do not scroll sideways (the bracket scrolls in its own region).
      const phone = await web.person(PHONE);
      await signInPage(phone, web.baseUrl, 'tour_ann', PASSWORD);
      const small = await web.open(`/tournaments/${id}`, phone);
      await small.locator('.bracket [data-round="2"]').waitFor();
      await fitsThePhone(small);
      // Each round keeps to its column: the final's pairing lies right of the semi-finals'.
      const [semiBox, finalBox] = await Promise.all(
        ['1', '2'].map((round) => small.locator(`.bracket [data-round="${round}"]`).first().boundingBox()),
      );
      expect(finalBox!.x).toBeGreaterThanOrEqual(semiBox!.x + semiBox!.width);
      await screenshot(small, 'tournament-bracket-phone');
      await small.goto(web.url('/tournaments'));
      await small.getByRole('link', { name: 'Winter cup' }).waitFor();
      await fitsThePhone(small);
      await screenshot(small, 'tournaments-list-phone');
      // Ann's profile lists the tournament.
      await small.goto(web.url('/users/tour_ann'));
      await small.getByRole('link', { name: 'Winter cup' }).waitFor();
      await fitsThePhone(small);
      for (const watched of [page, organiser, small]) expectNoPageErrors(watched);
    },
    PLAY_TIMEOUT,
  );

  it('the new-tournament form shows the server’s refusals by field, then creates the tournament', async () => {
    await registerUser(web.baseUrl, 'tour_dora', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'tour_dora', PASSWORD);
    const page = await web.open('/tournaments', context);
    await page.getByRole('link', { name: 'Create a tournament' }).click();
    await page.waitForURL(/\/tournaments\/new$/);
    // A knock-out of up to 8 asks for the final's, the semi-finals' and the quarter-finals' lengths.
    await expect(page.locator('.length-fields input').count()).resolves.toBe(3);
    await page.getByLabel('Most players').fill('16');
    await page.getByLabel('Round of 16').waitFor();
    await page.getByLabel('Final', { exact: true }).fill('99');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    const problem = page.locator('main .problem[role="alert"]');
    await problem.waitFor();
    // Each refused field is marked, with the server's message under it.
    await page.locator('#tournament-name[aria-invalid="true"]').waitFor();
    await page.locator('#tournament-lengths-error').waitFor();
    await screenshot(page, 'tournament-new-refused');
    await axeCheck(page, 'the new-tournament form, refused');

    await page.getByLabel('Name').fill('Spring circle');
    await page.getByLabel('Format').selectOption('round-robin');
    await page.getByLabel('Most players').fill('4');
    await page.getByLabel('Points per match').fill('3');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.waitForURL(/\/tournaments\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Spring circle', level: 1 }).waitFor();
    await page.getByText('Taking entries', { exact: true }).waitFor();
    expectNoPageErrors(page, [{ pattern: /status of 400/, why: 'the refused terms, as the form shows' }]);
  });

  it('a round-robin shows its crosstable and standings, and fits 360 px', async () => {
    const erin = await registerUser(web.baseUrl, 'tour_erin', PASSWORD);
    const fred = await registerUser(web.baseUrl, 'tour_fred', PASSWORD);
    const id = await createTournament(web.baseUrl, erin, {
      name: 'Nardy circle',
      variant: 'long-nardy',
      format: 'round-robin',
      lengths: [3],
      rules: { cube: false },
      daysPerTurn: 2,
      maxPlayers: 3,
      botsAllowed: true,
    });
    await enter(web.baseUrl, id, erin, fred);
    await postJson(web.baseUrl, `/api/tournaments/${id}/entries`, { username: 'bot-easy' }, erin.token);
    const started = await start(web.baseUrl, id, erin);
    // Fred leaves his match against Erin: it stands in the crosstable as Erin's win.
    await leave(web.baseUrl, pairingOf(started, erinAgainstFred(started), 'tour_fred'), fred);

    for (const viewport of [undefined, PHONE]) {
      const context = await web.person(viewport);
      await signInPage(context, web.baseUrl, 'tour_erin', PASSWORD);
      const page = await web.open(`/tournaments/${id}`, context);
      const row = page.locator('.crosstable tbody tr', { has: page.getByRole('link', { name: 'tour_erin' }) });
      await row.getByRole('link', { name: 'Won 3–0' }).waitFor({ timeout: 30_000 });
      await expect(page.locator('.crosstable tbody tr').count()).resolves.toBe(3);
      await expect(page.locator('.standings tbody tr').first().locator('th').textContent()).resolves.toBe('tour_erin');
      if (viewport === undefined) {
        await screenshot(page, 'tournament-round-robin');
        await axeCheck(page, 'a round-robin under way');
      } else {
        await fitsThePhone(page);
        await screenshot(page, 'tournament-round-robin-phone');
      }
      expectNoPageErrors(page);
    }
  });
});
