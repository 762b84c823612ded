import { describe, expect, it } from 'vitest';
import { fitSize, isAcceptedType, isHeic } from './image-prep';

describe('image preparation rules', () => {
  it('fits inside 900×700 keeping the aspect ratio, never enlarging', () => {
    expect(fitSize(4032, 3024)).toEqual({ width: 900, height: 675 });
    expect(fitSize(3024, 4032)).toEqual({ width: 525, height: 700 });
    expect(fitSize(1800, 1400)).toEqual({ width: 900, height: 700 });
    expect(fitSize(300, 200)).toEqual({ width: 300, height: 200 });
  });

  it('accepts jpg, png, webp, gif and HEIC (by type or name), nothing else', () => {
    expect(isAcceptedType({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isAcceptedType({ type: 'image/gif', name: 'a.gif' })).toBe(true);
    expect(isAcceptedType({ type: '', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(isHeic({ type: 'image/heif', name: 'x' })).toBe(true);
    expect(isAcceptedType({ type: 'image/svg+xml', name: 'a.svg' })).toBe(false);
    expect(isAcceptedType({ type: 'application/pdf', name: 'a.pdf' })).toBe(false);
  });
});
