import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../../src/contracts/constants';
import { text } from './locales';

export interface SignInOptions {
  lang?: 'ja' | 'en';
  /**
   * Let the home page's once-a-day notification popup open (the home test checks it). Off by
   * default: the popup is a modal that opens when its fetch resolves, so a test about something
   * else on the home page would race it — stored show-after a day ahead, as if already shown.
   */
  notificationPopup?: boolean;
}

/** Signs in through the real login form, as a person would, in the page's current language. */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: string,
  password: string,
  { lang = 'ja', notificationPopup = false }: SignInOptions = {},
) {
  await page.goto(`${baseUrl}/login`);
  if (!notificationPopup) {
    await page.evaluate(([key, at]) => localStorage.setItem(key, at), [
      STORAGE_KEYS.notificationShowAfter,
      String(Date.now() + 24 * 60 * 60 * 1000),
    ] as const);
  }
  await page.getByLabel(text(lang, 'login:accountName.label')).fill(account);
  await page.getByLabel(text(lang, 'login:password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lang, 'login:submit'), exact: true }).click();
}
