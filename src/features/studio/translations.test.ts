import { describe, expect, it } from 'vitest';
import { splitTranslations, withTranslations, type EditMoment } from './moments';
import { workDraftOf, workInputOf } from './works-editor';

describe('moments in two languages (issue 24)', () => {
  const chapter: EditMoment = {
    start: 0,
    end: 5,
    action: 'chapter',
    params: { name: 'はじめに' },
    en: { name: 'Introduction' },
  };
  const vote: EditMoment = {
    start: 5,
    end: 9,
    action: 'vote',
    params: { name: 'どれ？', discussId: 'vote-1', choices: ['海', '山'] },
    en: { name: 'Which?', choices: ['The sea', ''] },
  };

  it('sends each moment’s English by position, an empty choice filled with the Japanese', () => {
    const { actions, actionTranslations } = splitTranslations([chapter, vote]);
    expect(actions.every((a) => !('en' in a))).toBe(true);
    expect(actionTranslations).toEqual([
      { name: 'Introduction' },
      { name: 'Which?', choices: ['The sea', '山'] },
    ]);
  });

  it('sends no translations when none is written, and reads stored ones back beside their moments', () => {
    const bare = { ...chapter, en: {} };
    expect(splitTranslations([bare]).actionTranslations).toEqual([]);
    const { actions, actionTranslations } = splitTranslations([chapter, vote]);
    expect(withTranslations(actions, actionTranslations)[0]!.en).toEqual({ name: 'Introduction' });
  });
});

describe('a work written in the studio', () => {
  it('keeps empty English questions empty (the reader falls back to the Japanese)', () => {
    const d = workDraftOf(null);
    d.title = '海';
    d.titleEn = 'Sea';
    d.questions = [
      { ja: '一つ目', en: 'First' },
      { ja: '二つ目', en: '' },
      { ja: '', en: 'dropped with its Japanese' },
    ];
    expect(workInputOf(d, null)).toMatchObject({
      title: '海',
      questions: ['一つ目', '二つ目'],
      en: { title: 'Sea', questions: ['First', ''] },
    });
  });
});

describe('the studio preview in English', () => {
  it('reads a moment as a pupil reading in English would, falling back to the Japanese', async () => {
    const { inEnglish } = await import('./moments');
    const vote: EditMoment = {
      start: 0,
      action: 'vote',
      params: { name: 'どれ？', discussId: 'vote-1', choices: ['海', '山'] },
      en: { choices: ['Sea', ''] },
    };
    expect(inEnglish(vote).params).toMatchObject({
      name: 'どれ？',
      choices: ['海', '山'],
      labels: ['Sea', '山'],
    });
  });
});
