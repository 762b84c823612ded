import { moderateText } from '../src/server/moderation/checks';
import {
  CATEGORIES,
  CHANNELS,
  EVAL_MESSAGES,
  figures,
  scoreMessage,
  TARGETS,
  type Figures,
  type Rate,
  type Scored,
} from '../src/server/moderation/evaluation/score';
import {
  EVAL_PICTURES,
  PICTURE_CATEGORIES,
  scorePicture,
  type ScoredPicture,
} from '../src/server/pictures/evaluation/pictures';
import { ScreeningThread } from '../src/server/pictures/screener';
import { createTestApp } from '../src/server/testing/test-app';
import { evalPictureBytes } from '../src/server/pictures/evaluation/pictures';
import { fmt, percentile } from './support';

/**
 * `npm run bench:screening`: the labelled evaluation set (src/server/moderation/evaluation/
 * messages.json) through the screening (`moderateText`; display names go through the same
 * function, see evaluation/score.ts). Prints caught % and false-hold % per category and per
 * channel, for the whole set and for the held-out third separately, the cost per message, and
 * one summary line last. `BENCH_SHOW_MISSES=1` lists the dev split's misses and false holds
 * (never the held-out messages, so they stay unseen while rules are written);
 * `BENCH_SHOW_HELDOUT=1` lists the held-out ones too.
 */

const ROUNDS = 20;
const WARMUP = 3;

const cell = (r: Rate) =>
  r.of === 0 ? '     -     ' : `${fmt(r.pct).padStart(5)} ${`${r.hit}/${r.of}`.padStart(7)}`;

function table(title: string, f: Figures): string[] {
  const lines = [title, `  ${'category'.padEnd(12)} ${'caught %'.padEnd(13)} false-hold %`];
  for (const c of CATEGORIES) {
    const row = f.byCategory[c];
    lines.push(`  ${c.padEnd(12)} ${cell(row.caught)}  ${cell(row.falseHold)}`);
  }
  lines.push(`  ${'none'.padEnd(12)} ${'     -     '}  ${cell(f.noneFalseHold)}`);
  lines.push(`  ${'channel'.padEnd(12)} ${'caught %'.padEnd(13)} false-hold %`);
  for (const ch of CHANNELS) {
    const row = f.byChannel[ch];
    lines.push(`  ${ch.padEnd(12)} ${cell(row.caught)}  ${cell(row.falseHold)}`);
  }
  lines.push(`  ${'overall'.padEnd(12)} ${cell(f.caught)}  ${cell(f.falseHold)}`);
  return lines;
}

function costs(): { p50: number; p99: number } {
  const texts = EVAL_MESSAGES.map((m) => m.text);
  for (let r = 0; r < WARMUP; r++) for (const t of texts) moderateText(t);
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of texts) {
      const start = process.hrtime.bigint();
      moderateText(t);
      samples.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** The picture set through the real screening thread (OCR + model), one picture at a time. */
async function pictures(): Promise<{ lines: string[]; caughtPct: number; falseHoldPct: number }> {
  const thread = new ScreeningThread();
  const warmStart = process.hrtime.bigint();
  await thread.warm();
  const warmMs = Number(process.hrtime.bigint() - warmStart) / 1e6;
  const scored: ScoredPicture[] = [];
  try {
    for (const p of EVAL_PICTURES) scored.push(await scorePicture(thread.read, p));
  } finally {
    await thread.stop();
  }
  const pct = (hit: number, of: number) => (of === 0 ? 0 : (100 * hit) / of);
  const rate = (hit: number, of: number) =>
    of === 0 ? '     -     ' : `${fmt(pct(hit, of)).padStart(5)} ${`${hit}/${of}`.padStart(7)}`;
  const harmful = scored.filter((s) => s.harmful);
  const harmless = scored.filter((s) => !s.harmful);
  const falseHolds = harmless.filter((s) => s.verdict.verdict === 'held');
  const lines = [
    `pictures (channel: output picture): ${scored.length} (${harmful.length} harmful, ${harmless.length} harmless), OCR (jpn+eng, and eng alone) + nsfwjs MobileNetV2`,
    `  ${'category'.padEnd(12)} ${'caught %'.padEnd(13)} false-hold %`,
  ];
  for (const c of PICTURE_CATEGORIES) {
    const of = harmful.filter((s) => s.category === c);
    lines.push(`  ${c.padEnd(12)} ${rate(of.filter((s) => s.named).length, of.length)}`);
  }
  lines.push(
    `  ${'none'.padEnd(12)} ${'     -     '}  ${rate(falseHolds.length, harmless.length)}`,
  );
  const caught = harmful.filter((s) => s.named).length;
  lines.push(
    `  ${'overall'.padEnd(12)} ${rate(caught, harmful.length)}  ${rate(falseHolds.length, harmless.length)}`,
  );
  const modelHolds = harmless.filter((s) => s.verdict.reasons.some((r) => r.kind !== 'text'));
  lines.push(
    `  model holds on harmless pictures (sexual/suggestive ≥ threshold or unsure): ${modelHolds.length}/${harmless.length}`,
  );
  for (const s of [...harmful.filter((s) => !s.named), ...falseHolds]) {
    lines.push(
      `  ${s.harmful ? 'missed' : 'false hold'}: ${s.file} read as ${JSON.stringify(s.verdict.text)} → ${JSON.stringify(s.verdict.reasons)}`,
    );
  }
  const ms = scored.map((s) => s.ms).sort((a, b) => a - b);
  lines.push(
    `cost per picture: p50 ${fmt(percentile(ms, 50))} ms, p99 ${fmt(percentile(ms, 99))} ms (one thread, warm; warm-up ${fmt(warmMs)} ms once per server)`,
  );
  return {
    lines,
    caughtPct: pct(caught, harmful.length),
    falseHoldPct: pct(falseHolds.length, harmless.length),
  };
}

/**
 * The upload route on the real app (embedded database, the real screening thread, warm): how long
 * POST /v1/output/image takes to answer, and how long after that answer its picture is screened.
 * The answer never waits for the screening (pictures/screening.test.ts shows it with a reader
 * that has not even started); here are the two times side by side.
 */
async function uploads(): Promise<string[]> {
  const t = await createTestApp();
  try {
    await t.app.pictures.thread?.warm();
    const headers = await t.authHeader('student01');
    const answered: number[] = [];
    const screenedAfter: number[] = [];
    const files = EVAL_PICTURES.slice(0, 10).map((p) => p.file);
    for (const file of files) {
      const boundary = '----bench';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        await evalPictureBytes(file),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/output/image',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      const answeredAt = performance.now();
      if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}`);
      const url = (res.json() as { url: string }).url.split('?')[0]!;
      const row = await t.db
        .selectFrom('picture_screenings')
        .select('state')
        .where('url', '=', url)
        .executeTakeFirstOrThrow();
      if (row.state !== 'queued') throw new Error('screened before the upload answered');
      await t.app.pictures.idle();
      answered.push(answeredAt - start);
      screenedAfter.push(performance.now() - answeredAt);
    }
    answered.sort((a, b) => a - b);
    screenedAfter.sort((a, b) => a - b);
    return [
      `upload route (${files.length} pictures, one at a time): answered p50 ${fmt(percentile(answered, 50))} ms, p99 ${fmt(percentile(answered, 99))} ms; ` +
        `each was still queued at the answer and screened p50 ${fmt(percentile(screenedAfter, 50))} ms, p99 ${fmt(percentile(screenedAfter, 99))} ms later`,
    ];
  } finally {
    await t.close();
  }
}

const describeMiss = (s: Scored) =>
  `  [${s.split}] ${s.category}/${s.channel}: ${JSON.stringify(s.text)} → ${s.kinds.join(',') || '(passed)'}`;

async function main(): Promise<void> {
  const scored = EVAL_MESSAGES.map(scoreMessage);
  const all = figures(scored);
  const heldout = figures(scored.filter((s) => s.split === 'heldout'));
  const dev = figures(scored.filter((s) => s.split === 'dev'));
  const harmful = scored.filter((s) => s.harmful).length;
  const out: string[] = [
    `screening evaluation set: ${scored.length} messages (${harmful} harmful, ${scored.length - harmful} harmless), ` +
      `${scored.filter((s) => s.split === 'heldout').length} held out`,
    '',
    ...table('whole set', all),
    '',
    ...table('dev split (rules were fitted to it)', dev),
    '',
    ...table('held-out split (never tuned on)', heldout),
  ];
  const show = process.env.BENCH_SHOW_MISSES === '1';
  const showHeldout = process.env.BENCH_SHOW_HELDOUT === '1';
  if (show || showHeldout) {
    const visible = scored.filter((s) => (s.split === 'dev' ? show : showHeldout));
    out.push('', 'missed or not named (harmful):');
    for (const s of visible.filter((s) => s.harmful && !s.named)) out.push(describeMiss(s));
    out.push('', 'false holds (harmless):');
    for (const s of visible.filter((s) => !s.harmful && s.held)) out.push(describeMiss(s));
  }
  const { p50, p99 } = costs();
  const pics = await pictures();
  out.push('', ...pics.lines, ...(await uploads()));
  const pass =
    all.caught.pct >= TARGETS.caughtPct &&
    all.falseHold.pct <= TARGETS.falseHoldPct &&
    CATEGORIES.every((c) => all.byCategory[c].caught.pct >= TARGETS.categoryPct) &&
    pics.caughtPct >= TARGETS.categoryPct &&
    pics.falseHoldPct <= TARGETS.falseHoldPct;
  out.push(
    '',
    `cost per message: p50 ${fmt(p50)} µs, p99 ${fmt(p99)} µs (${ROUNDS} rounds of ${scored.length})`,
    `held-out: caught_pct=${fmt(heldout.caught.pct)} false_hold_pct=${fmt(heldout.falseHold.pct)}`,
    `${pass ? 'PASS' : 'FAIL'}: caught ≥ ${TARGETS.caughtPct} %, every category and pictures ≥ ${TARGETS.categoryPct} %, false holds ≤ ${TARGETS.falseHoldPct} % (messages and pictures)`,
    `screening caught_pct=${fmt(all.caught.pct)} false_hold_pct=${fmt(all.falseHold.pct)} ` +
      `sexual_pct=${fmt(all.byCategory.sexual.caught.pct)} selfharm_pct=${fmt(all.byCategory.selfHarm.caught.pct)} ` +
      `exclusion_pct=${fmt(all.byCategory.exclusion.caught.pct)} contacts_pct=${fmt(all.byCategory.contacts.caught.pct)} images_pct=${fmt(pics.caughtPct)}`,
  );
  console.log(out.join('\n'));
}

await main();
