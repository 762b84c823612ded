import { MantineProvider } from '@mantine/core';
import { createRef, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Video } from '@/contracts/entities';
import { DEFAULT_PREFERENCES } from './preferences';
import { PlayerView } from './player-view';
import { ViewerControls } from '../panels/viewer-controls';
import { createTestI18n } from '@/lib/i18n-testing';

const video: Video = {
  id: 'v1',
  provider: 'YOUTUBE',
  type: 'ARCHIVE',
  status: 'COMPLETE',
  title: 'Ocean',
  videoId: 'https://youtu.be/dQw4w9WgXcQ',
  captionFile: { ja: '/media/c.ja.vtt', en: '/media/c.en.vtt' },
  lang: 'ja',
  actions: [],
};

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng: 'en' })}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );

const view = (surface: 'video' | 'youtube') =>
  render(
    <PlayerView
      surface={surface}
      videoRef={createRef()}
      youtubeRef={createRef()}
      video={video}
      sizeRate={100}
      overlays={{ chapter: null, telops: [], images: [], discuss: null, vote: null, prompts: [] }}
      loading={false}
      error={null}
      gate={null}
      mutedFallback={false}
      onUnmute={() => undefined}
      fullscreen={null}
    />,
  );

describe('the player surface (issue 14)', () => {
  it('renders the YouTube container instead of the <video> and its caption tracks', () => {
    const html = view('youtube');
    expect(html).toContain('data-testid="watch-youtube"');
    expect(html).not.toContain('<video');
    expect(html).not.toContain('<track');
  });

  it('keeps the <video> with its captions for an HLS video', () => {
    const html = view('video');
    expect(html).toContain('data-testid="watch-video"');
    expect(html).toContain('<track');
    expect(html).not.toContain('watch-youtube');
  });

  it('hides the caption choice where the video shows its own (YouTube)', () => {
    const controls = (captionsChoosable: boolean) =>
      render(
        <ViewerControls
          prefs={DEFAULT_PREFERENCES}
          video={video}
          qualityChoosable={false}
          captionsChoosable={captionsChoosable}
          update={() => undefined}
        />,
      );
    expect(controls(true)).toContain('Captions');
    expect(controls(false)).not.toContain('Captions');
  });
});
