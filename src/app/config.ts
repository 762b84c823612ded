/**
 * Deployment settings read from Vite env variables at build time. A link whose target is not
 * configured is left out rather than pointing somewhere made up
 * (docs/decisions/0109-shell-links-and-prompts.md).
 */
const env = (name: string): string | null => {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

export const config = {
  /** Contact address for English-speaking users (mailto). */
  contactEmail: env('VITE_CONTACT_EMAIL'),
  /** Web contact page for everyone else. */
  contactUrl: env('VITE_CONTACT_URL'),
  /** Support site linked from the staff menu. */
  supportUrl: env('VITE_SUPPORT_URL'),
  /** The /policy page's 16:9 video (HLS); without one the page has no video (issue 9, item 9). */
  policyVideoUrl: env('VITE_POLICY_VIDEO_URL'),
} as const;
