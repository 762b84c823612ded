import { describe, expect, it } from 'vitest';
import { moderateText } from './checks';
import samples from './screening-samples.json';

/**
 * The labelled screening set (issue 8, item 5): what pupils write to swap contacts, abusive and
 * bullying messages, and ordinary comments on a video (dates, scores, times, page numbers, mild
 * words). Measures both directions and prints them.
 */
const rate = (texts: string[]) => {
  const held = texts.filter((t) => moderateText(t).held);
  return { held, percent: (100 * held.length) / texts.length };
};

describe('screening labelled set', () => {
  it('holds contact sharing and abuse, and lets ordinary comments through', () => {
    const total = samples.contact.length + samples.abusive.length + samples.ordinary.length;
    expect(total).toBeGreaterThanOrEqual(150);
    const contact = rate(samples.contact);
    const abusive = rate(samples.abusive);
    const ordinary = rate(samples.ordinary);
    const missed = [...samples.contact, ...samples.abusive].filter((t) => !moderateText(t).held);
    console.log(
      [
        `screening labelled set: ${total} samples`,
        `  contact-sharing held: ${contact.held.length}/${samples.contact.length} = ${contact.percent.toFixed(1)} %`,
        `  abusive held:         ${abusive.held.length}/${samples.abusive.length} = ${abusive.percent.toFixed(1)} %`,
        `  ordinary held:        ${ordinary.held.length}/${samples.ordinary.length} = ${ordinary.percent.toFixed(1)} %`,
        `  missed: ${JSON.stringify(missed)}`,
        `  ordinary held: ${JSON.stringify(ordinary.held)}`,
      ].join('\n'),
    );
    expect(contact.percent).toBeGreaterThanOrEqual(95);
    expect(abusive.percent).toBeGreaterThanOrEqual(95);
    expect(ordinary.percent).toBeLessThanOrEqual(2);
  });
});
