import { describe, expect, it } from 'vitest';
import { rememberedAfterChange, shouldOfferFullscreen } from './fullscreen';

describe('shouldOfferFullscreen', () => {
  const base = {
    remembered: true,
    supported: true,
    joined: true,
    active: false,
    answered: false,
    busy: false,
  };

  it('offers full screen to a viewer who last watched so, once they are watching', () => {
    expect(shouldOfferFullscreen(base)).toBe(true);
  });

  it.each([
    ['not remembered', { remembered: false }],
    ['the browser cannot', { supported: false }],
    ['before the join tap', { joined: false }],
    ['already full screen', { active: true }],
    ['answered on this page', { answered: true }],
    ['while the resume offer is open', { busy: true }],
  ])('does not offer it %s', (_, change) => {
    expect(shouldOfferFullscreen({ ...base, ...change })).toBe(false);
  });
});

describe('rememberedAfterChange', () => {
  const stage = { isConnected: true };

  it('remembers full screen when the stage went full screen', () => {
    expect(rememberedAfterChange({ fullscreenElement: stage, stage })).toBe(true);
  });

  it('forgets it when the viewer left full screen and the page stays', () => {
    expect(rememberedAfterChange({ fullscreenElement: null, stage })).toBe(false);
    expect(rememberedAfterChange({ fullscreenElement: { other: true }, stage })).toBe(false);
  });

  it('leaves it as it was when full screen ended because the page went away', () => {
    const gone = { isConnected: false };
    expect(rememberedAfterChange({ fullscreenElement: null, stage: gone })).toBeNull();
    expect(rememberedAfterChange({ fullscreenElement: null, stage: null })).toBeNull();
  });
});
