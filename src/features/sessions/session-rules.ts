import type { Session } from '@/contracts/entities';
import type { Lang, SessionStatus } from '@/contracts/entities';

/** The fields a card or page needs to show a session in one language. */
export type LocalizableSession = Pick<
  Session,
  'title' | 'image' | 'thumbnailImage' | 'titleImage' | 'ja' | 'en'
>;

export interface LocalizedSession {
  title: string;
  image: string;
  /** The card picture: the thumbnail when there is one, else the main image. */
  thumbnail: string;
  titleImage: string | undefined;
}

/** Title and images in the user's language, falling back to the session's own. */
export function localizeSession(session: LocalizableSession, lang: Lang): LocalizedSession {
  const variant = session[lang];
  const image = variant?.image || session.image;
  return {
    title: variant?.title || session.title,
    image,
    thumbnail: variant?.thumbnailImage || session.thumbnailImage || image,
    titleImage: session.titleImage || undefined,
  };
}

/** The solo archive watch page (no stream: only lang is passed). */
export function soloWatchUrl(sessionId: string, lang: Lang): string {
  return `/session/${encodeURIComponent(sessionId)}/watch/?${new URLSearchParams({ lang }).toString()}`;
}

/** A document link is rendered only when it is a web address (never javascript: or data:). */
export function safeLinkUrl(url: string): string | null {
  try {
    const parsed = new URL(url, 'https://invalid.local');
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    // Relative links stay on this site; absolute ones keep their host.
    return /^https?:\/\//i.test(url) ? parsed.toString() : url.startsWith('/') ? url : null;
  } catch {
    return null;
  }
}

/** The home URL that brings up the session-disabled modal. */
export const disabledRedirectUrl = (sessionId: string): string =>
  `/?${new URLSearchParams({ redirectSessionId: sessionId }).toString()}`;

/** What the session page does once it knows the session and the watchArchive permission. */
export type SessionPageOutcome = 'show' | 'notFound' | 'disabled';

export function sessionPageOutcome(
  session: Pick<Session, 'id'> | null,
  mayWatch: boolean,
): SessionPageOutcome {
  if (!session || !session.id) return 'notFound';
  return mayWatch ? 'show' : 'disabled';
}

/**
 * How the solo "watch" button is worded (issue 9, item 17): a finished session is watched as an
 * archive; a live or upcoming one is watched alone, not "as an archive".
 */
export const soloWatchKind = (status: SessionStatus): 'archive' | 'live' =>
  status === 'COMPLETE' ? 'archive' : 'live';
