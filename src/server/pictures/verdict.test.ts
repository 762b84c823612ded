import { describe, expect, it } from 'vitest';
import { judgePicture, ocrTextForScreening } from './verdict';

const calm = { Drawing: 0.7, Neutral: 0.28, Hentai: 0.01, Porn: 0.005, Sexy: 0.005 };

describe('what the screening makes of a picture', () => {
  it('reads OCR text as the pupil wrote it: Japanese gaps closed, paper rules and repeats dropped', () => {
    expect(ocrTextForScreening('3-4-5 の 三角 形\n|\n—\n3-4-5 の 三角 形\nAB = 12 cm\n')).toBe(
      '3-4-5 の三角形\nAB = 12 cm',
    );
  });

  it('holds a picture whose text gives a phone number or a LINE id, naming the finding', () => {
    const phone = judgePicture({ text: 'でん わ し て ね\n090-1234-5678', scores: calm });
    expect(phone.verdict).toBe('held');
    expect(phone.reasons).toEqual([
      { kind: 'text', findings: [expect.objectContaining({ kind: 'phone' })] },
    ]);
    expect(judgePicture({ text: 'LINE ID: yuto_0412', scores: calm }).verdict).toBe('held');
  });

  it('lets maths, dates and page numbers through', () => {
    for (const text of ['3-4-5 の 三角 形', '2024/11/22 10:30', '宿題 p.12-15', 'x = 2, 3'])
      expect(judgePicture({ text, scores: calm })).toMatchObject({ verdict: 'clear', reasons: [] });
  });

  it("holds someone else's work for the teacher (a copyright notice, a stock watermark), not as a finding", () => {
    for (const text of [
      '© 2024 Tanaka Publishing',
      'Getty Images',
      'shutterstock\n12345678',
      '無断転載禁止',
      'PIXTA',
    ])
      expect(judgePicture({ text, scores: calm }).reasons, text).toEqual([
        { kind: 'copyright', marks: [expect.any(String)] },
      ]);
    for (const text of ['copy the table', 'stock prices fell', '(c) の答え: 12', 'Cさんの意見'])
      expect(judgePicture({ text, scores: calm }).verdict, text).toBe('clear');
  });

  it('holds on the model: a finding at 0.6, doubt from 0.2, clear below', () => {
    expect(judgePicture({ text: '', scores: { Porn: 0.5, Hentai: 0.15 } }).reasons).toEqual([
      { kind: 'model', label: 'sexual', probability: 0.65 },
    ]);
    expect(judgePicture({ text: '', scores: { Sexy: 0.25, Neutral: 0.75 } }).reasons).toEqual([
      { kind: 'unsure', label: 'suggestive', probability: 0.25 },
    ]);
    expect(
      judgePicture({ text: '', scores: { Sexy: 0.1, Porn: 0.05, Neutral: 0.85 } }).verdict,
    ).toBe('clear');
  });
});
