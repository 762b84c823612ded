/// <reference types="vite/client" />

/** A deployment URL from a Vite env variable; null when unset, blank or not http(s). */
function envUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** External sites the home page links to; each is left out when not configured. */
export const homeConfig = {
  projectsSiteUrl: envUrl(import.meta.env.VITE_PROJECTS_SITE_URL),
  supportUrl: envUrl(import.meta.env.VITE_SUPPORT_URL),
  surveyUrl: envUrl(import.meta.env.VITE_SURVEY_URL),
} as const;
