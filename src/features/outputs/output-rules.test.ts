import { describe, expect, it } from 'vitest';
import type { Output } from '@/contracts/entities';
import {
  postRefusal,
  canSubmit,
  isBlankText,
  meetsRecommended,
  mineForWork,
  postedState,
  offersDraft,
  presetImageFor,
  remainingOf,
  shouldAutosave,
  violationStatusesOnEdit,
} from './output-rules';

const content = (description: string, image: string | null = null) => ({ description, image });

describe('output rules', () => {
  it('counts down from 4000 and goes negative when over', () => {
    expect(remainingOf('')).toBe(4000);
    expect(remainingOf('a'.repeat(4000))).toBe(0);
    expect(remainingOf('a'.repeat(4003))).toBe(-3);
  });

  it('treats whitespace, full-width spaces included, as blank', () => {
    expect(isBlankText('')).toBe(true);
    expect(isBlankText(' \n\t')).toBe(true);
    expect(isBlankText('\u3000\u3000')).toBe(true);
    expect(isBlankText('\u3000あ')).toBe(false);
  });

  it('meets the recommended length at 140 non-blank characters', () => {
    expect(meetsRecommended('a'.repeat(139))).toBe(false);
    expect(meetsRecommended(`  ${'a'.repeat(140)}  `)).toBe(true);
  });

  it('picks the preset by creation time in milliseconds modulo 3: green, blue, pink', () => {
    expect(presetImageFor(0)).toBe('/media/images/presets/green.png');
    expect(presetImageFor(1)).toBe('/media/images/presets/blue.png');
    expect(presetImageFor(2)).toBe('/media/images/presets/pink.png');
    expect(presetImageFor(1_732_233_600_001)).toBe(
      [
        '/media/images/presets/green.png',
        '/media/images/presets/blue.png',
        '/media/images/presets/pink.png',
      ][1_732_233_600_001 % 3],
    );
  });

  it('enables submit only when permitted, non-blank, changed and within the limit', () => {
    const published = content('hello');
    expect(canSubmit({ permitted: true, content: content('hi'), published: null })).toBe(true);
    expect(canSubmit({ permitted: false, content: content('hi'), published: null })).toBe(false);
    expect(canSubmit({ permitted: true, content: content('\u3000'), published: null })).toBe(false);
    expect(
      canSubmit({ permitted: true, content: content('a'.repeat(4001)), published: null }),
    ).toBe(false);
    expect(canSubmit({ permitted: true, content: content('hello'), published })).toBe(false);
    expect(
      canSubmit({ permitted: true, content: content('hello', '/uploads/x.jpg'), published }),
    ).toBe(true);
  });

  it('autosaves only non-blank, permitted, changed content within the limit', () => {
    const lastSaved = content('saved');
    expect(shouldAutosave({ permitted: true, content: content('new'), lastSaved })).toBe(true);
    expect(shouldAutosave({ permitted: true, content: content('saved'), lastSaved })).toBe(false);
    expect(shouldAutosave({ permitted: false, content: content('new'), lastSaved })).toBe(false);
    expect(shouldAutosave({ permitted: true, content: content(' \u3000'), lastSaved })).toBe(false);
    expect(shouldAutosave({ permitted: true, content: content('a'.repeat(4001)), lastSaved })).toBe(
      false,
    );
  });

  it('offers a draft newer than the published version by 300 s or more', () => {
    const published = { updatedAt: 1_000_000 };
    expect(offersDraft(published, { updatedAt: 1_000_000 + 299_999 })).toBe(false);
    expect(offersDraft(published, { updatedAt: 1_000_000 + 300_000 })).toBe(true);
    expect(offersDraft(null, { updatedAt: 5 })).toBe(false);
    expect(offersDraft(published, null)).toBe(false);
  });

  it("appends 'updated' to non-empty violation statuses that lack it", () => {
    expect(violationStatusesOnEdit([])).toEqual([]);
    expect(violationStatusesOnEdit(['text'])).toEqual(['text', 'updated']);
    expect(violationStatusesOnEdit(['text', 'updated'])).toEqual(['text', 'updated']);
  });

  it("finds the author's posted output and draft for a work", () => {
    const o = (id: string, userId: string, workId: string, status: Output['status']) =>
      ({ id, userId, workId, status }) as Output;
    const list = [
      o('1', 'u', 'w', 'autosaved'),
      o('2', 'u', 'w', 'pending'),
      o('3', 'v', 'w', 'published'),
    ];
    expect(mineForWork(list, 'u', 'w')).toEqual({ published: list[1], draft: list[0] });
    expect(mineForWork(list, 'u', 'x')).toEqual({ published: null, draft: null });
  });
});

describe('postedState (issue 24: the output moment says what became of the own output)', () => {
  const o = (userId: string, status: Output['status'], updatedAt: number) =>
    ({ id: `${userId}${updatedAt}`, userId, workId: 'w', status, updatedAt }) as Output;

  it('is nothing before the pupil posts, a draft included, and ignores classmates', () => {
    expect(postedState([], 'u')).toBeNull();
    expect(postedState([o('u', 'autosaved', 1), o('v', 'published', 2)], 'u')).toBeNull();
  });

  it("follows the pupil's newest output: posted, held for a teacher, or not published", () => {
    expect(postedState([o('u', 'published', 1)], 'u')).toBe('published');
    expect(postedState([o('u', 'published', 1), o('u', 'pending', 2)], 'u')).toBe('pending');
    expect(postedState([o('u', 'rejected', 3), o('u', 'published', 2)], 'u')).toBe('rejected');
  });
});

describe('postRefusal (issue 9, item 16)', () => {
  it('gives a graduate and a guest each their own reason, and none to a pupil who may post', () => {
    expect(postRefusal({ role: 'graduated', isGuest: false }, false)).toBe('graduated');
    expect(postRefusal({ role: 'member', isGuest: true }, false)).toBe('guest');
    expect(postRefusal({ role: 'member', isGuest: false }, true)).toBeNull();
    expect(postRefusal({ role: 'member', isGuest: false }, false)).toBe('notPermitted');
  });
});
