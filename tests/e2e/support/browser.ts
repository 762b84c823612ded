import { chromium, type Browser } from 'playwright-core';

/** The system Chromium (Debian package `chromium`); no browser download is possible here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium with the flags this closed network needs: without the background-networking
 * switches Chromium keeps trying to reach Google's hosts and those refused connections pile up.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  // The pages follow the browser's language before sign-in (issue 9, item 7); the suite browses
  // as a Japanese school's browsers do unless a test asks for another locale.
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: 'ja-JP', ...options });
  browser.newPage = (options = {}) => newPage({ locale: 'ja-JP', ...options });
  return browser;
}
