import { Alert, Button, Group, Radio, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { Lang, type Me } from '@/contracts/entities';
import { useCountries, useStates } from './api/get-location';
import { updateUser } from './api/update-user';
import {
  canSaveLanguage,
  changeCountry,
  initialLanguageForm,
  languagePayload,
  type LanguageForm,
} from './language-rules';
import { saveMachine } from './save-machine';
import { PaneFrame, useSettingsUser } from './settings-page';

export function LanguagePane() {
  const me = useSettingsUser();
  return me ? <LanguageFormView me={me} /> : null;
}

function LanguageFormView({ me }: { me: Me }) {
  const { t } = useTranslation('setting');
  const [form, setForm] = useState<LanguageForm>(() => initialLanguageForm(me));
  // Names follow the saved language (the page reloads after a save anyway).
  const countries = useCountries(me.lang);
  const states = useStates(me.lang, form.country);
  const countryHasStates = states.isSuccess ? states.data.length > 0 : null;

  // The machine is built once; the save reads the form as it is when Save is pressed.
  const latest = useRef({ form, countryHasStates });
  useEffect(() => {
    latest.current = { form, countryHasStates };
  });
  const [machine] = useState(() =>
    saveMachine.provide({
      actors: {
        save: fromPromise(async () => {
          const { form: current, countryHasStates: hasStates } = latest.current;
          const payload = languagePayload(me._id, current, hasStates === true);
          if (!payload) throw new Error('the form cannot be saved');
          await updateUser(me._id, payload);
        }),
      },
      actions: {
        notifySuccess: () =>
          void notifications.show({ message: t('languageSetSuccessfully'), color: 'teal' }),
        notifyFailure: () =>
          void notifications.show({
            message: t('languageSetFailure'),
            color: 'red',
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
        reload: () => window.location.reload(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const busy =
    snapshot.matches('saving') || snapshot.matches('success') || snapshot.status === 'done';
  const loading = countries.isPending || (form.country !== null && states.isPending) || busy;
  const canSave = canSaveLanguage(form, { loading, countryHasStates });

  const edit = (next: LanguageForm) => {
    setForm(next);
    send({ type: 'form.edit' });
  };

  const isJapan = form.country === 'JP';
  return (
    <PaneFrame title={t('language.title')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) send({ type: 'save.submit' });
        }}
      >
        <Stack gap="lg" maw={480}>
          <Radio.Group
            label={t('language.lang')}
            value={form.lang ?? ''}
            onChange={(value) => {
              const lang = Lang.safeParse(value);
              edit({ ...form, lang: lang.success ? lang.data : null });
            }}
          >
            <Group mt="xs">
              {Lang.options.map((lang) => (
                <Radio key={lang} value={lang} label={t(`language.${lang}`)} />
              ))}
            </Group>
          </Radio.Group>

          {countries.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('language.loadFailed')}
            </Alert>
          )}
          <Select
            label={t('language.country')}
            placeholder={t('language.countryPlaceholder')}
            data={(countries.data ?? []).map((c) => ({ value: c.isoCode, label: c.name }))}
            value={form.country}
            onChange={(country) => edit(changeCountry(form, country))}
            searchable
            allowDeselect={false}
            disabled={countries.isPending}
            required
            comboboxProps={{ withinPortal: true }}
          />
          {countryHasStates && (
            <Select
              label={isJapan ? t('language.prefecture') : t('language.state')}
              placeholder={t('language.statePlaceholder')}
              data={(states.data ?? []).map((s) => ({ value: s.isoCode, label: s.name }))}
              value={form.state}
              onChange={(state) => edit({ ...form, state })}
              searchable
              allowDeselect={false}
              required
              error={
                form.state === null
                  ? t(isJapan ? 'language.prefectureRequired' : 'language.stateRequired')
                  : undefined
              }
            />
          )}
          <Group>
            <Button type="submit" disabled={!canSave} loading={snapshot.matches('saving')}>
              {t('language.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PaneFrame>
  );
}
