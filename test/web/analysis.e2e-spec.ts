/**
 * A finished match's analysis on the match page (docs/analysis.md), in Chromium against the real
 * service: a player asks for it with one click, follows it as it runs, and reads each player's PR
 * and luck, the error graph and the mistakes; "Show on the board" opens the replay at the mistake,
 * says its mark, and draws the best play dashed beside the one played.
 */
import { readFileSync } from 'node:fs';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  registerUser,
  screenshot,
  signInPage,
  useWebHarness,
} from './support/index.js';

const PASSWORD = 'analysis-password-1';
const MAT = readFileSync(new URL('../fixtures/bot-3-point-match-3.mat', import.meta.url), 'utf8');

describeInBrowser('the analysis of a finished match', () => {
  // 0 ply keeps the analysis to a few seconds; the engine is GNU Backgammon where it is installed.
  const web = useWebHarness({ ANALYSIS_GNUBG_PLIES: '0', ANALYSIS_NET_PLIES: '0' });

  it('is asked for, followed and shown: figures, error graph, mistakes, and a mistake on the board with the best play', async () => {
    const carol = await registerUser(web.baseUrl, 'analysis_carol', PASSWORD);
    const imported = await fetch(new URL('/api/matches/import', web.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${carol.token}` },
      body: MAT,
    });
    expect(imported.status).toBe(201);
    const { id } = (await imported.json()) as { id: string };

    const context = await web.person();
    await signInPage(context, web.baseUrl, 'analysis_carol', PASSWORD);
    const page = await web.open(`/matches/${id}`, context);
    const panel = page.locator('section.analysis');
    await panel.getByText('This match has not been analysed yet.').waitFor();
    await panel.getByRole('button', { name: 'Analyse the match' }).click();

    const figures = page.getByTestId('analysis-figures');
    await figures.waitFor({ state: 'visible', timeout: 60_000 });
    // The figures and the panel's status come from one answer, but reach the page a render apart: wait for both.
    await page.locator('section.analysis[data-status="done"]').waitFor();
    for (const colour of ['white', 'black']) {
      expect(await page.getByTestId(`pr-${colour}`).textContent()).toMatch(/^\d+\.\d\d$/);
    }
    const bars = page.getByTestId('error-graph').locator('rect.bar');
    expect(await bars.count()).toBeGreaterThan(50);
    const mistakes = page.getByTestId('mistakes').locator('li');
    expect(await mistakes.count()).toBeGreaterThan(0);
    await screenshot(page, 'analysis-done');
    await axeCheck(page, 'the match page with its analysis');

    // The first mistake on the board: the replay opens at it, says its mark, and a play's best is drawn dashed.
    const first = mistakes.first();
    const isPlay = /\d+\/\d+/.test((await first.textContent()) ?? '');
    await first.getByRole('button', { name: 'Show on the board' }).click();
    const mark = page.getByTestId('replay-mark');
    await mark.waitFor({ state: 'visible' });
    expect(await mark.textContent()).toMatch(/^(Bad|Very bad): /);
    await page.locator('.play-area[data-replay="true"]').waitFor();
    if (isPlay) await page.locator('[data-best-play]').first().waitFor({ state: 'attached' });
    await screenshot(page, 'analysis-mistake-on-board');
    expectNoPageErrors(page);
  });
});
