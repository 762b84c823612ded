import { LegalTextPage } from './legal-text-page';

/** /privacy: the privacy policy for school-plan applicants, Japanese for ja users, else English. */
export function PrivacyPage() {
  return <LegalTextPage section="privacy" />;
}
