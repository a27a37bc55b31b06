/**
 * Every page in every language (docs/architecture.md, "Languages"), in Chromium against the real
 * service: English, Russian, Lithuanian, Armenian, and the pseudo-language, English with every letter
 * accented. In each, no page asks its catalog for a key it lacks (the client reports a missing key on
 * the console, which fails the page) and the page's `lang` is the language's; in each of the four,
 * axe finds nothing serious. In the pseudo-language no plain Latin letter is left on a page, in its text or in the
 * labels it gives to assistive technology, but in what is marked not to be translated (names,
 * notation) and the test's own usernames: a string that bypasses the catalogs shows up as one.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  pageErrors,
  postJson,
  registerUser,
  screenshot,
  signInPage,
  startMatchBetween,
  useWebHarness,
  type AccountSession,
} from './support/index.js';
import { matchView } from './support/match-driver.js';

const PASSWORD = 'languages-password-1';
const LANGUAGES = ['en', 'ru', 'lt', 'hy', 'pseudo'] as const;
type Language = (typeof LANGUAGES)[number];

/** Words no catalog translates: the test's usernames, the house bots' names, and the product's. */
const NAMES = ['lang_alice', 'lang_bob', 'bot-easy', 'gnubg', 'bot'];

/** The page's words, but those marked translate="no", as text and as what assistive technology reads. */
function wordsOnPage(page: Page): Promise<string[]> {
  // Evaluated in the page (a string: the tests' compiler knows no DOM).
  return page.evaluate<string[]>(`(() => {
    const words = [];
    const translatable = (element) =>
      element !== null && element.closest('[translate="no"]') === null && element.closest('script,style') === null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text !== '' && translatable(node.parentElement)) words.push(text);
    }
    const names = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];
    for (const element of document.body.querySelectorAll('[aria-label],[title],[placeholder],[alt],[aria-valuetext]'))
      if (translatable(element))
        for (const name of names) {
          const value = element.getAttribute(name);
          if (value) words.push(name + '=' + value);
        }
    words.push('title=' + document.title);
    return words;
  })()`);
}

/** The words of the page with a plain Latin letter left once names are taken out. */
async function untranslated(page: Page): Promise<string[]> {
  const words = await wordsOnPage(page);
  return words.filter((word) => {
    let rest = word.replace(/^(aria-label|title|placeholder|alt|aria-valuetext)=/, '');
    for (const name of NAMES) rest = rest.replaceAll(name, '');
    return /[A-Za-z]/.test(rest);
  });
}

describeInBrowser('every page in every language', () => {
  const web = useWebHarness();
  let alice: AccountSession;
  let live: string;
  let finished: string;

  beforeAll(async () => {
    alice = await registerUser(web.baseUrl, 'lang_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'lang_bob', PASSWORD);
    const terms = { variant: 'backgammon', length: 3, daysPerTurn: 3, rules: { jacoby: false } };
    live = await startMatchBetween(web.baseUrl, alice, bob, terms);
    finished = await startMatchBetween(web.baseUrl, alice, bob, { ...terms, length: 1 });
    const onTurn = (await matchView(web.baseUrl, finished)).turn.player;
    const [resigner, accepter] = onTurn === 'white' ? [alice, bob] : [bob, alice];
    await postJson(web.baseUrl, `/api/matches/${finished}/resign`, { value: 1 }, resigner.token);
    await postJson(web.baseUrl, `/api/matches/${finished}/resignation/accept`, {}, accepter.token);
    // An invitation waiting in Alice's lobby, and one of hers waiting for Bob.
    await postJson(web.baseUrl, '/api/matches', { ...terms, opponent: 'lang_alice' }, bob.token);
    await postJson(web.baseUrl, '/api/matches', { ...terms, opponent: 'lang_bob' }, alice.token);
  });

  /** A person whose pages open in `language` (the device's choice, as the switch keeps it). */
  async function personIn(language: Language, signedIn: boolean): Promise<BrowserContext> {
    const context = await web.person();
    // Before the client's own scripts, on the service's pages only (about:blank has no storage).
    await context.addInitScript({
      content: `if (location.protocol.startsWith('http')) localStorage.setItem('nardy.language', ${JSON.stringify(language)});`,
    });
    if (signedIn) await signInPage(context, web.baseUrl, 'lang_alice', PASSWORD);
    return context;
  }

  const signedInPages = (): { path: string; ready: string }[] => [
    { path: '/lobby', ready: 'main h1' },
    { path: '/account', ready: 'main h1' },
    { path: `/matches/${live}`, ready: '.match-page[data-version]' },
    { path: `/matches/${finished}`, ready: '[data-testid="end-panel"]' },
    { path: `/matches/${finished}/games`, ready: 'main h1' },
    { path: '/users/lang_alice', ready: 'main h1' },
    { path: '/users/lang_alice/versus/lang_bob', ready: 'main h1' },
    { path: '/leaderboard', ready: 'main h1' },
    { path: '/', ready: 'main h1' },
  ];
  const signedOutPages = [
    { path: '/signin', ready: 'main h1' },
    { path: '/signup', ready: 'main h1' },
    { path: '/verify-email#token=not-a-token', ready: 'main h1' },
    { path: '/reset-password#token=not-a-token', ready: 'main h1' },
    { path: '/reset-password', ready: 'main h1' },
  ];

  /** The page's requests have settled: nothing shows "loading" any more. */
  async function settledPage(page: Page, ready: string): Promise<void> {
    try {
      await page.locator(ready).first().waitFor({ state: 'attached', timeout: 15_000 });
    } catch (error) {
      await screenshot(page, 'languages-not-ready');
      throw new Error(`${page.url()}: no ${ready}; errors: ${pageErrors(page).join('\n')}`, { cause: error });
    }
    // (The service's Content-Security-Policy refuses waitForFunction's evaluated strings: a locator waits.)
    try {
      await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 15_000 });
    } catch (error) {
      throw new Error(`${page.url()} is still loading`, { cause: error });
    }
  }

  it.each(LANGUAGES)(
    'in %s: every page has every key, nothing serious for axe, and its lang',
    async (language) => {
      const problems: string[] = [];
      // One tab per person, going from page to page (each a fresh load of the page's address).
      const visit = async (page: Page, path: string, ready: string): Promise<void> => {
        await page.goto(new URL(path, web.baseUrl).toString());
        await settledPage(page, ready);
        expect(await page.evaluate<string>('document.documentElement.lang')).toBe(
          language === 'pseudo' ? 'en' : language,
        );
        // axe in the four languages; the pseudo-language is English underneath, looked at for its letters.
        if (language !== 'pseudo') await axeCheck(page, `${path} in ${language}`);
        if (language === 'pseudo') for (const word of await untranslated(page)) problems.push(`${path}: ${word}`);
        if (path === `/matches/${live}`) await screenshot(page, `languages-match-${language}`);
        expectNoPageErrors(page, [
          // The verify and reset pages are opened with a token that is not one: the page says so.
          { pattern: /status of 400/, why: 'the made-up token is refused, as the page shows' },
        ]);
      };
      const signedIn = await (await personIn(language, true)).newPage();
      for (const { path, ready } of signedInPages()) await visit(signedIn, path, ready);
      const signedOut = await (await personIn(language, false)).newPage();
      for (const { path, ready } of signedOutPages) await visit(signedOut, path, ready);
      expect(problems).toEqual([]);
    },
    // Fifteen pages, each loaded and checked by axe.
    240_000,
  );

  it('switches language from the header, keeps it on the account, and the API answers in it', async () => {
    const context = await personIn('en', true);
    const page = await context.newPage();
    await page.goto(new URL('/lobby', web.baseUrl).toString());
    await settledPage(page, 'main h1');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.locator('html[lang="ru"]').waitFor({ state: 'attached' });
    expect(await page.locator('header nav').textContent()).toMatch(/\p{Script=Cyrillic}/u);
    const me = await fetch(new URL('/api/users/me', web.baseUrl), {
      headers: { authorization: `Bearer ${alice.token}` },
    }).then((r) => r.json() as Promise<{ language: string | null }>);
    expect(me.language).toBe('ru');
    // A new device, whose browser says English, opens in the account's language once signed in.
    const other = await web.person();
    await signInPage(other, web.baseUrl, 'lang_alice', PASSWORD);
    const second = await other.newPage();
    await second.goto(new URL('/lobby', web.baseUrl).toString());
    await second.locator('html[lang="ru"]').waitFor({ state: 'attached' });
    expect(await second.locator('main h1').textContent()).toMatch(/\p{Script=Cyrillic}/u);
    expectNoPageErrors(page);
    expectNoPageErrors(second);
  });
});
