/**
 * The match page at phone width by keyboard alone, and its live stream surviving a dropped
 * connection. The opponent here acts through the API, as any other client would.
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
  startMatchBetween,
  storeSession,
  useWebHarness,
  type AccountSession,
} from './support/index.js';
import { legalPlays, matchView, nextVersion, pageAt, settled, type MatchView } from './support/match-driver.js';

const PASSWORD = 'browser-password-2';

/** The opponent's whole turn through the API: roll if asked, then the first legal play. */
async function opponentActs(baseUrl: string, id: string, session: AccountSession, view: MatchView): Promise<MatchView> {
  const mine = await matchView(baseUrl, id, session);
  if (mine.actions.includes('roll')) await postJson(baseUrl, `/api/matches/${id}/roll`, {}, session.token);
  else if (mine.actions.includes('take')) await postJson(baseUrl, `/api/matches/${id}/take`, {}, session.token);
  else if (mine.actions.includes('plays')) {
    const [play] = await legalPlays(baseUrl, id, session);
    await postJson(baseUrl, `/api/matches/${id}/plays`, { moves: play.moves }, session.token);
  } else throw new Error(`the opponent has nothing to do: ${JSON.stringify(mine.actions)}`);
  return nextVersion(baseUrl, id, view.version);
}

/** The focused element's aria-label, label and text (evaluated in the page). */
const FOCUSED_NAME = `(() => {
  const el = document.activeElement;
  if (el === null || el === document.body) return '';
  const label = el.id ? document.querySelector('label[for="' + el.id + '"]')?.textContent : null;
  return ((el.getAttribute('aria-label') ?? '') + ' ' + (label ?? '') + ' ' + (el.textContent ?? '')).trim();
})()`;

/** Presses Tab until the focused element's text or label matches `name` (keyboard alone). */
async function tabTo(page: Page, name: RegExp, limit = 160): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(FOCUSED_NAME);
    if (name.test(focused)) return;
  }
  const buttons: (string | null)[] = [];
  for (const button of await page.locator('main svg [role="button"]').all())
    buttons.push(await button.getAttribute('aria-label'));
  throw new Error(`Tab never reached ${String(name)}; the board's buttons: ${JSON.stringify(buttons)}`);
}

describeInBrowser('the match page by keyboard and across a dropped connection', () => {
  const web = useWebHarness();

  it('at 360 px wide, a person rolls and plays several turns by keyboard alone: typed text, the list of legal plays, and the buttons of the board itself', async () => {
    const white = await registerUser(web.baseUrl, 'dana-web', PASSWORD);
    const black = await registerUser(web.baseUrl, 'eve-web', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, white, black, { variant: 'backgammon', length: 3 });
    const context = await web.person(PHONE);
    await storeSession(context, web.baseUrl, white);
    const page = await web.open(`/matches/${id}`, context);
    let view = await matchView(web.baseUrl, id);
    let played = 0;
    let typed = 0;
    let onBoard = 0;
    while (played < 4 && view.status === 'playing') {
      if (view.turn.player !== 'white') {
        view = await opponentActs(web.baseUrl, id, black, view);
        continue;
      }
      const mine = await settled(web.baseUrl, page, id, white);
      if (mine.turn.player !== 'white') {
        view = mine;
        continue;
      }
      if (mine.actions.includes('roll')) {
        await tabTo(page, /^Roll$/);
        await page.keyboard.press('Enter');
      } else if (mine.actions.includes('plays')) {
        const [play] = await legalPlays(web.baseUrl, id, white);
        const way = played % 3;
        if (way === 0) {
          await tabTo(page, /Type a play/);
          await page.keyboard.type(play.text);
          await page.keyboard.press('Enter');
          typed++;
        } else if (way === 1) {
          await tabTo(page, /^All legal plays/);
          await page.keyboard.press('Enter');
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
        } else {
          // On the board itself: each checker's place, then where it goes, as buttons (once the
          // opponent's play has been animated in, the board takes input).
          await page.locator('main .play-area svg [role="button"]').first().waitFor();
          for (const { from, to } of play.moves) {
            await tabTo(page, new RegExp(`^${from === 25 ? 'Bar' : `Point ${from}`},.*move from here`));
            await page.keyboard.press('Enter');
            await tabTo(page, to === 0 ? /^Bear off/ : new RegExp(`^Move to point ${to}$`));
            await page.keyboard.press('Enter');
          }
          await tabTo(page, /^Confirm /);
          onBoard++;
        }
        // The play is shown on the board and the focus is on Confirm.
        await page.locator('button:focus', { hasText: /^Confirm / }).waitFor({ timeout: 10_000 });
        if (played === 0) await screenshot(page, 'phone-play-shown-before-confirm');
        await page.keyboard.press('Enter');
        played++;
      } else throw new Error(`white has nothing to do: ${JSON.stringify(mine.actions)}`);
      view = await nextVersion(web.baseUrl, id, mine.version);
    }
    expect(played).toBe(4);
    expect(typed).toBe(2);
    expect(onBoard).toBe(1);
    await pageAt(page, view.version);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-keyboard-match');
    await axeCheck(page, 'match page at 360 px');
    expectNoPageErrors(page);
  });

  it('a dropped connection is resumed with Last-Event-ID: what the opponent did meanwhile arrives, with no reload', async () => {
    const white = await registerUser(web.baseUrl, 'finn-web', PASSWORD);
    const black = await registerUser(web.baseUrl, 'gail-web', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, white, black, { variant: 'backgammon', length: 3 });
    const context = await web.person();
    await storeSession(context, web.baseUrl, white);
    const page = await web.open(`/matches/${id}`, context);
    let view = await matchView(web.baseUrl, id);
    await pageAt(page, view.version);
    await page.evaluate('window.sameDocument = true');
    // Both play through the API until it is black's turn, at least one event: the page's stream then
    // has an event id to resume after.
    do {
      view = await opponentActs(web.baseUrl, id, view.turn.player === 'white' ? white : black, view);
    } while (view.turn.player !== 'black');
    await pageAt(page, view.version);

    const resumes: string[] = [];
    page.on('request', (request) => {
      const lastEventId = request.headers()['last-event-id'];
      // The match's stream (the header's player stream resumes too, after ids of its own).
      if (request.url().includes(`/matches/${id}/stream`) && lastEventId !== undefined) resumes.push(lastEventId);
    });
    await context.setOffline(true);
    // Chromium's offline mode stops new requests but leaves an open stream be: the server cuts it.
    web.app.t.http.closeAllConnections();
    await page.getByText('Connection lost: reconnecting…').waitFor({ timeout: 30_000 });
    const before = view.version;
    while (view.turn.player === 'black' && view.status === 'playing')
      view = await opponentActs(web.baseUrl, id, black, view);
    expect(view.version).toBeGreaterThan(before);
    await context.setOffline(false);

    await pageAt(page, view.version);
    await expect(page.evaluate<boolean>('window.sameDocument === true')).resolves.toBe(true);
    await expect(page.getByText('Connection lost: reconnecting…').count()).resolves.toBe(0);
    // The stream was opened again after the last event the page had: its seq, as Last-Event-ID.
    expect(resumes.length).toBeGreaterThan(0);
    for (const seq of resumes) expect(Number(seq)).toBeGreaterThan(0);
    expect(Math.max(...resumes.map(Number))).toBeLessThanOrEqual(before);
    expectNoPageErrors(page, [
      { pattern: /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/, why: 'the connection was cut on purpose' },
    ]);
  });
});
