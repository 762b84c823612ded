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

const describeMiss = (s: Scored) =>
  `  [${s.split}] ${s.category}/${s.channel}: ${JSON.stringify(s.text)} → ${s.kinds.join(',') || '(passed)'}`;

function main(): void {
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
  const pass =
    all.caught.pct >= TARGETS.caughtPct &&
    all.falseHold.pct <= TARGETS.falseHoldPct &&
    CATEGORIES.every((c) => all.byCategory[c].caught.pct >= TARGETS.categoryPct);
  out.push(
    '',
    `cost per message: p50 ${fmt(p50)} µs, p99 ${fmt(p99)} µs (${ROUNDS} rounds of ${scored.length})`,
    `held-out: caught_pct=${fmt(heldout.caught.pct)} false_hold_pct=${fmt(heldout.falseHold.pct)}`,
    `${pass ? 'PASS' : 'FAIL'}: caught ≥ ${TARGETS.caughtPct} %, every category ≥ ${TARGETS.categoryPct} %, false holds ≤ ${TARGETS.falseHoldPct} %`,
    `screening caught_pct=${fmt(all.caught.pct)} false_hold_pct=${fmt(all.falseHold.pct)} ` +
      `sexual_pct=${fmt(all.byCategory.sexual.caught.pct)} selfharm_pct=${fmt(all.byCategory.selfHarm.caught.pct)} ` +
      `exclusion_pct=${fmt(all.byCategory.exclusion.caught.pct)} contacts_pct=${fmt(all.byCategory.contacts.caught.pct)} images_pct=n/a`,
  );
  console.log(out.join('\n'));
}

main();
