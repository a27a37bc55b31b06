/**
 * The match page on a phone (360 px wide), in Chromium against the real service: the turn line,
 * with the dice to play, and the board with the dice on it are in view as the page opens, above the
 * play controls (the summary, with its own turn line, comes below them).
 */
import {
  describeInBrowser,
  expectNoPageErrors,
  PHONE,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
} from './support/index.js';
import { matchView, pageAt } from './support/match-driver.js';

const PASSWORD = 'phone-turn-password-1';

describeInBrowser('the match page at 360 px', () => {
  const web = useWebHarness();

  it('keeps the turn line and the dice in view above the play controls', async () => {
    const alice = await registerUser(web.baseUrl, 'phone_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'phone_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob, { variant: 'backgammon', length: 3 });
    // The opening throw is made: whoever won it has dice to play.
    const view = await matchView(web.baseUrl, id);
    const mover = view.turn.player === 'white' ? 'phone_alice' : 'phone_bob';
    const dice = (await matchView(web.baseUrl, id)) as unknown as { game: { dice: number[] } };
    const context = await web.person(PHONE);
    await signInPage(context, web.baseUrl, mover, PASSWORD);
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, view.version);

    const top = page.getByTestId('turn-line-top');
    await top.waitFor({ state: 'visible' });
    expect(await top.textContent()).toBe(`Your turn: to play, ${dice.game.dice.join('-')}.`);
    const inView = async (selector: string): Promise<boolean> => {
      const box = await page.locator(selector).first().boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    expect(await inView('[data-testid="turn-line-top"]')).toBe(true);
    expect(await inView('main .play-area svg')).toBe(true);
    // The line is above the board, the board above the play controls.
    const [line, board, controls] = await Promise.all(
      ['[data-testid="turn-line-top"]', 'main .play-area svg', 'main .play-controls'].map((s) =>
        page.locator(s).first().boundingBox(),
      ),
    );
    expect(line!.y).toBeLessThan(board!.y);
    expect(board!.y).toBeLessThan(controls!.y);
    await screenshot(page, 'phone-turn-line');
    expectNoPageErrors(page);
  });
});
