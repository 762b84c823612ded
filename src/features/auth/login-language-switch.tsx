import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Lang, toLang } from '@/contracts/user-entities';
import { applyLanguage } from '@/lib/i18n';

/**
 * 日本語 | English on the login page (issue 9, item 7): switches in place and is remembered by
 * the browser, so the page after logging out speaks the same language.
 */
export function LoginLanguageSwitch() {
  const { t, i18n } = useTranslation('login');
  const current = toLang(i18n.language, 'ja');
  return (
    <Group justify="flex-end">
      <SegmentedControl
        size="xs"
        aria-label={t('languageSwitch.label')}
        value={current}
        onChange={(value) => {
          const lang = Lang.safeParse(value);
          if (lang.success) void applyLanguage(lang.data);
        }}
        data={Lang.options.map((lang) => ({
          value: lang,
          label: <span lang={lang}>{t(`languageSwitch.${lang}`)}</span>,
        }))}
      />
    </Group>
  );
}
