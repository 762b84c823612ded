import { describe, expect, it } from 'vitest';
import { createTestI18n } from './i18n-testing';
import { pageTitle } from './page-title';

describe('browser titles (issue 9, item 15)', () => {
  it('end every page with the same suffix, once', () => {
    expect(pageTitle('ログイン')).toBe('ログイン | Tomoni');
    expect(pageTitle('設定 | Tomoni')).toBe('設定 | Tomoni');
  });

  it('keep the spec\'s "Top" for home, in the reader\'s own script (issue 24: not two words)', () => {
    const ja = createTestI18n({ lng: 'ja' }).getFixedT('ja', 'home')('documentTitle');
    const en = createTestI18n({ lng: 'en' }).getFixedT('en', 'home')('documentTitle');
    expect(pageTitle(ja)).toBe('トップ | Tomoni');
    expect(pageTitle(en)).toBe('Top | Tomoni');
  });
});
