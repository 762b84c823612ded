import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/lib/i18n-testing';
import { NameHiddenNotice } from './violation-notice';

const render = (displayNameHidden: boolean | undefined) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng: 'ja' })}>
      <MantineProvider>
        <MemoryRouter>
          <NameHiddenNotice me={{ displayNameHidden }} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );

describe('NameHiddenNotice', () => {
  it('tells the owner of a forbidden name what others see and where the rules are', () => {
    const html = render(true);
    expect(html).toContain('ほかの人には「閲覧権限なし」と表示されています');
    expect(html).toContain('href="/policy"');
  });

  it('is absent for a name others can see', () => {
    expect(render(false)).not.toContain('name-hidden-notice');
    expect(render(undefined)).not.toContain('name-hidden-notice');
    expect(render(true)).toContain('name-hidden-notice');
  });
});
