import { z } from 'zod';
import { Picture } from './picture';
import {
  OUTPUT_DESCRIPTION_MAX,
  REFLECTION_SCORE_MAX,
  ROOM_NAME_MAX,
  COMMENT_MAX,
} from './constants';

/**
 * Entities of section 3 of both specification documents. Every time on the wire is epoch
 * milliseconds (the spec's startTime and profileUpdatedAt are; the rest follow for one rule).
 */

import { EmotionCounts, EpochMs, Id, Lang, PublicUser, Role, School } from './user-entities';

export * from './user-entities';

export const GroupMember = z.object({
  id: Id,
  name: z.string(),
  displayName: z.string(),
  studentNumber: z.string().nullable(),
  role: Role,
  /** The display name is forbidden: others see 'no permission' in its place (staff see it). */
  displayNameHidden: z.boolean().optional(),
  /** When the pupil asked for a new password and no one has set one since (issue 14). */
  passwordResetRequestedAt: z.optional(z.nullable(EpochMs)),
  /** Wrong passwords have put the account's sign-in behind a delay (issue 24: unlock shown). */
  signInDelayed: z.boolean().optional(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const SessionStatus = z.enum(['NOTICE', 'IN_PROGRESS', 'COMPLETE', 'PRIVATE']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const TimedActionKind = z.enum([
  'chapter',
  'telop',
  'image',
  'discuss',
  'vote',
  'output',
  'feedback',
  'reflection',
]);
export type TimedActionKind = z.infer<typeof TimedActionKind>;

/** A moment on the video's timeline. Times are seconds into the video. */
export const TimedAction = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative().optional(),
  show: z.number().nonnegative().optional(),
  hide: z.number().nonnegative().optional(),
  resultTime: z.number().nonnegative().optional(),
  action: TimedActionKind,
  params: z
    .object({
      name: z.string().optional(),
      discussId: z.string().optional(),
      type: z.enum(['cover', 'free', 'opinion']).optional(),
      title: z.string().optional(),
      /** For votes: the choices. For images: the image URL. */
      choices: z.array(z.string()).optional(),
      /**
       * A vote's choices as the reader sees them, in the order of `choices` (content in two
       * languages); absent: show `choices`. A ballot always names the choice from `choices`.
       */
      labels: z.array(z.string()).optional(),
      image: z.optional(Picture),
    })
    .default({}),
});
export type TimedAction = z.infer<typeof TimedAction>;

/** The votes API key of a vote moment: its discussId, else its name (the watch page, downloads). */
export const voteKeyOf = (action: TimedAction): string | null =>
  action.params.discussId?.trim() || action.params.name?.trim() || null;

const VideoProvider = z.enum(['ULIZA_G5', 'ULIZA', 'YOUTUBE', 'HLS']);
export const VideoType = z.enum([
  'INSPIRE',
  'LIVE',
  'ARCHIVE',
  'DIGEST',
  'ARCHIVE_LOW',
  'DOWNLOAD',
  'PRIVATE',
]);
export type VideoType = z.infer<typeof VideoType>;

export const Video = z.object({
  id: Id,
  provider: VideoProvider,
  type: VideoType,
  status: SessionStatus,
  title: z.string(),
  /** An HLS playlist URL (same-origin /media/… or any CDN URL). */
  videoId: z.string(),
  description: z.string().optional(),
  captionFile: z.object({ ja: z.string().optional(), en: z.string().optional() }).optional(),
  duration: z.number().nonnegative().optional(),
  lang: Lang,
  actions: z.array(TimedAction),
});
export type Video = z.infer<typeof Video>;

export const TagType = z.enum(['tag', 'word', 'lifestyle', 'job']);
export const Tag = z.object({
  id: Id,
  type: TagType,
  name: z.string(),
  color: z.string().optional(),
  description: z.string().optional(),
  labels: z.object({ ja: z.string(), en: z.string() }).optional(),
});
export type Tag = z.infer<typeof Tag>;

const WorkExample = z.object({ image: Picture, description: z.string() });
export const Work = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  image: z.nullable(Picture),
  outputIds: z.array(Id).optional(),
  afterDescription: z.string().optional(),
  afterImage: z.optional(Picture),
  /** The last entry is the image question. */
  questions: z.array(z.string()).optional(),
  associatedColor: z.number().int().optional(),
  examples: z.array(WorkExample),
});
export type Work = z.infer<typeof Work>;

const LangVariant = z.object({
  title: z.string().optional(),
  image: z.optional(Picture),
  thumbnailImage: z.optional(Picture),
});

export const SessionTarget = z.object({
  type: z.enum(['ALL', 'SCHOOL', 'GROUP']),
  targets: z.array(Id).optional(),
});

export const ReflectionNotes = z.object({
  ideaNote: z.object({ placeHolder: z.string() }),
  thinkNote: z.object({ placeHolder: z.string() }),
  actionNote: z.object({ placeHolder: z.string() }),
});

export const Session = z.object({
  id: Id,
  title: z.string(),
  subTitle: z.string().optional(),
  description: z.string().optional(),
  image: Picture,
  thumbnailImage: z.optional(Picture),
  titleImage: z.optional(Picture),
  guide: z.array(z.string()),
  guideLabel: z.string(),
  guideImage: z.optional(Picture),
  instruction: z.string().optional(),
  job: z.string(),
  startTime: EpochMs,
  endTime: EpochMs,
  joinOffset: z.number().int(),
  feedbackTime: z.number().optional(),
  workTime: z.number().optional(),
  workIds: z.array(Id).optional(),
  isWatchable: z.boolean(),
  isFreeOnApp: z.boolean().optional(),
  isFreeOnWeb: z.boolean().optional(),
  isFreeForPack: z.boolean().optional(),
  pickup: z.boolean().optional(),
  showPreChat: z.boolean().optional(),
  status: SessionStatus,
  tags: z.array(Tag),
  tagIds: z.array(Id).optional(),
  target: SessionTarget,
  emotions: EmotionCounts,
  documentLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  reflection: ReflectionNotes.optional(),
  /** Maximum participants in one room for this session (null: no limit). */
  participantLimit: z.number().int().positive().nullable(),
  videos: z.array(Video),
  ja: LangVariant.optional(),
  en: LangVariant.optional(),
});
export type Session = z.infer<typeof Session>;

export const StreamSettings = z.object({
  startTime: EpochMs,
  /** Spelled as the spec spells it. */
  participantVideoVisiblity: z.boolean(),
  videoQuality: z.enum(['low', 'high']),
});
export type StreamSettings = z.infer<typeof StreamSettings>;

export const Stream = z.object({
  id: Id,
  sessionId: Id,
  name: z.string().min(1).max(ROOM_NAME_MAX),
  lang: Lang,
  hostUserId: Id,
  /** The host's display name, so the rooms list needs no second call. */
  hostDisplayName: z.string().optional(),
  groupIds: z.array(Id),
  isDeleted: z.boolean(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  settings: StreamSettings,
  /** The host paused the room's live comments (issue 8); absent means false. */
  commentsPaused: z.boolean().optional(),
});
export type Stream = z.infer<typeof Stream>;

const OutputStatus = z.enum(['published', 'pending', 'rejected', 'autosaved']);
export const OutputViolation = z.enum(['text', 'image', 'image-warning', 'updated']);

/** Reaction counts on an output card (the six emotion types offered on outputs). */
export const OutputReactions = z.object({
  wow: z.number().int().nonnegative(),
  thinking: z.number().int().nonnegative(),
  crying: z.number().int().nonnegative(),
  inspired: z.number().int().nonnegative(),
  noting: z.number().int().nonnegative(),
  worthy: z.number().int().nonnegative(),
});
export type OutputReactions = z.infer<typeof OutputReactions>;

export const Output = z.object({
  id: Id,
  sessionId: Id,
  workId: Id,
  userId: Id,
  user: PublicUser,
  description: z.string().max(OUTPUT_DESCRIPTION_MAX),
  name: z.string().optional(),
  images: z.array(Picture),
  status: OutputStatus,
  violationStatuses: z.array(OutputViolation),
  outputComments: z.number().int().nonnegative(),
  /** Filled by the list endpoints; single-output responses may leave it out. */
  reactions: OutputReactions.optional(),
  rate: z.number(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Output = z.infer<typeof Output>;

export const CommentType = z.enum(['SESSION', 'OUTPUT', 'MEMO', 'ARCHIVE', 'LIVE-JA', 'LIVE-EN']);
export const Comment = z.object({
  id: Id,
  type: CommentType,
  sessionId: z.nullable(Id),
  parentId: z.nullable(Id),
  /** The room a live comment was written in; null for a session-wide comment (issue 8). */
  streamId: z.optional(z.nullable(Id)),
  userId: Id,
  user: PublicUser,
  content: z.string().max(COMMENT_MAX),
  isPinned: z.boolean(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Comment = z.infer<typeof Comment>;

export const FeedbackComment = z.object({
  id: Id,
  outputId: Id,
  userId: Id,
  user: PublicUser,
  content: z.string().max(COMMENT_MAX),
  /** 'published' is visible to all; anything else is awaiting approval. */
  status: z.enum(['published', 'pending', 'rejected']),
  hidden: z.boolean(),
  createdAt: EpochMs,
});
export type FeedbackComment = z.infer<typeof FeedbackComment>;

export const ActionType = z.enum([
  'like',
  'unlike',
  'wow',
  'thinking',
  'crying',
  'noting',
  'feedbacking',
  'inspired',
  'worthy',
]);
export const ActionTarget = z.enum(['session', 'comment', 'output', 'output-comment']);
export const Action = z.object({
  id: Id,
  type: ActionType,
  target: ActionTarget,
  targetId: Id,
  outputId: z.optional(Id),
  sessionId: z.optional(Id),
  userId: Id,
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Action = z.infer<typeof Action>;

const NotificationType = z.union([
  z.enum([
    'joinSession',
    'replyToMyOutput',
    'receiveProjectFeedback',
    'outputsViolation',
    'unitOutputsViolation',
  ]),
  ActionType,
]);
export const Notification = z.object({
  id: Id,
  action: z.string().optional(),
  type: NotificationType,
  userId: Id,
  user: z.object({ displayName: z.string() }).optional(),
  count: z.number().int().nonnegative(),
  items: z.object({
    session: z.object({ id: Id, title: z.string(), image: Picture }).optional(),
    feedback: z.object({ outputId: Id }).optional(),
  }),
  payload: z.object({ targetProjectId: z.optional(Id), id: z.optional(Id) }).optional(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Notification = z.infer<typeof Notification>;

const SlideItemType = z.enum([
  'title',
  'image',
  'text',
  'hashTag',
  'date',
  'dictionary',
  'list',
  'dictionaryArray',
]);
export const SlideSchemaItem = z.object({
  type: SlideItemType,
  mappingId: z.string(),
  label: z.string().optional(),
  value: z.unknown().optional(),
  layout: z.object({
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    fontSize: z.number().optional(),
    color: z.string().optional(),
  }),
});
export const UnitOutput = z.object({
  id: Id,
  projectId: Id,
  slideSchema: z.array(SlideSchemaItem),
  values: z.record(z.string(), z.unknown()),
});
export const InquiryProject = z.object({
  id: Id,
  name: z.string(),
  updatedAt: EpochMs,
  latestPublishedAt: z.nullable(EpochMs),
  unitOutputs: z.array(UnitOutput),
  user: PublicUser,
});
export type InquiryProject = z.infer<typeof InquiryProject>;

export const ReportPayload = z.object({
  content: z.string(),
  id: Id,
  type: z.enum(['feedback', 'output', 'comment']),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  userId: Id,
});

export const PlayerPreferences = z.object({
  playSpeed: z.number().min(0.25).max(4),
  sizeRate: z.number().int().min(10).max(200),
  subtitleLang: z.enum(['ja', 'en', 'off']),
  videoQuality: z.enum(['low', 'normal', 'high']),
  volume: z.number().min(0).max(1),
  muted: z.boolean(),
  fullscreen: z.boolean(),
  guestTime: z.number().nonnegative(),
  /**
   * How this device's player follows a room (issue 27): 'auto' picks the WebKit profile where
   * the browser is WebKit (Safari, every iPad browser), 'standard' or 'webkit' override it.
   */
  syncProfile: z.enum(['auto', 'standard', 'webkit']),
});
export type PlayerPreferences = z.infer<typeof PlayerPreferences>;

export const SessionParticipant = z.object({
  id: Id,
  displayName: z.string(),
  image: z.nullable(Picture),
  role: Role,
  school: z.nullable(School),
  joinedAt: EpochMs,
});
export type SessionParticipant = z.infer<typeof SessionParticipant>;

/** A reflection's score: a whole number from 0 to REFLECTION_SCORE_MAX. */
export const ReflectionScore = z.number().int().min(0).max(REFLECTION_SCORE_MAX);

export const Reflection = z.object({
  id: Id,
  sessionId: Id,
  userId: Id,
  ideaNote: z.string(),
  thinkNote: z.string(),
  actionNote: z.string(),
  /** The pupil's own score of the session, 0 to 10 (spec: reflection score max 10); null: none. */
  score: ReflectionScore.nullable().optional(),
  /** pending: held by the screening until a teacher publishes it; rejected: stays hidden. */
  status: z.enum(['published', 'draft', 'pending', 'rejected']),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Reflection = z.infer<typeof Reflection>;
