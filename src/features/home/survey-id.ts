/**
 * The survey identification number: the group name up to its first underscore, '_', and the user
 * id (core platform §2). A name without an underscore is used whole. Without a group there is no
 * number (null), and the banner links to the survey without one.
 */
export function surveyIdentificationNumber(
  groupName: string | null,
  userId: string,
): string | null {
  if (groupName === null) return null;
  const prefix = groupName.split('_')[0] ?? groupName;
  return `${prefix}_${userId}`;
}

/** The survey link with the number as the `id` query parameter, or null without a survey URL. */
export function surveyLink(surveyUrl: string | null, idNumber: string | null): string | null {
  if (!surveyUrl) return null;
  if (!idNumber) return surveyUrl;
  try {
    const url = new URL(surveyUrl);
    url.searchParams.set('id', idNumber);
    return url.toString();
  } catch {
    return null;
  }
}
