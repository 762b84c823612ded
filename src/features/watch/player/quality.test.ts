import { describe, expect, it } from 'vitest';
import { chooseQuality, levelFor } from './quality';

describe('chooseQuality', () => {
  it('takes the lower rendition for low=true whatever the preference', () => {
    expect(chooseQuality({ lowParam: true, preference: 'high' })).toBe('low');
  });
  it('takes the lower rendition for a low-quality room or the low preference', () => {
    expect(chooseQuality({ lowParam: false, preference: 'normal', roomQuality: 'low' })).toBe(
      'low',
    );
    expect(chooseQuality({ lowParam: false, preference: 'low' })).toBe('low');
  });
  it('is adaptive for normal and highest for high', () => {
    expect(chooseQuality({ lowParam: false, preference: 'normal', roomQuality: 'high' })).toBe(
      'auto',
    );
    expect(chooseQuality({ lowParam: false, preference: 'high' })).toBe('high');
  });
});

describe('levelFor', () => {
  const bitrates = [450_000, 170_000];
  it('finds the lowest and highest bitrate whatever the playlist order', () => {
    expect(levelFor('low', bitrates)).toBe(1);
    expect(levelFor('high', bitrates)).toBe(0);
  });
  it('leaves the choice to hls.js for auto or an empty list', () => {
    expect(levelFor('auto', bitrates)).toBe(-1);
    expect(levelFor('low', [])).toBe(-1);
  });
});
