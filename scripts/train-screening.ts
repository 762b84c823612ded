import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVAL_MESSAGES } from '../src/server/moderation/evaluation/score';
import { trainScreeningModel } from '../src/server/moderation/learned/train';

/**
 * `npm run train:screening`: trains the learned screen on the evaluation set's dev split and
 * writes src/server/moderation/learned/model.json. Run it after adding messages to the set
 * (`learned.test.ts` fails until then); then `npm run bench:screening`.
 */
const started = Date.now();
const { model, addedFalseHoldPct } = trainScreeningModel(EVAL_MESSAGES);
const out = fileURLToPath(new URL('../src/server/moderation/learned/model.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(model, null, 2)}\n`);
console.log(
  `learned screen: threshold ${model.threshold} (adds ${addedFalseHoldPct.toFixed(1)} % false holds in cross-validation), ` +
    `${model.categories.length} categories, trained in ${((Date.now() - started) / 1000).toFixed(1)} s → ${out}`,
);
