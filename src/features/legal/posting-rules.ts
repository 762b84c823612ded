/**
 * The posting policy of accounts-and-people §5, in the spec's order. Each key names its title and
 * description under policy.rules in the legal namespace.
 */
export const POSTING_RULES = [
  'personalInformation',
  'impersonation',
  'codeOrUrls',
  'copiedText',
  'bullying',
  'selfHarm',
  'nudity',
  'hateSpeech',
  'violence',
  'illegalActs',
  'ads',
  'disruptive',
] as const;
