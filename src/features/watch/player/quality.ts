import type { PlayerPreferences } from '@/contracts/entities';

/** Which rendition the player loads: the lowest, the highest, or hls.js's adaptive choice. */
export type QualityChoice = 'low' | 'auto' | 'high';

/**
 * low=true in the URL, a room set to low quality, or the preference 'low' → the lower rendition;
 * the preference 'high' → the highest; otherwise adaptive ('normal').
 */
export const chooseQuality = (input: {
  lowParam: boolean;
  preference: PlayerPreferences['videoQuality'];
  roomQuality?: 'low' | 'high' | null;
}): QualityChoice => {
  if (input.lowParam || input.roomQuality === 'low' || input.preference === 'low') return 'low';
  if (input.preference === 'high') return 'high';
  return 'auto';
};

/** The hls.js level index for a choice (-1: automatic), from the levels' bitrates. */
export const levelFor = (choice: QualityChoice, bitrates: readonly number[]): number => {
  if (choice === 'auto' || bitrates.length === 0) return -1;
  let best = 0;
  bitrates.forEach((b, i) => {
    const current = bitrates[best] ?? 0;
    if (choice === 'low' ? b < current : b > current) best = i;
  });
  return best;
};
