import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Video } from '@/contracts/entities';
import { createTestI18n } from '@/lib/i18n-testing';
import { FullscreenOffer } from './fullscreen-offer';
import { GuestTimeText } from './guest-time-note';
import type { Overlays } from '../session/overlays';
import { PlayerView, type PlayerViewProps } from '../player/player-view';

const render = (node: ReactNode, lng: 'ja' | 'en' = 'ja') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );

const video: Video = {
  id: 'v1',
  provider: 'HLS',
  type: 'ARCHIVE',
  status: 'COMPLETE',
  title: 'Ocean',
  videoId: '/media/ocean/index.m3u8',
  lang: 'ja',
  actions: [],
};
const noOverlays: Overlays = {
  chapter: null,
  telops: [],
  images: [],
  discuss: null,
  vote: null,
  prompts: [],
};
const player = (props: Partial<PlayerViewProps>) =>
  render(
    <PlayerView
      surface="video"
      videoRef={{ current: null }}
      youtubeRef={{ current: null }}
      video={video}
      sizeRate={75}
      overlays={noOverlays}
      loading={false}
      error={null}
      gate={null}
      mutedFallback={false}
      onUnmute={() => undefined}
      fullscreen={null}
      {...props}
    />,
  );

describe('the full-screen button on the player', () => {
  it('enters full screen, named for screen readers, once the viewer is watching', () => {
    const html = player({ fullscreen: { active: false, onToggle: () => undefined } });
    expect(html).toContain('aria-label="全画面表示"');
    expect(html).toContain('aspect-ratio:16 / 9');
  });

  it('leaves full screen, and the video fills the stage, while full screen', () => {
    const html = player({ fullscreen: { active: true, onToggle: () => undefined } });
    expect(html).toContain('aria-label="全画面を終了"');
    expect(html).not.toContain('aspect-ratio');
  });

  it('is absent where the browser cannot go full screen, and under the join gate', () => {
    expect(player({})).not.toContain('fullscreen-toggle');
    const gated = player({
      fullscreen: { active: false, onToggle: () => undefined },
      gate: <button type="button">join</button>,
    });
    expect(gated).not.toContain('fullscreen-toggle');
  });
});

describe('the full-screen offer', () => {
  it('says why it asks and offers both answers', () => {
    const html = render(<FullscreenOffer onAccept={() => undefined} onDecline={() => undefined} />);
    expect(html).toContain('前回は全画面で見ていました。');
    expect(html).toContain('全画面で見る');
    expect(html).toContain('このまま見る');
  });
});

describe('the guest time note', () => {
  it('reads the watched time in hours and minutes, in both languages', () => {
    expect(render(<GuestTimeText seconds={30} />)).toContain(
      'このゲストアカウントでこの端末で視聴した時間：1分未満',
    );
    expect(render(<GuestTimeText seconds={3900} />)).toContain('1時間5分');
    expect(render(<GuestTimeText seconds={720} />, 'en')).toContain(
      'Watched with this guest account on this device: 12 min',
    );
  });
});
