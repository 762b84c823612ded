import { useTranslation } from 'react-i18next';
import { legalLanguage } from './legal-document';

/**
 * The legal namespace fixed to ja or en: the UI may one day offer more languages, but the legal
 * texts exist only in these two, and anything but Japanese reads the English version.
 */
export function useLegalTranslation() {
  const { i18n } = useTranslation();
  const lang = legalLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { t } = useTranslation('legal', { lng: lang });
  return { t, lang };
}
