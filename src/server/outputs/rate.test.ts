import { describe, expect, it } from 'vitest';
import { presetImageFor } from '../../contracts/api/outputs';
import { OUTPUT_SELECTION } from '../../contracts/constants';
import { rateOutput } from './rate';

const upload = '/uploads/3f2a.jpg';

describe('rateOutput', () => {
  it('is 0 for an output held by screening, whatever its length', () => {
    expect(rateOutput({ description: 'x'.repeat(400), images: [upload], held: true })).toBe(0);
  });

  it('gives 30 plus one point per character (at most 50) plus 20 for an own picture', () => {
    expect(rateOutput({ description: 'とても', images: [], held: false })).toBe(33);
    expect(rateOutput({ description: 'a'.repeat(20), images: [], held: false })).toBe(50);
    expect(rateOutput({ description: 'a'.repeat(19), images: [], held: false })).toBe(49);
    expect(rateOutput({ description: 'a'.repeat(50), images: [upload], held: false })).toBe(100);
    expect(rateOutput({ description: 'a'.repeat(1000), images: [], held: false })).toBe(80);
  });

  it('counts no whitespace or invisible characters, and a preset picture is not the pupil’s', () => {
    const padded = `${'　 \n'.repeat(50)}\u200b\u200bab`;
    expect(rateOutput({ description: padded, images: [], held: false })).toBe(32);
    const preset = presetImageFor(Date.UTC(2026, 0, 1));
    expect(rateOutput({ description: 'ab', images: [preset], held: false })).toBe(32);
    expect(rateOutput({ description: 'ab', images: [upload], held: false })).toBe(52);
  });

  it('lets an ordinary pupil output into the min and random pools', () => {
    const ordinary = '宇宙の話がおもしろかった。地球の外から見ると国境がないことにおどろいた。';
    expect(rateOutput({ description: ordinary, images: [], held: false })).toBeGreaterThanOrEqual(
      OUTPUT_SELECTION.minRate,
    );
  });
});
