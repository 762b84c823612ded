import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isHiddenDisplayName } from '@/contracts/user-entities';

export interface PersonName {
  /** The name where a name stands alone (an author line, a list): 'no permission' if hidden. */
  label(displayName: string): string;
  /** The name inside a sentence (「{{name}}さんが…」): 「だれか」 / "Someone" if hidden. */
  inSentence(displayName: string): string;
  /**
   * Whether the server withheld the name (a forbidden name;
   * docs/decisions/0121-login-names-and-withheld-names.md).
   */
  hidden(displayName: string): boolean;
}

/**
 * How another person's display name is shown. The server sends a forbidden name only to its
 * owner and staff; everyone else receives HIDDEN_DISPLAY_NAME, shown as the spec's 'no
 * permission' text where a name stands alone and as "someone" inside a sentence.
 */
export function usePersonName(): PersonName {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      label: (name) => (isHiddenDisplayName(name) ? t('person.noPermission') : name),
      inSentence: (name) => (isHiddenDisplayName(name) ? t('person.someone') : name),
      hidden: isHiddenDisplayName,
    }),
    [t],
  );
}
