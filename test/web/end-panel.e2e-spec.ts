/**
 * The end of a match on the match page (docs/architecture.md, "Web client"), in Chromium against the
 * real service: the end panel names the winner and gives the score from the reader's side, and its
 * Rematch sends the new invitation in one click, the same terms with the colours swapped.
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
import { getJson, matchView, pageAt } from './support/match-driver.js';

const PASSWORD = 'end-panel-password-1';

interface CreatedJson {
  readonly id: string;
  readonly variant: string;
  readonly length: number;
  readonly status: string;
  readonly daysPerTurn: number | null;
  readonly rules: Record<string, unknown>;
  readonly players: Record<'white' | 'black', { readonly username: string } | null>;
  readonly opponent: string | null;
  readonly you: 'white' | 'black' | null;
}

describeInBrowser('the end of a match on the match page', () => {
  const web = useWebHarness();

  it('names the winner, gives the score from the loser’s side, and Rematch invites the winner with the colours swapped', async () => {
    const alice = await registerUser(web.baseUrl, 'end_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'end_bob', PASSWORD);
    const terms = { variant: 'backgammon', length: 1, daysPerTurn: 3, rules: { jacoby: false } };
    const id = await startMatchBetween(web.baseUrl, alice, bob, terms);
    const before = await getJson<CreatedJson>(web.baseUrl, `/api/matches/${id}`);

    const context = await web.person();
    await signInPage(context, web.baseUrl, 'end_alice', PASSWORD);
    const page = await web.open(`/matches/${id}`, context);

    // Whoever is on turn resigns a single game, the other accepts: the 1-point match is over.
    const onTurn = (await matchView(web.baseUrl, id)).turn.player;
    const [resigner, accepter] = onTurn === 'white' ? [alice, bob] : [bob, alice];
    await postJson(web.baseUrl, `/api/matches/${id}/resign`, { value: 1 }, resigner.token);
    await postJson(web.baseUrl, `/api/matches/${id}/resignation/accept`, {}, accepter.token);
    const ended = await matchView(web.baseUrl, id, alice);
    expect(ended.status).toBe('finished');
    await pageAt(page, ended.version);

    const panel = page.getByTestId('end-panel');
    await panel.waitFor({ state: 'visible' });
    const aliceWon = ended.result?.winner === 'white';
    expect(await panel.locator('.end-line').textContent()).toBe(
      aliceWon ? 'You won 1–0 against end_bob.' : 'You lost 0–1 to end_bob.',
    );
    // Rated: how far each rating moved, from Alice's side.
    const change = (
      await getJson<{ ratingChange: { white: number; black: number } | null }>(web.baseUrl, `/api/matches/${id}`)
    ).ratingChange;
    // Two new players move as FIBS moves them: 4·√1·0.5 × 5 (the new player's boost) = 10 points
    // for a 1-point match between equal ratings (docs/rules.md "Ratings").
    expect(change).toEqual(aliceWon ? { white: 10, black: -10 } : { white: -10, black: 10 });
    const signed = (n: number) => (n === 0 ? '0.0' : `${n > 0 ? '+' : '-'}${Math.abs(n).toFixed(1)}`);
    expect(await panel.getByTestId('rating-change').textContent()).toBe(
      `Your rating: ${signed(change!.white)} (end_bob: ${signed(change!.black)}).`,
    );
    await screenshot(page, 'end-panel');
    await axeCheck(page, 'the match page at the end');

    await panel.getByRole('button', { name: 'Rematch', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/matches/') && !url.pathname.endsWith(id));
    const newId = new URL(page.url()).pathname.split('/').pop()!;
    const rematch = await getJson<CreatedJson>(web.baseUrl, `/api/matches/${newId}`);
    expect(rematch.status).toBe('invited');
    expect(rematch.opponent).toBe('end_bob');
    expect(rematch.players.black?.username).toBe('end_alice');
    expect([rematch.variant, rematch.length, rematch.daysPerTurn]).toEqual([before.variant, before.length, 3]);
    expect(rematch.rules).toEqual(before.rules);
    expectNoPageErrors(page);
  });
});
