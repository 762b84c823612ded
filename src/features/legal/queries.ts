/** The /policy page's live sessions list, per reader language (its fetch is the app's). */
export const liveSessionsKey = (lang: string) => ['legal', 'live-sessions', lang] as const;
