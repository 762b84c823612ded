import { describe, expect, it } from 'vitest';
import { hidesImage, outputViolationKind } from './violation-kind';

describe('outputViolationKind', () => {
  it.each([
    [['text', 'image'], 'textAndImage'],
    [['image', 'text', 'updated'], 'textAndImage'],
    [['text'], 'text'],
    [['text', 'updated'], 'text'],
    [['image'], 'image'],
    [['image', 'image-warning'], 'image'],
    [['image-warning'], 'imageCopyright'],
    [['updated'], null],
    [[], null],
  ] as const)('%j → %s', (statuses, kind) => {
    expect(outputViolationKind(statuses)).toBe(kind);
  });

  it('hides the picture for every image kind and only those', () => {
    expect(hidesImage('textAndImage')).toBe(true);
    expect(hidesImage('image')).toBe(true);
    expect(hidesImage('imageCopyright')).toBe(true);
    expect(hidesImage('text')).toBe(false);
    expect(hidesImage('unitOutput')).toBe(false);
    expect(hidesImage(null)).toBe(false);
  });
});
