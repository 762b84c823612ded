import type { UpdateUserRequest } from '@/contracts/api/users';
import { DEFAULT_COUNTRY } from '@/contracts/constants';
import type { Lang, Me } from '@/contracts/user-entities';

/** The language pane's choices; null while nothing is chosen. */
export interface LanguageForm {
  lang: Lang | null;
  country: string | null;
  /** A state code, or for Japan a prefecture code '01'..'47'. */
  state: string | null;
}

/** What the server takes as the state of a country without states (spec section 7). */
const NO_STATE = 'undefined';

/** The form as the saved user record fills it: JP by default, the prefecture as Japan's state. */
export function initialLanguageForm(
  me: Pick<Me, 'lang' | 'location' | 'prefecture'>,
): LanguageForm {
  const country = me.location.country.code || DEFAULT_COUNTRY;
  const state = me.location.state?.code ?? (country === 'JP' ? me.prefecture : null);
  return { lang: me.lang, country, state: state && state !== NO_STATE ? state : null };
}

/** Changing the country clears the state (spec: Language save). */
export function changeCountry(form: LanguageForm, country: string | null): LanguageForm {
  return country === form.country ? form : { ...form, country, state: null };
}

/**
 * Save is disabled while loading (the lists or the save itself), when the language or country is
 * missing, or when the country has states and none is chosen. `countryHasStates` is null while
 * that country's states are still loading.
 */
export function canSaveLanguage(
  form: LanguageForm,
  status: { loading: boolean; countryHasStates: boolean | null },
): boolean {
  if (status.loading || status.countryHasStates === null) return false;
  if (!form.lang || !form.country) return false;
  return !status.countryHasStates || form.state !== null;
}

/**
 * The spec's payload: userId, lang, country, state, and prefecture for JP only. A country other
 * than JP without states sends the state as the text 'undefined'. Null when the form cannot be
 * saved.
 */
export function languagePayload(
  userId: string,
  form: LanguageForm,
  countryHasStates: boolean,
): UpdateUserRequest | null {
  if (!form.lang || !form.country) return null;
  if (countryHasStates && !form.state) return null;
  const payload: UpdateUserRequest = { userId, lang: form.lang, country: form.country };
  if (countryHasStates && form.state) payload.state = form.state;
  else if (form.country !== 'JP') payload.state = NO_STATE;
  if (form.country === 'JP' && form.state) payload.prefecture = form.state;
  return payload;
}
