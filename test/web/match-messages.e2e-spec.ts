/**
 * Match messages in the web client (docs/community.md), in Chromium against the real service, on a
 * phone (360 px) and in Russian: the panel folds under the board without widening the page, a
 * message written by one player reaches the other at once (an unread count on the folded panel),
 * the answer comes back the same way, both are stored, a message can be reported (the report names
 * it), and a refused text shows the problem's Russian words under the box.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  axeCheck,
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

const PASSWORD = 'messages-password-1';

describeInBrowser('match messages on a phone, in Russian', () => {
  const web = useWebHarness();

  async function russianPhone(username: string): Promise<BrowserContext> {
    const context = await web.person(PHONE);
    await context.addInitScript({
      content: `if (location.protocol.startsWith('http')) localStorage.setItem('nardy.language', 'ru');`,
    });
    await signInPage(context, web.baseUrl, username, PASSWORD);
    return context;
  }

  async function openMatch(context: BrowserContext, id: string, version: number): Promise<Page> {
    const page = await web.open(`/matches/${id}`, context);
    await pageAt(page, version);
    await page.locator('html[lang="ru"]').waitFor({ state: 'attached' });
    return page;
  }

  /** The page is no wider than the phone: nothing (the board, the panel) makes it scroll sideways. */
  async function fitsThePhone(page: Page): Promise<void> {
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    const board = await page.locator('main .play-area svg').first().boundingBox();
    expect(board!.x).toBeGreaterThanOrEqual(0);
    expect(board!.x + board!.width).toBeLessThanOrEqual(PHONE.width);
  }

  it('carries messages both ways, live, with an unread count on the folded panel', async () => {
    const alice = await registerUser(web.baseUrl, 'msg_alice', PASSWORD);
    const bob = await registerUser(web.baseUrl, 'msg_bob', PASSWORD);
    const id = await startMatchBetween(web.baseUrl, alice, bob);
    const { version } = await matchView(web.baseUrl, id);
    const alicePage = await openMatch(await russianPhone('msg_alice'), id, version);
    const bobPage = await openMatch(await russianPhone('msg_bob'), id, version);

    // Folded under the board on a phone; opened by its heading.
    const aliceToggle = alicePage.getByRole('button', { name: /^Сообщения/ });
    expect(await aliceToggle.getAttribute('aria-expanded')).toBe('false');
    const panel = alicePage.getByTestId('messages-panel');
    const [board, panelBox] = await Promise.all([
      alicePage.locator('main .play-area svg').first().boundingBox(),
      panel.boundingBox(),
    ]);
    expect(board!.y + board!.height).toBeLessThanOrEqual(panelBox!.y);
    await aliceToggle.click();
    await alicePage.getByText('Сообщений пока нет.').waitFor();
    await fitsThePhone(alicePage);

    await alicePage.getByLabel('Написать сопернику').fill('Привет! Удачной игры.');
    expect(await alicePage.getByText('21/500').count()).toBe(1);
    await alicePage.getByRole('button', { name: 'Отправить' }).click();
    await panel.locator('li.mine', { hasText: 'Привет! Удачной игры.' }).waitFor();
    expect(await alicePage.getByLabel('Написать сопернику').inputValue()).toBe('');

    // Bob's folded panel counts it at once, and shows it when opened.
    const badge = bobPage.getByTestId('unread-badge');
    await badge.waitFor();
    expect((await badge.textContent())?.startsWith('1')).toBe(true);
    await screenshot(bobPage, 'messages-phone-ru-unread');
    await bobPage.getByRole('button', { name: /^Сообщения/ }).click();
    expect(await badge.count()).toBe(0);
    const bobPanel = bobPage.getByTestId('messages-panel');
    await bobPanel.locator('li.theirs', { hasText: 'Привет! Удачной игры.' }).waitFor();
    await bobPage.getByLabel('Написать сопернику').fill('Спасибо, взаимно!');
    // Enter sends.
    await bobPage.getByLabel('Написать сопернику').press('Enter');
    await bobPanel.locator('li.mine', { hasText: 'Спасибо, взаимно!' }).waitFor();

    // Alice's open panel shows the answer below hers.
    const answer = panel.locator('li.theirs', { hasText: 'Спасибо, взаимно!' });
    await answer.waitFor();
    const texts = await panel.locator('.message-text').allTextContents();
    expect(texts).toEqual(['Привет! Удачной игры.', 'Спасибо, взаимно!']);
    await fitsThePhone(alicePage);
    await fitsThePhone(bobPage);
    await screenshot(alicePage, 'messages-phone-ru');
    await axeCheck(alicePage, 'the match page with its messages');

    const stored = await web.app.t.prisma.$queryRaw<{ text: string }[]>`
      SELECT text FROM match_messages WHERE match_id = ${id}::uuid ORDER BY created_at`;
    expect(stored.map((m) => m.text)).toEqual(['Привет! Удачной игры.', 'Спасибо, взаимно!']);

    // Bob reports Alice's message: the report names it.
    const hers = bobPanel.locator('li.theirs', { hasText: 'Привет! Удачной игры.' });
    await hers.getByRole('button', { name: 'Пожаловаться' }).click();
    const report = hers.getByTestId('report-form');
    await report.getByLabel('Причина').selectOption('abuse');
    await report.getByRole('button', { name: 'Отправить жалобу' }).click();
    await hers.getByText('Спасибо: ваша жалоба на игрока msg_alice передана модераторам.').waitFor();
    const filed = await web.app.t.prisma.$queryRaw<{ reason: string; message: string }[]>`
      SELECT f.reason, m.text AS message FROM report_filings f JOIN match_messages m ON m.id = f.message_id`;
    expect(filed).toEqual([{ reason: 'abuse', message: 'Привет! Удачной игры.' }]);

    // A text with nothing visible is refused: the problem, in Russian, under the box.
    await alicePage.getByLabel('Написать сопернику').fill('\u200b\u200b');
    await alicePage.getByRole('button', { name: 'Отправить' }).click();
    const problem = panel.locator('.message-form .problem');
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/\p{Script=Cyrillic}/u);
    expect(await panel.locator('.message-form .field-error').textContent()).toMatch(/\p{Script=Cyrillic}/u);
    await screenshot(alicePage, 'messages-phone-ru-refused');
    expectNoPageErrors(alicePage, [{ pattern: /status of 400/, why: 'the invisible-only text is refused' }]);
    expectNoPageErrors(bobPage);
  });
});
