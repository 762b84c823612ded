import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { HIDDEN_DISPLAY_NAME } from '@/contracts/user-entities';
import { createTestI18n } from './i18n-testing';
import { usePersonName } from './person-name';

function Names({ name }: { name: string }) {
  const names = usePersonName();
  return (
    <p>
      {names.label(name)}|{names.inSentence(name)}|{String(names.hidden(name))}
    </p>
  );
}

const render = (name: string, lng: 'ja' | 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <Names name={name} />
    </I18nextProvider>,
  );

describe('usePersonName', () => {
  it('shows a withheld name as no permission alone and as someone in a sentence', () => {
    expect(render(HIDDEN_DISPLAY_NAME, 'ja')).toBe('<p>閲覧権限なし|だれか|true</p>');
    expect(render(HIDDEN_DISPLAY_NAME, 'en')).toBe('<p>No permission|Someone|true</p>');
  });

  it('leaves every other name as it is', () => {
    expect(render('Haruto', 'ja')).toBe('<p>Haruto|Haruto|false</p>');
  });
});
