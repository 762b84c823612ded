import { chromium, type Browser } from 'playwright-core';

/** The system Chromium (Debian package `chromium`); no browser download is possible here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium with the flags this closed network needs: without the background-networking
 * switches Chromium keeps trying to reach Google's hosts and those refused connections pile up.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}
