import { useCallback, useEffect, useRef, useState } from 'react';
import type { OAuthMode, OAuthPopupMessage, OAuthProvider } from '@/contracts/api/oauth';
import { startOAuth } from './api/oauth';
import { oauthPopupResult } from './cross-window';

export type ProviderPopupOutcome =
  | { kind: 'result'; message: OAuthPopupMessage }
  /** The browser refused to open the popup. */
  | { kind: 'blocked' }
  /** The server could not start the attempt. */
  | { kind: 'startFailed'; error: unknown };

const POPUP_FEATURES = 'popup,width=500,height=680';
const CLOSED_POLL_MS = 500;

/**
 * Runs a Google or Microsoft sign-in in a popup: the window is opened at once (inside the click,
 * or popup blockers refuse it), then pointed at the provider page the server chose. The popup's
 * result arrives by postMessage from our own origin; closing it by hand just ends the wait.
 *
 * The popup posts its result and closes itself at once, so the opener may see `closed` before the
 * message is delivered (a busy machine does: the Google sign-in e2e lost the token that way). The
 * window we opened is therefore still recognised after it closed, until a result arrives or
 * another popup is opened.
 */
export function useProviderPopup(
  mode: OAuthMode,
  onOutcome: (outcome: ProviderPopupOutcome) => void,
) {
  const popupRef = useRef<Window | null>(null);
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const onOutcomeRef = useRef(onOutcome);
  useEffect(() => {
    onOutcomeRef.current = onOutcome;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = oauthPopupResult(event, window.location.origin, popupRef.current);
      if (!message) return;
      popupRef.current = null;
      setPending(null);
      onOutcomeRef.current({ kind: 'result', message });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!pending) return undefined;
    const timer = window.setInterval(() => {
      if (popupRef.current?.closed) setPending(null);
    }, CLOSED_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending]);

  const open = useCallback(
    (provider: OAuthProvider) => {
      const popup = window.open('about:blank', 'tomoni-oauth', POPUP_FEATURES);
      if (!popup) {
        onOutcomeRef.current({ kind: 'blocked' });
        return;
      }
      popupRef.current = popup;
      setPending(provider);
      startOAuth(provider, mode).then(
        ({ url }) => {
          popup.location.href = url;
        },
        (error: unknown) => {
          popup.close();
          popupRef.current = null;
          setPending(null);
          onOutcomeRef.current({ kind: 'startFailed', error });
        },
      );
    },
    [mode],
  );

  return { open, pending };
}
