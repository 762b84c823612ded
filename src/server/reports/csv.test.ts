import { describe, expect, it } from 'vitest';
import { CSV_BOM, toCsv } from './csv';

describe('toCsv', () => {
  it('starts with the BOM, quotes commas, quotes and newlines, ends lines with CRLF', () => {
    const text = toCsv(
      ['名前', 'note'],
      [
        ['佐藤, 花子', 'said "hi"\nbye'],
        ['Ren', null],
      ],
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe('名前,note\r\n"佐藤, 花子","said ""hi""\nbye"\r\nRen,\r\n');
  });

  it('defuses spreadsheet formulas in text cells but keeps negative numbers', () => {
    expect(toCsv(['a', 'b'], [['=SUM(A1)', -3]]).slice(1)).toBe("a,b\r\n'=SUM(A1),-3\r\n");
  });
});
