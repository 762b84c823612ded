import type { z } from 'zod';
import type { SurveyResponse } from '../../contracts/api/older-service';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { json, msOf } from '../db/json';
import { groupsOfUser, sortGroups } from '../users/repository';

/**
 * Surveys (older service): each user's own answers, one row per survey. Every function reads or
 * writes the caller's own answers only (scope.userId).
 */

/**
 * The survey identification number (spec): the part of the user's first group name before the
 * first underscore, then '_' and the user id — the account name, as the home banner shows it
 * (features/home/survey-id.ts), groups in the order GET /v1/me lists them. No group: null.
 */
function surveyIdentification(groupNames: readonly string[], account: string): string | null {
  const first = groupNames[0];
  if (first === undefined) return null;
  return `${first.split('_')[0]}_${account}`;
}

type Survey = z.infer<typeof SurveyResponse>['item'];

/** One survey as the caller sees it: their identification and their answers, if any. */
export async function surveyOf(
  db: Db,
  scope: Subject,
  account: string,
  id: string,
): Promise<Survey> {
  const [groups, row] = await Promise.all([
    groupsOfUser(db, scope.userId),
    db
      .selectFrom('survey_answers')
      .selectAll()
      .where('survey_id', '=', id)
      .where('user_id', '=', scope.userId)
      .executeTakeFirst(),
  ]);
  const names = sortGroups(groups).map((g) => g.name);
  return {
    id,
    identification: surveyIdentification(names, account),
    answered: row !== undefined,
    answers: (row?.answers as Record<string, string | number | boolean> | undefined) ?? null,
    updatedAt: row ? msOf(row.updated_at) : null,
  };
}

/** The ids of the surveys the caller has answered. */
export async function answeredSurveyIds(db: Db, scope: Subject): Promise<string[]> {
  const rows = await db
    .selectFrom('survey_answers')
    .select('survey_id')
    .where('user_id', '=', scope.userId)
    .execute();
  return rows.map((r) => r.survey_id);
}

/** Stores the caller's answers to one survey, replacing earlier ones. */
export async function saveSurveyAnswers(
  db: Db,
  scope: Subject,
  id: string,
  answers: Record<string, string | number | boolean>,
): Promise<void> {
  await db
    .insertInto('survey_answers')
    .values({ survey_id: id, user_id: scope.userId, answers: json(answers) })
    .onConflict((oc) =>
      oc
        .columns(['survey_id', 'user_id'])
        .doUpdateSet({ answers: json(answers), updated_at: new Date() }),
    )
    .execute();
}
