/**
 * The tournaments' pages in every language (docs/architecture.md, "Languages"), as the languages test
 * holds the other pages: in English, Russian, Lithuanian, Armenian and the pseudo-language, no page
 * asks its catalog for a key it lacks (a missing key is reported on the console, which fails the
 * page) and its `lang` is the language's; axe finds nothing serious in the four; and in the
 * pseudo-language no plain Latin letter is left outside what is marked not to be translated (names
 * of players and tournaments) but the test's own usernames. Every state a page draws is here: taking
 * entries (as the organiser sees it, with every term), a knock-out with a bye and a winner to come, a
 * finished one with its champion, a round-robin's crosstable and standings, the form, the lists, a
 * tournament match's way back, a player's tournaments.
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
  useWebHarness,
} from './support/index.js';
import { createTournament, enter, leave, pairingOf, start, untilTournament } from './support/tournament-driver.js';

const PASSWORD = 'tournament-words-password-1';
const LANGUAGES = ['en', 'ru', 'lt', 'hy', 'pseudo'] as const;
/** Words no catalog translates: the test's usernames and the house bot's. */
const NAMES = ['tw_ann', 'tw_bob', 'tw_cleo', 'bot-easy'];

/**
 * The page's translatable words: its body without the elements marked translate="no" (and scripts
 * and styles), as text and as the labels and titles assistive technology reads.
 */
function translatableWords(page: Page): Promise<string[]> {
  // Evaluated in the page (a string: the tests' compiler knows no DOM).
  return page.evaluate<string[]>(`(() => {
    const body = document.body.cloneNode(true);
    for (const kept of body.querySelectorAll('[translate="no"], script, style')) kept.remove();
    const words = [body.textContent];
    for (const element of body.querySelectorAll('*'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
        if (element.hasAttribute(name)) words.push(element.getAttribute(name));
    return words;
  })()`);
}

/** The Latin letters left in the pseudo-language: each word or label that still has one, the names taken out. */
async function latinLeft(page: Page): Promise<string[]> {
  const left: string[] = [];
  for (const words of await translatableWords(page)) {
    let rest = words;
    for (const name of NAMES) rest = rest.replaceAll(name, '');
    left.push(...(rest.match(/\S*[A-Za-z]\S*/g) ?? []));
  }
  return left;
}

describeInBrowser('the tournaments’ pages in every language', () => {
  const web = useWebHarness({ TOURNAMENTS_POLL_MS: '200' });
  const pages: { path: string; ready: string }[] = [];

  beforeAll(async () => {
    const ann = await registerUser(web.baseUrl, 'tw_ann', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'tw_bob', PASSWORD);
    const cleo = await registerUser(web.baseUrl, 'tw_cleo', PASSWORD);
    const knockout = { variant: 'backgammon', format: 'knockout', daysPerTurn: 3, botsAllowed: true };
    // Taking entries, as its organiser (Ann) sees it: every term there is.
    const day = 24 * 3_600_000;
    const open = await createTournament(web.baseUrl, ann, {
      ...knockout,
      name: 'Open cup',
      lengths: [3, 5, 7],
      maxPlayers: 16,
      bankDays: 2,
      minRating: 1000,
      maxRating: 2000,
      entriesCloseAt: new Date(Date.now() + 2 * day).toISOString(),
      startsAt: new Date(Date.now() + 3 * day).toISOString(),
    });
    await enter(web.baseUrl, open, bob);
    // Under way: three players, so seed 1 (Ann) has a bye and the final waits for Bob's match against bot-easy.
    const running = await createTournament(web.baseUrl, bob, {
      ...knockout,
      name: 'Running cup',
      lengths: [3],
      maxPlayers: 4,
    });
    await enter(web.baseUrl, running, ann, bob);
    await postJson(web.baseUrl, `/api/tournaments/${running}/entries`, { username: 'bot-easy' }, bob.token);
    const match = pairingOf(await start(web.baseUrl, running, bob), 1, 'tw_bob').matchId;
    // Finished: Cleo leaves the one match, and Ann is the champion.
    const finished = await createTournament(web.baseUrl, cleo, {
      ...knockout,
      name: 'Done cup',
      lengths: [1],
      maxPlayers: 2,
    });
    await enter(web.baseUrl, finished, ann, cleo);
    await leave(web.baseUrl, pairingOf(await start(web.baseUrl, finished, cleo), 1, 'tw_cleo'), cleo);
    await untilTournament(web.baseUrl, finished, (t) => t.champion === 'tw_ann', 'the champion');
    // A round-robin, one match of it decided.
    const circle = await createTournament(web.baseUrl, cleo, {
      ...knockout,
      format: 'round-robin',
      name: 'Circle',
      lengths: [3],
      maxPlayers: 4,
    });
    await enter(web.baseUrl, circle, ann, bob, cleo);
    const rr = await start(web.baseUrl, circle, cleo);
    const decided = rr.rounds.flatMap((r) => r.matches).find((m) => m.players.includes('tw_bob'));
    await leave(web.baseUrl, decided!, bob);
    pages.push(
      { path: '/tournaments', ready: 'main .tournament-table' },
      { path: '/tournaments/new', ready: 'main form' },
      { path: `/tournaments/${open}`, ready: '.tournament-page .tournament-terms' },
      { path: `/tournaments/${running}`, ready: '.bracket' },
      { path: `/tournaments/${finished}`, ready: '.champion' },
      { path: `/tournaments/${circle}`, ready: '.crosstable' },
      { path: `/matches/${match!}`, ready: '.tournament-link' },
      { path: '/users/tw_ann', ready: 'main .tournament-table' },
    );
  });

  it.each(LANGUAGES)(
    'in %s: every key there, nothing serious for axe, the page’s lang, and no word left untranslated',
    async (language) => {
      const context = await web.person();
      await context.addInitScript({
        content: `if (location.protocol.startsWith('http')) localStorage.setItem('nardy.language', ${JSON.stringify(language)});`,
      });
      await signInPage(context, web.baseUrl, 'tw_ann', PASSWORD);
      const page = await context.newPage();
      const left: string[] = [];
      for (const { path, ready } of pages) {
        await page.goto(web.url(path));
        await page.locator(ready).first().waitFor();
        await page.locator('main .loading').first().waitFor({ state: 'detached' });
        expect(await page.evaluate<string>('document.documentElement.lang')).toBe(
          language === 'pseudo' ? 'en' : language,
        );
        if (language === 'pseudo') left.push(...(await latinLeft(page)).map((word) => `${path}: ${word}`));
        else await axeCheck(page, `${path} in ${language}`);
        if (ready === '.bracket' && language !== 'en') await screenshot(page, `tournament-bracket-${language}`);
        expectNoPageErrors(page);
      }
      expect(left).toEqual([]);
    },
    // Eight pages, each loaded and checked by axe.
    180_000,
  );
});
