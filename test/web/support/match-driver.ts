/**
 * Playing a match in the browser as a person does, for the browser tests: the test reads the match
 * through the API (it knows the contract, nothing of the rules) to see whose turn it is and which
 * plays are legal, then makes every decision on that person's page: buttons named as the page names
 * them, and checkers moved by clicking a checker and then the point it goes to on the board.
 */
import type { Page } from 'playwright-core';
import { postJson, type AccountSession } from './api.js';

export interface MoveJson {
  readonly from: number;
  readonly to: number;
}

export interface MatchView {
  readonly id: string;
  readonly status: string;
  readonly version: number;
  readonly variant: string;
  readonly you: 'white' | 'black' | null;
  readonly actions: readonly string[];
  readonly turn: { readonly player: 'white' | 'black' | null; readonly awaiting: string | null };
  readonly game: { readonly cube: { readonly value: number; readonly owner: string | null } };
  readonly players: Record<'white' | 'black', { readonly username: string } | null>;
  readonly result: { readonly winner: 'white' | 'black' | null } | null;
}

export async function getJson<T>(baseUrl: string, path: string, session?: AccountSession): Promise<T> {
  const res = await fetch(new URL(path, baseUrl), {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function matchView(baseUrl: string, id: string, session?: AccountSession): Promise<MatchView> {
  return getJson<MatchView>(baseUrl, `/api/matches/${id}`, session);
}

export async function legalPlays(
  baseUrl: string,
  id: string,
  session: AccountSession,
): Promise<readonly { readonly moves: readonly MoveJson[]; readonly text: string }[]> {
  return (
    await getJson<{ plays: { moves: MoveJson[]; text: string }[] }>(baseUrl, `/api/matches/${id}/legal-plays`, session)
  ).plays;
}

/** The board's node for the viewer's point (25 the bar, 0 the tray), as the board view marks it. */
export function hit(page: Page, point: number) {
  return page.locator(`main .play-area svg [role="button"][data-hit="${point}"]`).first();
}

/** Waits until the page shows the match at `version` (the page marks the version it draws). */
export async function pageAt(page: Page, version: number): Promise<void> {
  try {
    await page.locator(`.match-page[data-version="${version}"]`).waitFor({ timeout: 30_000 });
  } catch (error) {
    const shown = await page
      .locator('.match-page')
      .getAttribute('data-version')
      .catch(() => null);
    throw new Error(`${page.url()} shows version ${String(shown)}, not ${version}`, { cause: error });
  }
}

export interface SettledOptions {
  /**
   * Lands an opponent's play being animated with a click on the board, as an impatient person does
   * (the page lands it at once: test/web/last-play.e2e-spec.ts tests both ways), rather than waiting
   * the few hundred milliseconds a step of it takes.
   */
  readonly land?: boolean;
}

/**
 * The match as `session` sees it once the page shows the same version, with no play being animated:
 * the server may append events of its own after an action (an automatic roll), so both are read
 * until they agree.
 */
export async function settled(
  baseUrl: string,
  page: Page,
  id: string,
  session: AccountSession,
  options: SettledOptions = {},
): Promise<MatchView> {
  const until = Date.now() + 30_000;
  const animating = page.locator('main .board-holder[data-animating="true"]');
  for (;;) {
    const view = await matchView(baseUrl, id, session);
    // The page follows the match's stream: wait for it to draw this version (a short wait, then the
    // API is read again, as the server may have gone on meanwhile).
    const shows = await page
      .locator(`.match-page[data-version="${view.version}"]`)
      .waitFor({ state: 'attached', timeout: 1_000 })
      .then(
        () => true,
        () => false,
      );
    // An opponent's play still animated locks the decisions: settled once it has landed.
    if (shows && (await animating.count()) === 0) return view;
    if (Date.now() > until) {
      const shown = await page.locator('.match-page').getAttribute('data-version');
      throw new Error(`${page.url()} shows version ${String(shown)}, the match is at ${view.version}`);
    }
    const landed = () => animating.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    if (shows && options.land === true)
      // At the board's corner (its top player line): should the play land just before, the click picks nothing.
      // A click the page does not take in time (something over the board) leaves the play to land by itself.
      await page
        .locator('main .board-holder')
        .click({ position: { x: 20, y: 20 }, timeout: 2_000 })
        .catch(landed);
    else if (shows) await landed();
  }
}

/** Clicks a button of the page by its visible name. */
export async function press(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
}

/** Makes a play on the board: each step a click on the checker's point, then on where it goes; then Confirm. */
export async function playByClicking(page: Page, moves: readonly MoveJson[]): Promise<void> {
  for (const { from, to } of moves) {
    await hit(page, from).click();
    await hit(page, to).click();
  }
  await page.getByRole('button', { name: /^Confirm / }).click();
}

/** Polls the API until the match's version passes `version`. */
export async function nextVersion(baseUrl: string, id: string, version: number): Promise<MatchView> {
  const until = Date.now() + 60_000;
  for (;;) {
    const view = await matchView(baseUrl, id);
    if (view.version > version || view.status === 'finished') return view;
    if (Date.now() > until) throw new Error(`match ${id} stayed at version ${version}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Plays through the API, for whoever must act (a roll, or the first legal play), until `colour`
 * must make the decision `awaiting`; answers the match as `colour` sees it then. Fails past 40
 * decisions, or on a decision it does not make (a double to answer).
 */
export async function playUntil(
  baseUrl: string,
  id: string,
  players: Record<'white' | 'black', AccountSession>,
  colour: 'white' | 'black',
  awaiting: 'roll' | 'play',
): Promise<MatchView> {
  for (let decision = 0; decision < 40; decision++) {
    const view = await matchView(baseUrl, id);
    const { player } = view.turn;
    if (player === null) throw new Error(`nobody to act: ${JSON.stringify(view.turn)}`);
    if (player === colour && view.turn.awaiting === awaiting) return matchView(baseUrl, id, players[colour]);
    const who = players[player];
    if (view.turn.awaiting === 'roll') await postJson(baseUrl, `/api/matches/${id}/roll`, {}, who.token);
    else if (view.turn.awaiting === 'play') {
      const [play] = await legalPlays(baseUrl, id, who);
      await postJson(baseUrl, `/api/matches/${id}/plays`, { moves: play.moves }, who.token);
    } else throw new Error(`unexpected decision: ${view.turn.awaiting}`);
  }
  throw new Error(`${colour} never came to ${awaiting}`);
}
