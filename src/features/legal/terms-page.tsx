import { LegalTextPage } from './legal-text-page';

/** /terms: the school-plan terms of use, Japanese for ja users and English otherwise. */
export function TermsPage() {
  return <LegalTextPage section="terms" />;
}
