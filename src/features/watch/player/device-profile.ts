import { FOLLOWER_PROFILES, type FollowerConfig, type FollowerProfile } from '@/engine';
import type { PlayerPreferences } from '@/contracts/entities';

/** What the detection reads of the page (a window, or a stand-in in tests). */
export interface MediaEnvironment {
  HTMLVideoElement?: { prototype: object };
  GestureEvent?: unknown;
}

/**
 * Whether the page's media stack is WebKit's (Safari on the Mac, every browser on an iPad or
 * iPhone): by features only WebKit has — the video element's presentation modes, or gesture
 * events — not by the user-agent string, which iPadOS dresses as a Mac.
 */
export const isWebKitMedia = (env: MediaEnvironment): boolean =>
  (env.HTMLVideoElement !== undefined &&
    'webkitSupportsPresentationMode' in env.HTMLVideoElement.prototype) ||
  typeof env.GestureEvent === 'function';

/** The follower profile for this device: the viewer's choice, else what the browser is. */
export const followerProfileFor = (
  choice: PlayerPreferences['syncProfile'],
  env: MediaEnvironment,
): FollowerProfile => (choice !== 'auto' ? choice : isWebKitMedia(env) ? 'webkit' : 'standard');

/** The follower's configuration for a `<video>` on this device. */
export const deviceFollowerConfig = (
  choice: PlayerPreferences['syncProfile'],
  env: MediaEnvironment = globalThis as MediaEnvironment,
): Partial<FollowerConfig> => FOLLOWER_PROFILES[followerProfileFor(choice, env)];
