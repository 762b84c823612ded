/**
 * Business constants and limits from section 9 of both specification documents.
 * Every number the product depends on lives here, named, so client and server agree.
 */

/** Terms-of-use version a user must have agreed to. */
export const TERMS_AGREEMENT_VERSION = 1;
/** Minimum password length for pupils (setting.minLengthPassword); issue 8 raised it from 6. */
export const PASSWORD_MIN_LENGTH = 8;
/** Minimum password length for staff roles (teacher, staff, admin). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** Display name: max length and the change interval for members and supporters. */
export const DISPLAY_NAME_MAX = 18;
export const PROFILE_CHANGE_INTERVAL_DAYS = 31;

export const OUTPUT_DESCRIPTION_MAX = 4000;
export const OUTPUT_RECOMMENDED_LENGTH = 140;
export const COMMENT_MAX = 400;
export const REPORT_TEXT_MAX = 300;

export const AUTOSAVE_INTERVAL_MS = 4000;
export const AUTOSAVED_LABEL_MS = 4000;
export const NEWER_DRAFT_THRESHOLD_S = 300;

export const IMAGE_MAX_BYTES = 6 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 900;
export const IMAGE_MAX_HEIGHT = 700;
export const IMAGE_JPEG_QUALITY = 0.8;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Three preset images, chosen by creation time modulo 3. */
export const PRESET_IMAGES = ['green', 'blue', 'pink'] as const;

export const RELOAD_AFTER_SAVE_MS = 1000;
export const MODAL_TRANSITION_MS = 250;
export const TOAST_AUTO_CLOSE_MS = 2000;

/** Retry rule for mutations. */
export const RETRY_COUNT = 3;
export const RETRY_DELAY_MS = 1000;
export const RETRY_STATUSES = [408, 429, 502, 503, 504] as const;

/** Participants: join/leave events count within 12 hours; the participant query looks back 2 hours. */
export const PARTICIPANT_EVENT_WINDOW_MS = 12 * 60 * 60 * 1000;
export const PARTICIPANT_QUERY_WINDOW_MS = 2 * 60 * 60 * 1000;
/** Rooms (streams) started within the last 12 hours are listed. */
export const STREAM_LOOKBACK_MS = 12 * 60 * 60 * 1000;
export const ROOM_NAME_MAX = 15;

export const COOKIE_CONSENT_AGE = 15;
export const NOTIFICATION_RESHOW_MS = 24 * 60 * 60 * 1000;
/** New feedback appears in notifications 24 hours after posting. */
export const FEEDBACK_NOTIFICATION_DELAY_MS = 24 * 60 * 60 * 1000;
/** Hidden feedback by others stays hidden for 1 hour. */
export const HIDDEN_FEEDBACK_MS = 60 * 60 * 1000;

export const FEEDBACK_GAUGE_THRESHOLD = 5;
export const FEEDBACK_GOAL_PER_SESSION = 3;
export const REFLECTION_SCORE_MAX = 10;

export const RECENT_OUTPUTS = 4;
export const PINNED_SLIDES = 3;
export const SKELETON_LIST_ITEMS = 6;
export const SKELETON_ROOMS = 3;
export const LIVE_SESSIONS_COLLAPSED = 2;

/** Output sequencing (section 9 of accounts and people). */
export const OUTPUT_SELECTION = {
  goodTopFraction: 0.05,
  goodWindowDays: 90,
  goodPreferUnderComments: 6,
  gambariTopFraction: 0.01,
  gambariWindowDays: 14,
  minWindowDays: 14,
  minRate: 50,
  randomMinRate: 50,
  maxScoreFraction: 0.6,
} as const;

/**
 * A staff user's "update now" on the class report (POST /v1/report/refresh): at most one per this
 * many ms per staff user and per group (docs/decisions/0031-on-demand-report-refresh.md).
 */
export const REPORT_REFRESH_ON_DEMAND_INTERVAL_MS = 60_000;

/** Report aggregates are refreshed at these local times (hour, minute). */
export const REPORT_REFRESH_TIMES: ReadonlyArray<readonly [number, number]> = [
  [8, 30],
  [10, 30],
  [12, 30],
  [14, 30],
  [16, 30],
  [18, 30],
  [20, 30],
  [22, 30],
];

export const DOWNLOAD_BOX_WIDTH = 360;
export const DOWNLOAD_FAILED_HIDE_MS = 5000;
export const DOWNLOAD_STORE_NAME = 'downloaded-movies';
/**
 * The Cache Storage cache where the service worker keeps the signed-in account's API reads for
 * offline pages (the worker reads it through src/lib/downloads/cache-names.ts). It belongs to that
 * account and is dropped whenever this device holds no sign-in (src/app/service-worker.ts).
 */
export const API_READS_CACHE_NAME = 'api-reads';

export const LOGIN_CARD_WIDTH = 366;
export const HEADER_HEIGHT = 64;
export const CARD_WIDTH = 260;
export const CARD_ASPECT = 0.562;
export const MAIN_COLUMN_WIDTH = 820;
export const WRAPPER_WIDTH = 1140;
export const SETTINGS_WIDTH = 1408;
export const SETTINGS_MENU_WIDTH = 290;
export const BREAKPOINTS = { xs: 480, sm: 768, md: 1024, lg: 1440 } as const;
export const MOBILE_BREAKPOINT = 768;

export const SLIDE_CANVAS = { width: 1920, height: 1080 } as const;
export const SLIDE_SCALE_RECALC_MS = 800;

export const TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const DEFAULT_LANG = 'ja';
export const DEFAULT_COUNTRY = 'JP';

/** Player preference defaults. */
export const PLAYER_DEFAULTS = {
  playSpeed: 1,
  sizeRate: 100,
  subtitleLang: 'ja',
  videoQuality: 'normal',
  volume: 1,
  muted: false,
  fullscreen: false,
  guestTime: 0,
  syncProfile: 'auto',
} as const;

/** Local storage keys. */
export const STORAGE_KEYS = {
  token: 'ROOT.TOKEN',
  refreshToken: 'ROOT.REFRESH_TOKEN',
  /** The home notification popup's "show after" time (epoch ms as text), per browser. */
  notificationShowAfter: 'HOME.NOTIFICATION_SHOW_AFTER',
  /** The language this browser last showed ("ja" | "en"), so the login page keeps it. */
  lang: 'ROOT.LANG',
  /**
   * Whose push subscription this browser holds (`{ endpoint, userId }` as JSON): on a shared
   * school computer the browser's one subscription belongs to whoever turned it on last.
   */
  pushOwner: 'ROOT.PUSH_OWNER',
  /** The signed-in first view kept for the next visit (src/app/first-view-cache.ts). */
  firstView: 'ROOT.FIRST_VIEW',
} as const;
