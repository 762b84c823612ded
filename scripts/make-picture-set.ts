import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * Makes the picture evaluation set (issue 26): 30 pictures drawn here from SVG, no one's photo —
 * notes on lined or squared paper (contact details, a LINE id, an address, self-harm, abuse and
 * sexual text, and harmless look-alikes: maths, dates, times, page numbers) and text-free scenes.
 * Writes src/server/pictures/evaluation/*.jpg and pictures.json (the labels).
 * `npx tsx scripts/make-picture-set.ts`; the output is committed, so this runs only to change it.
 * No sexual or violent image is made here (docs/decisions/0063): the model is measured on the
 * harmless pictures (false holds) only.
 */

type Category = 'contacts' | 'selfHarm' | 'abuse' | 'sexual' | 'none';
interface Spec {
  file: string;
  category: Category;
  lines?: string[];
  scene?: 'sky' | 'shapes' | 'field' | 'night' | 'chart' | 'blank';
  paper?: 'lined' | 'squared' | 'plain' | 'board';
  font?: string;
  tilt?: number;
}

const SPECS: Spec[] = [
  { file: 'phone-notebook.jpg', category: 'contacts', lines: ['でんわしてね', '090-1234-5678'] },
  { file: 'phone-board.jpg', category: 'contacts', lines: ['TEL 080 2468 1357'], paper: 'board' },
  {
    file: 'phone-spaced.jpg',
    category: 'contacts',
    lines: ['れんらくは', '070 9876 5432 まで'],
    tilt: -4,
  },
  {
    file: 'phone-en.jpg',
    category: 'contacts',
    lines: ['call me', '+81 90 3141 5926'],
    paper: 'squared',
    font: 'DejaVu Serif',
  },
  { file: 'line-id.jpg', category: 'contacts', lines: ['LINE ID: yuto_0412'], tilt: 3 },
  { file: 'line-kousan.jpg', category: 'contacts', lines: ['ライン交換しよう', 'ID: haru.chan22'] },
  {
    file: 'insta-handle.jpg',
    category: 'contacts',
    lines: ['インスタ @mio_sky_07', 'フォローしてね'],
    paper: 'plain',
  },
  {
    file: 'email.jpg',
    category: 'contacts',
    lines: ['mail: sora.kids@example.com'],
    font: 'Liberation Mono',
  },
  {
    file: 'address.jpg',
    category: 'contacts',
    lines: ['うちは', '東京都町田市美しが丘3-5-2'],
    tilt: -2,
  },
  {
    file: 'address-en.jpg',
    category: 'contacts',
    lines: ['I live at', '2-14-7 Sakuragaoka, Setagaya'],
    paper: 'squared',
    font: 'DejaVu Serif',
  },
  {
    file: 'selfharm.jpg',
    category: 'selfHarm',
    lines: ['もう死にたい', '今夜いなくなる'],
    paper: 'plain',
  },
  {
    file: 'selfharm-en.jpg',
    category: 'selfHarm',
    lines: ['I want to kill myself'],
    paper: 'lined',
    font: 'DejaVu Serif',
  },
  { file: 'abuse.jpg', category: 'abuse', lines: ['たかしは死ね', 'キモいんだよ'], tilt: 2 },
  { file: 'sexual.jpg', category: 'sexual', lines: ['裸の写真送って', '親には内緒ね'] },
  {
    file: 'maths-triangle.jpg',
    category: 'none',
    lines: ['3-4-5の三角形', '3² + 4² = 5²'],
    paper: 'squared',
  },
  {
    file: 'maths-line.jpg',
    category: 'none',
    lines: ['定規でラインを引く', 'AB = 12 cm'],
    paper: 'squared',
  },
  { file: 'date-time.jpg', category: 'none', lines: ['2024/11/22 10:30', '理科の実験'] },
  { file: 'pages.jpg', category: 'none', lines: ['宿題 p.12-15', '問3, 問4'], tilt: -3 },
  {
    file: 'laughed.jpg',
    category: 'none',
    lines: ['死ぬほど笑った!', 'ばかみたいに楽しい一日'],
    paper: 'plain',
  },
  {
    file: 'score.jpg',
    category: 'none',
    lines: ['試合 3-2 で勝った', '2024年 秋'],
    paper: 'board',
  },
  {
    file: 'english-notes.jpg',
    category: 'none',
    lines: ['The water cycle:', 'rain → river → sea'],
    font: 'DejaVu Serif',
  },
  {
    file: 'equation.jpg',
    category: 'none',
    lines: ['x² − 5x + 6 = 0', 'x = 2, 3'],
    paper: 'squared',
    font: 'DejaVu Sans',
  },
  {
    file: 'timetable.jpg',
    category: 'none',
    lines: ['1 国語  2 数学', '3 理科  4 英語'],
    paper: 'plain',
  },
  { file: 'instant.jpg', category: 'none', lines: ['インスタントカメラで', '撮った写真'] },
  { file: 'sky.jpg', category: 'none', scene: 'sky' },
  { file: 'shapes.jpg', category: 'none', scene: 'shapes' },
  { file: 'field.jpg', category: 'none', scene: 'field' },
  { file: 'night.jpg', category: 'none', scene: 'night' },
  { file: 'chart.jpg', category: 'none', scene: 'chart' },
  { file: 'blank-page.jpg', category: 'none', scene: 'blank', paper: 'lined' },
];

const W = 800;
const H = 600;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function paper(kind: Spec['paper']): string {
  if (kind === 'board') return `<rect width="${W}" height="${H}" fill="#24463a"/>`;
  const base = `<rect width="${W}" height="${H}" fill="#fbf8ef"/>`;
  if (kind === 'plain') return base;
  const lines: string[] = [];
  if (kind === 'squared') {
    for (let x = 0; x < W; x += 32)
      lines.push(`<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#c9d8ea" stroke-width="1"/>`);
    for (let y = 0; y < H; y += 32)
      lines.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#c9d8ea" stroke-width="1"/>`);
  } else {
    for (let y = 80; y < H; y += 56)
      lines.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#a9c4e4" stroke-width="2"/>`);
    lines.push(`<line x1="90" y1="0" x2="90" y2="${H}" stroke="#e8a0a0" stroke-width="2"/>`);
  }
  return base + lines.join('');
}

function scene(kind: NonNullable<Spec['scene']>): string {
  switch (kind) {
    case 'sky':
      return `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4d8fd6"/><stop offset="1" stop-color="#cfe6fa"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/><ellipse cx="220" cy="180" rx="120" ry="45" fill="#fff" opacity="0.9"/><ellipse cx="560" cy="260" rx="160" ry="55" fill="#fff" opacity="0.8"/><rect y="470" width="${W}" height="130" fill="#3f7a3a"/>`;
    case 'shapes':
      return `<rect width="${W}" height="${H}" fill="#f2efe6"/><circle cx="200" cy="220" r="110" fill="#e07a5f"/><rect x="380" y="150" width="220" height="160" fill="#3d405b"/><polygon points="260,520 420,340 580,520" fill="#81b29a"/>`;
    case 'field':
      return `<rect width="${W}" height="${H}" fill="#9fd3f0"/><rect y="300" width="${W}" height="300" fill="#7cb342"/><circle cx="650" cy="110" r="60" fill="#ffd54f"/>${Array.from({ length: 14 }, (_, i) => `<circle cx="${40 + i * 55}" cy="${420 + (i % 3) * 40}" r="12" fill="#f48fb1"/>`).join('')}`;
    case 'night':
      return `<rect width="${W}" height="${H}" fill="#0d1b2a"/>${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 137) % W}" cy="${(i * 89) % 400}" r="${1 + (i % 3)}" fill="#fff"/>`).join('')}<circle cx="620" cy="120" r="50" fill="#f5f3ce"/><rect y="480" width="${W}" height="120" fill="#1b263b"/>`;
    case 'chart':
      return `<rect width="${W}" height="${H}" fill="#ffffff"/><line x1="80" y1="520" x2="740" y2="520" stroke="#333" stroke-width="3"/><line x1="80" y1="80" x2="80" y2="520" stroke="#333" stroke-width="3"/>${[180, 260, 140, 320, 380].map((h, i) => `<rect x="${130 + i * 120}" y="${520 - h}" width="70" height="${h}" fill="#4c9be8"/>`).join('')}`;
    case 'blank':
      return '';
  }
}

function svgOf(spec: Spec): Buffer {
  const ink =
    spec.paper === 'board' ? '#f4f4f0' : spec.file.length % 2 === 0 ? '#1d3a8a' : '#222222';
  const font = spec.font ?? 'Noto Sans CJK JP';
  const body = spec.lines
    ? spec.lines
        .map(
          (l, i) =>
            // Long lines get smaller letters, so every line fits the page.
            `<text x="120" y="${190 + i * 112}" font-size="${Math.min(54, Math.floor(1100 / [...l].length))}" font-family="${font}" fill="${ink}">${esc(l)}</text>`,
        )
        .join('')
    : '';
  const back =
    spec.scene && spec.scene !== 'blank' ? scene(spec.scene) : paper(spec.paper ?? 'lined');
  const tilt = spec.tilt ?? 0;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${back}<g transform="rotate(${tilt} ${W / 2} ${H / 2})">${body}</g></svg>`,
  );
}

const dir = join(import.meta.dirname, '../src/server/pictures/evaluation');
mkdirSync(dir, { recursive: true });
for (const spec of SPECS) {
  // Like a phone photo: slightly soft, re-compressed.
  const jpeg = await sharp(svgOf(spec)).blur(0.6).jpeg({ quality: 78 }).toBuffer();
  writeFileSync(join(dir, spec.file), jpeg);
}
writeFileSync(
  join(dir, 'pictures.json'),
  `${JSON.stringify(
    SPECS.map((s) => ({
      file: s.file,
      category: s.category,
      harmful: s.category !== 'none',
      written: s.lines?.join('\n') ?? null,
    })),
    null,
    2,
  )}\n`,
);
console.log(`${SPECS.length} pictures in ${dir}`);
