import { Alert, Button, Group, Radio, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { Lang, type Me } from '@/contracts/user-entities';
import { meQueryKey } from '@/features/auth';
import { applyLanguage, i18n } from '@/lib/i18n';
import { useCountries, useStates } from './api/get-location';
import { updateUser } from '@/features/auth/queries';
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
  // After a save the form starts again from the new `me`, with a fresh save machine.
  const [generation, setGeneration] = useState(0);
  return me ? (
    <LanguageFormView key={generation} me={me} onSaved={() => setGeneration((g) => g + 1)} />
  ) : null;
}

function LanguageFormView({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const { t } = useTranslation('setting');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LanguageForm>(() => initialLanguageForm(me));
  // Names follow the saved language (the form starts again after a save).
  const countries = useCountries(me.lang);
  const states = useStates(me.lang, form.country);
  const countryHasStates = states.isSuccess ? states.data.length > 0 : null;

  // The machine is built once; the save reads the form as it is when Save is pressed.
  const latest = useRef({ form, countryHasStates });
  const savedRef = useRef<Me | null>(null);
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
          const saved = await updateUser(me._id, payload);
          // In place, no reload (issue 9, item 19): the page speaks the new language at once.
          if (saved.lang) await applyLanguage(saved.lang);
          savedRef.current = saved;
        }),
      },
      actions: {
        notifySuccess: () =>
          void notifications.show({
            message: i18n.t('setting:languageSetSuccessfully'),
            color: 'teal',
          }),
        notifyFailure: () =>
          void notifications.show({
            message: t('languageSetFailure'),
            color: 'red',
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
        // After the success message: the new `me` restarts the form (see LanguagePane).
        reload: () => {
          const saved = savedRef.current;
          if (saved) {
            const changed = saved.lang !== me.lang;
            queryClient.setQueryData(meQueryKey, saved);
            // The server answers content in the reader's language (issue 9, item 15): what was
            // read in the old one is read again.
            if (changed) {
              void queryClient.invalidateQueries({
                predicate: (q) => q.queryKey[0] !== meQueryKey[0],
              });
            }
          }
          onSaved();
        },
      },
      delays: { reloadDelay: 0 },
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
