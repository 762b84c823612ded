import { useTranslation } from 'react-i18next';
import { ListSessionsResponse } from '@/contracts/api/sessions';
import { Lang } from '@/contracts/user-entities';
import { PolicyPage, useLiveSessions, type LiveSessionCandidate } from '@/features/legal';
import { localizeSession } from '@/features/sessions';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../auth-provider';
import { config } from '../config';
import { HlsVideo } from './hls-video';

export { PrivacyPage, TermsPage } from '@/features/legal';

/** GET /v1/sessions?status=IN_PROGRESS, titles and images in the user's language. */
async function fetchInProgressSessions(lang: Lang): Promise<LiveSessionCandidate[]> {
  const { items } = await apiClient.request(ListSessionsResponse, {
    url: '/v1/sessions',
    params: { status: 'IN_PROGRESS', pageSize: 100 },
  });
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
  const live = useLiveSessions(
    async () => (hasToken ? fetchInProgressSessions(lang) : []),
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
