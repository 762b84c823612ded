import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reencodeImage } from '../../outputs/images';
import type { ReadPicture } from '../screener';
import { judgePicture, type PictureVerdict } from '../verdict';
import LABELS from './pictures.json';

/** One labelled picture of the evaluation set (made by scripts/make-picture-set.ts). */
export interface LabelledPicture {
  file: string;
  category: 'contacts' | 'selfHarm' | 'abuse' | 'sexual' | 'none';
  harmful: boolean;
  written: string | null;
}

export const EVAL_PICTURES: readonly LabelledPicture[] = LABELS as LabelledPicture[];
export const PICTURE_CATEGORIES = ['contacts', 'selfHarm', 'abuse', 'sexual'] as const;

/** The picture's bytes as an upload stores them (re-encoded JPEG, no metadata). */
export async function evalPictureBytes(file: string): Promise<Buffer> {
  return reencodeImage(await readFile(join(import.meta.dirname, file)));
}

export interface ScoredPicture extends LabelledPicture {
  verdict: PictureVerdict;
  /** Held as a finding of its category (contacts: any contact kind). */
  named: boolean;
  ms: number;
}

const KINDS: Record<LabelledPicture['category'], readonly string[]> = {
  contacts: ['phone', 'email', 'address', 'url', 'contact'],
  selfHarm: ['selfHarm'],
  abuse: ['abuse', 'threat'],
  sexual: ['sexual'],
  none: [],
};

/** Reads and judges one picture of the set with `read` (the screening thread). */
export async function scorePicture(read: ReadPicture, p: LabelledPicture): Promise<ScoredPicture> {
  const bytes = await evalPictureBytes(p.file);
  const start = process.hrtime.bigint();
  const verdict = judgePicture(await read(bytes));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const found = verdict.reasons.flatMap((r) =>
    r.kind === 'text' ? r.findings.map((f) => f.kind) : [],
  );
  const named = p.harmful && found.some((k) => KINDS[p.category].includes(k));
  return { ...p, verdict, named, ms };
}
