import { describe, expect, it } from 'vitest';
import { slideValue } from './slide-values';

describe('slide item values', () => {
  it('reads each type from values by mappingId, falling back to the schema value', () => {
    const values = {
      t: 'Birds',
      tags: ['#birds', 'map'],
      d: { Species: 14 },
      rows: [{ Place: 'Park', Birds: '9' }, { Place: 'School' }],
      when: '2026-11-01T00:00:00Z',
    };
    expect(slideValue({ type: 'title', mappingId: 't' }, values)).toEqual({
      kind: 'title',
      text: 'Birds',
    });
    expect(slideValue({ type: 'text', mappingId: 'x', value: 'Default' }, values)).toEqual({
      kind: 'text',
      text: 'Default',
    });
    expect(slideValue({ type: 'hashTag', mappingId: 'tags' }, values)).toMatchObject({
      tags: ['birds', 'map'],
    });
    expect(slideValue({ type: 'dictionary', mappingId: 'd' }, values)).toEqual({
      kind: 'dictionary',
      entries: [['Species', '14']],
    });
    expect(slideValue({ type: 'dictionaryArray', mappingId: 'rows' }, values)).toEqual({
      kind: 'dictionaryArray',
      columns: ['Place', 'Birds'],
      rows: values.rows,
    });
    expect(slideValue({ type: 'date', mappingId: 'when' }, values)).toEqual({
      kind: 'date',
      at: Date.parse('2026-11-01T00:00:00Z'),
    });
  });

  it('shows a value of the wrong shape, or an unsafe picture, as empty', () => {
    expect(slideValue({ type: 'list', mappingId: 'a' }, { a: 'not a list' })).toEqual({
      kind: 'empty',
    });
    expect(slideValue({ type: 'image', mappingId: 'i' }, { i: 'javascript:alert(1)' })).toEqual({
      kind: 'empty',
    });
    expect(slideValue({ type: 'image', mappingId: 'i' }, { i: '/media/a.jpg' })).toEqual({
      kind: 'image',
      src: '/media/a.jpg',
    });
    expect(slideValue({ type: 'date', mappingId: 'd' }, { d: 'someday' })).toEqual({
      kind: 'empty',
    });
  });
});
