/**
 * Caption files (issue 15): WebVTT as the player reads it, SRT converted to it. Shared by the
 * server (validation on write) and the studio (the preview before sending). A strict reader: a
 * file with a cue that does not parse is refused as a whole, with the line that failed.
 */

export interface Cue {
  start: number;
  end: number;
  text: string;
}

export type CaptionParse =
  { ok: true; format: 'vtt' | 'srt'; cues: Cue[] } | { ok: false; line: number; reason: string };

const TIME = /^(?:(\d{1,2}):)?(\d{2}):(\d{2})[.,](\d{3})$/;

function seconds(s: string): number | null {
  const m = TIME.exec(s.trim());
  if (!m) return null;
  const [, h, min, sec, ms] = m;
  if (Number(min) > 59 || Number(sec) > 59) return null;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(sec) + Number(ms) / 1000;
}

/** Parses a WebVTT or SRT file (BOM and CRLF tolerated). */
export function parseCaptions(input: string): CaptionParse {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '');
  const cues: Cue[] = [];
  let i = 0;
  if (isVtt) {
    // Skip the header block.
    while (i < lines.length && lines[i]!.trim() !== '') i++;
  }
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    let line = lines[i]!;
    if (isVtt && /^(NOTE|STYLE|REGION)(\s|$)/.test(line)) {
      while (i < lines.length && lines[i]!.trim() !== '') i++;
      continue;
    }
    if (!line.includes('-->')) {
      // A cue identifier (SRT: the counter) precedes the timing line.
      if (!isVtt && !/^\d+$/.test(line.trim())) {
        return { ok: false, line: i + 1, reason: 'expected a cue number' };
      }
      i++;
      line = lines[i] ?? '';
    }
    const timing = /^(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/.exec(line.trim());
    if (!timing) return { ok: false, line: i + 1, reason: 'expected "start --> end"' };
    const start = seconds(timing[1]!);
    const end = seconds(timing[2]!);
    if (start === null || end === null) return { ok: false, line: i + 1, reason: 'bad time' };
    if (end <= start) return { ok: false, line: i + 1, reason: 'end is not after start' };
    if (!isVtt && (timing[1]!.includes('.') || timing[2]!.includes('.'))) {
      return { ok: false, line: i + 1, reason: 'SRT times use a comma' };
    }
    i++;
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') body.push(lines[i++]!);
    if (body.length === 0) return { ok: false, line: blockStart + 1, reason: 'empty cue' };
    cues.push({ start, end, text: body.join('\n') });
  }
  if (cues.length === 0) return { ok: false, line: 1, reason: 'no cues' };
  return { ok: true, format: isVtt ? 'vtt' : 'srt', cues };
}

const stamp = (t: number): string => {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** Writes cues as WebVTT. Cue text keeps its markup tags but never a blank line or "-->". */
export function toWebVtt(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (c) => `${stamp(c.start)} --> ${stamp(c.end)}\n${c.text.replace(/-->/g, '→')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
