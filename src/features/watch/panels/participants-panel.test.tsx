import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { HIDDEN_DISPLAY_NAME, type SessionParticipant } from '@/contracts/entities';
import { createTestI18n } from '@/lib/i18n-testing';
import { ParticipantsPanel } from './participants-panel';
import type { ParticipantRoleFilter } from './participants';

const person = (id: string, role: SessionParticipant['role']): SessionParticipant => ({
  id,
  displayName: `name-${id}`,
  image: null,
  role,
  school: null,
  joinedAt: 1,
});

const render = (
  participants: SessionParticipant[],
  defaultRoleFilter: ParticipantRoleFilter,
  lng: 'ja' | 'en' = 'ja',
) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>
        <ParticipantsPanel
          participants={participants}
          statuses={null}
          serverNow={0}
          hostUserId={null}
          defaultRoleFilter={defaultRoleFilter}
        />
      </MantineProvider>
    </I18nextProvider>,
  );

const names = (html: string) => [...html.matchAll(/name-(\w+)/g)].map((m) => m[1]);

describe('ParticipantsPanel role filter', () => {
  const room = [person('t', 'teacher'), person('m', 'member'), person('s', 'supporter')];

  it('offers all, students and supporters as a labelled radio group with counts', () => {
    const html = render(room, 'all');
    expect(html).toContain('aria-label="役割で絞り込む"');
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toContain('すべて 3');
    expect(html).toContain('生徒 1');
    expect(html).toContain('サポーター 1');
    expect(names(html)).toEqual(['t', 'm', 's']);
  });

  it('lists only the chosen role', () => {
    expect(names(render(room, 'member'))).toEqual(['m']);
    expect(names(render(room, 'supporter'))).toEqual(['s']);
  });

  it('says so, with a way back to everyone, when the filter leaves nobody', () => {
    const html = render([person('t', 'teacher'), person('m', 'member')], 'supporter', 'en');
    expect(html).toContain('data-testid="participants-filter-empty"');
    expect(html).toContain('No supporters are in this room.');
    expect(html).toContain('Show all participants');
    expect(names(html)).toEqual([]);
  });

  it('shows a withheld (forbidden) name as no permission, with no initials', () => {
    const hidden = { ...person('h', 'member'), displayName: HIDDEN_DISPLAY_NAME };
    const html = render([hidden], 'all');
    expect(html).toContain('閲覧権限なし');
  });

  it('shows no filter while nobody has joined', () => {
    const html = render([], 'all');
    expect(html).toContain('まだ誰も参加していません。');
    expect(html).not.toContain('type="radio"');
  });
});
