/**
 * The account page's play settings (docs/architecture.md, "Web client"), in Chromium against the
 * real service: "Play a forced move for me" sets `autoPlayForced` (PATCH /api/users/me) and shows the
 * account's setting after a reload.
 */
import {
  axeCheck,
  describeInBrowser,
  expectNoPageErrors,
  registerUser,
  signInPage,
  useWebHarness,
} from './support/index.js';
import { getJson } from './support/match-driver.js';

const PASSWORD = 'play-settings-password-1';

describeInBrowser('the account page’s play settings', () => {
  const web = useWebHarness();

  it('turns autoPlayForced on and off, kept on the account', async () => {
    const dora = await registerUser(web.baseUrl, 'settings_dora', PASSWORD);
    const context = await web.person();
    await signInPage(context, web.baseUrl, 'settings_dora', PASSWORD);
    const page = await web.open('/account', context);
    const box = page.getByRole('checkbox', { name: /Play a forced move for me/ });
    await box.waitFor({ state: 'visible' });
    const setting = async (): Promise<boolean> =>
      (await getJson<{ autoPlayForced: boolean }>(web.baseUrl, '/api/users/me', dora)).autoPlayForced;
    const before = await setting();
    expect(await box.isChecked()).toBe(before);

    await box.click();
    await page.getByText('Saved.').waitFor({ state: 'visible' });
    expect(await setting()).toBe(!before);
    await page.reload();
    await page.getByRole('checkbox', { name: /Play a forced move for me/ }).waitFor({ state: 'visible' });
    expect(await page.getByRole('checkbox', { name: /Play a forced move for me/ }).isChecked()).toBe(!before);
    await axeCheck(page, 'the account page');

    await page.getByRole('checkbox', { name: /Play a forced move for me/ }).click();
    await page.getByText('Saved.').waitFor({ state: 'visible' });
    expect(await setting()).toBe(before);
    expectNoPageErrors(page);
  });
});
