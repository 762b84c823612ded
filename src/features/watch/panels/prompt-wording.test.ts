import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/lib/i18n-testing';

// Issue 9, item 11: the output prompt's button opens the posting dialog on the watch page, so its
// label says that, not "opens the session page in a new tab"; so does the reflection prompt's
// since issue 24 (the editor opens in place). The feedback prompt still opens a tab.
describe('output prompt button wording', () => {
  for (const lng of ['ja', 'en'] as const) {
    it(`${lng}: says it lets the pupil write the output, and mentions no new tab`, () => {
      const i18n = createTestI18n({ lng });
      const t = i18n.getFixedT(lng, 'watch');
      const label = i18n.getFixedT(lng, 'outputs')('prompt.write');
      expect(label).not.toMatch(/新しいタブ|new tab|セッションページ|session page/i);
      expect(label).toMatch(lng === 'ja' ? /アウトプット/ : /output/i);
      const reflection = t('prompt.reflection.open');
      expect(reflection).not.toMatch(/新しいタブ|new tab|セッションページ|session page/i);
      expect(reflection).toMatch(lng === 'ja' ? /ふりかえり/ : /reflection/i);
      expect(t('prompt.feedback.open')).toMatch(/新しいタブ|new tab/i);
    });
  }
});
