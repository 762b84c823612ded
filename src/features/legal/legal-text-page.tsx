import { useDocumentTitle } from '@mantine/hooks';
import { LegalDocument } from './legal-document';
import { LegalDocumentView } from './legal-document-view';
import { useLegalTranslation } from './use-legal-translation';

/** Terms and privacy differ only in their texts: both read one LegalDocument from the namespace. */
export function LegalTextPage({ section }: { section: 'terms' | 'privacy' }) {
  const { t, lang } = useLegalTranslation();
  const parsed = LegalDocument.safeParse(t(section, { returnObjects: true }));
  useDocumentTitle(parsed.success ? parsed.data.documentTitle : '');
  if (!parsed.success) {
    // Missing or malformed texts are a build mistake (the namespace is not loaded, or legal.json
    // lost a key): fail loudly so the app's error page shows rather than an empty legal page.
    throw new Error(`legal: the ${section} texts for ${lang} are missing or malformed`);
  }
  return <LegalDocumentView document={parsed.data} lang={lang} />;
}
