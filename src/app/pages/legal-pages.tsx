import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '@/contracts/api/sessions';
import { Lang } from '@/contracts/user-entities';
import { liveSessionsQuery } from '@/features/home/queries';
import { PolicyPage, useLiveSessions, type LiveSessionCandidate } from '@/features/legal';
import { localizeSession } from '@/features/sessions';
import { useAuth } from '../auth-provider';
import { config } from '../config';
import { HlsVideo } from './hls-video';

export { PrivacyPage, TermsPage } from '@/features/legal';

/** The live sessions (home's read of GET /v1/sessions?status=IN_PROGRESS) in the user's language. */
function candidates(items: readonly SessionSummary[], lang: Lang): LiveSessionCandidate[] {
  return items.map((session) => {
    const localized = localizeSession(session, lang);
    return {
      id: session.id,
      title: localized.title,
      image: localized.thumbnail,
      startTime: session.startTime,
      status: session.status,
    };
  });
}

/**
 * /policy composed: the legal page with the live sessions of GET /v1/sessions (signed-in
 * visitors only — the list needs an account; others see the column empty) and the HLS video when one is configured.
 */
export function PolicyRoute() {
  const { t, i18n } = useTranslation('legal');
  const { hasToken } = useAuth();
  const lang = Lang.safeParse(i18n.resolvedLanguage).data ?? 'ja';
  const queryClient = useQueryClient();
  const live = useLiveSessions(
    async () =>
      hasToken ? candidates(await queryClient.fetchQuery(liveSessionsQuery()), lang) : [],
    Date.now,
    lang,
  );
  return (
    <PolicyPage
      videoSrc={config.policyVideoUrl}
      video={
        config.policyVideoUrl ? (
          <HlsVideo src={config.policyVideoUrl} label={t('policy.video.label')} />
        ) : undefined
      }
      liveSessions={live.liveSessions}
      loading={live.loading}
      liveSessionsError={live.error}
    />
  );
}
