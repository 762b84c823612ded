import { useState } from 'react';
import type { Lang } from '@/contracts/user-entities';
import { translateText } from './api/feedback-api';

/**
 * Translate toggles between the original and the translated text (accounts and people,
 * "Feedback visibility"). The translation is fetched once; a failure keeps the original and
 * raises `failed` so the view can say so. Failures are logged (error catalogue).
 */
export function useTranslateToggle(text: string, lang: Lang) {
  const [translated, setTranslated] = useState<string | null>(null);
  const [showTranslated, setShowTranslated] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (showTranslated) {
      setShowTranslated(false);
      return;
    }
    if (translated !== null) {
      setShowTranslated(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      setTranslated(await translateText(text, lang));
      setShowTranslated(true);
    } catch (e) {
      console.warn('translation failed', e);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return {
    shown: showTranslated && translated !== null ? translated : text,
    showTranslated,
    failed,
    busy,
    toggle: () => void toggle(),
  };
}
