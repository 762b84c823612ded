import type { Page } from 'playwright-core';
import { text } from './locales';

/**
 * What every room test does the way a teacher and students do it (issues 3, 9, 15): the teacher
 * creates a room on the home page, and each viewer follows the room card's start/join link to
 * the watch page and taps the join button. The texts are the Japanese UI's.
 */

/** A label as Mantine renders it: a required field's label gets ' *'. */
const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** The room's card on the home page, found by its name as a screen reader would. */
export const roomCard = (page: Page, name: string) => page.getByRole('article', { name });

/**
 * On the teacher's home page: opens the room form, picks the session (by its id: an archive and
 * a live twin may read alike), names the room, Japanese, for one class, and creates it. Resolves
 * once the teacher's own card is on the page.
 */
export async function createRoom(
  page: Page,
  room: { sessionId: string; name: string; className: string },
): Promise<void> {
  await page.getByRole('button', { name: text('ja', 'rooms:create'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text('ja', 'rooms:form.createTitle') });
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: labelled(text('ja', 'rooms:form.session')) }).click();
  await page.locator(`[role="option"][value="${room.sessionId}"]`).click();
  await dialog.getByLabel(labelled(text('ja', 'rooms:form.name'))).fill(room.name);
  await dialog.getByRole('radio', { name: text('ja', 'rooms:form.langJa') }).check();
  await dialog.getByRole('checkbox', { name: room.className }).check();
  await dialog.getByRole('button', { name: text('ja', 'rooms:form.submitCreate') }).click();
  await roomCard(page, room.name).waitFor();
}

/**
 * Follows the room card's start (host) or join (student) link to the watch page and taps the
 * join button. With `debugSync` the page is loaded again with the read-only sync hook on
 * (`support/sync.ts` reads it). Returns the watch page's URL.
 */
export async function enterRoom(
  page: Page,
  roomName: string,
  linkKey: 'rooms:card.start' | 'rooms:card.join',
  o: { debugSync?: boolean } = {},
): Promise<URL> {
  await roomCard(page, roomName)
    .getByRole('link', { name: text('ja', linkKey) })
    .click();
  await page.waitForURL(/\/session\/[^/]+\/watch\/\?/);
  const url = new URL(page.url());
  if (o.debugSync) {
    url.searchParams.set('debugSync', '1');
    await page.goto(url.toString());
  }
  await page.getByTestId('join').click();
  await page.getByTestId('join').waitFor({ state: 'detached' });
  return url;
}
