import { describe, expect, it } from 'vitest';
import { createProgressMeter } from './video-upload';

describe('upload progress (issue 24: it no longer jumps while offline)', () => {
  it('never goes backwards when a chunk is retried from the server’s offset', () => {
    const meter = createProgressMeter(() => true);
    expect(meter.sent(3_000)).toBe(3_000);
    expect(meter.accepted(5_000)).toBe(5_000);
    expect(meter.sent(8_000)).toBe(8_000);
    // The chunk failed; its retry counts again from 5,000.
    expect(meter.sent(5_500)).toBeNull();
    expect(meter.sent(9_000)).toBe(9_000);
  });

  it('holds still while offline, then goes on from what the server kept', () => {
    let online = true;
    const meter = createProgressMeter(() => online);
    meter.sent(2_000);
    meter.accepted(2_000);
    online = false;
    // Offline, the browser still "sends" into its buffers: nothing moves.
    expect(meter.sent(4_000)).toBeNull();
    expect(meter.sent(7_000)).toBeNull();
    online = true;
    expect(meter.sent(2_500)).toBe(2_500);
    expect(meter.accepted(5_000)).toBe(5_000);
  });
});
