import { describe, expect, it } from 'vitest';
import { surveyIdentificationNumber, surveyLink } from './survey-id';

describe('survey identification number', () => {
  it('takes the group name before the first underscore, then _ and the user id', () => {
    expect(surveyIdentificationNumber('tomoni_2A_2026', 'student01')).toBe('tomoni_student01');
    expect(surveyIdentificationNumber('_x', 'u1')).toBe('_u1');
  });

  it('uses a name without an underscore whole, and gives nothing without a group', () => {
    expect(surveyIdentificationNumber('Class 2-A', 'student01')).toBe('Class 2-A_student01');
    expect(surveyIdentificationNumber(null, 'student01')).toBeNull();
  });

  it('adds the number to the survey URL as id', () => {
    expect(surveyLink('https://forms.example/s?lang=ja', 'Class 2-A_student01')).toBe(
      'https://forms.example/s?lang=ja&id=Class+2-A_student01',
    );
    expect(surveyLink('https://forms.example/s', null)).toBe('https://forms.example/s');
    expect(surveyLink(null, 'x_y')).toBeNull();
    expect(surveyLink('not a url', 'x_y')).toBeNull();
  });
});
