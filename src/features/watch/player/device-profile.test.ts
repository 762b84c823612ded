import { describe, expect, it } from 'vitest';
import { FOLLOWER_PROFILES } from '@/engine';
import { deviceFollowerConfig, followerProfileFor, isWebKitMedia } from './device-profile';

class PlainVideo {}
class SafariVideo {
  webkitSupportsPresentationMode() {
    return true;
  }
}

describe('the device follower profile (issue 27)', () => {
  it('finds WebKit by its own features, not by the user agent', () => {
    expect(isWebKitMedia({ HTMLVideoElement: PlainVideo })).toBe(false);
    expect(isWebKitMedia({ HTMLVideoElement: SafariVideo })).toBe(true);
    expect(isWebKitMedia({ HTMLVideoElement: PlainVideo, GestureEvent: class {} })).toBe(true);
    expect(isWebKitMedia({})).toBe(false);
  });

  it('follows the viewer’s choice over the detection', () => {
    expect(followerProfileFor('auto', { HTMLVideoElement: SafariVideo })).toBe('webkit');
    expect(followerProfileFor('auto', { HTMLVideoElement: PlainVideo })).toBe('standard');
    expect(followerProfileFor('standard', { HTMLVideoElement: SafariVideo })).toBe('standard');
    expect(followerProfileFor('webkit', { HTMLVideoElement: PlainVideo })).toBe('webkit');
    expect(deviceFollowerConfig('webkit', {})).toEqual(FOLLOWER_PROFILES.webkit);
    expect(deviceFollowerConfig('auto', {})).toEqual({});
  });
});
