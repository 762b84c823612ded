import { z } from 'zod';
import { pictureFields } from '../picture';
import {
  EpochMs,
  Id,
  Lang,
  ReflectionNotes,
  Session,
  SessionStatus,
  SessionTarget,
  TimedActionKind,
  Video,
  Work,
  type TimedAction,
} from '../entities';

/**
 * The studio (issue 15): staff author sessions, videos, timed moments and works. The spec says
 * invalid action or work data raises an error on read, so every shape is checked here, on
 * write, and nothing malformed can reach a learner.
 */

export const STUDIO_TITLE_MAX = 80;
export const STUDIO_TEXT_MAX = 2000;
export const STUDIO_MOMENT_TEXT_MAX = 120;
const STUDIO_VOTE_CHOICES_MIN = 2;
const STUDIO_VOTE_CHOICES_MAX = 6;
const STUDIO_MOMENTS_MAX = 200;
/** A caption file may hold at most this many bytes of text. */
const CAPTION_MAX_BYTES = 512 * 1024;
/**
 * The largest video a teacher may upload by default (the issue's 500 MB on school Wi-Fi, with
 * room); the server's VIDEO_UPLOAD_MAX_BYTES setting changes it and `StudioOptions.limits` tells
 * the studio.
 */
export const VIDEO_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * The longest video the studio takes by default (a double lesson with room to spare): longer is
 * refused. The server's VIDEO_MAX_DURATION_S setting changes it (`StudioOptions.limits`).
 */
export const VIDEO_MAX_DURATION_S = 2 * 60 * 60;
export const VIDEO_UPLOAD_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/**
 * The picture of a session saved without one: neutral art of its own, never another lesson's
 * (issue 24).
 */
export const STUDIO_DEFAULT_IMAGE = '/media/images/sessions/default.jpg';

const Text = (max: number) => z.string().trim().max(max);
const Required = (max: number) => z.string().trim().min(1).max(max);
/** A link or image: same-origin path or http(s) URL; nothing that could run script. */
const MediaUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => /^\/(?!\/)\S*$/.test(s) || /^https?:\/\/\S+$/i.test(s), 'url');

/** A picture field of the studio: a MediaUrl that answers hand out signed when it is an upload. */
const StudioPicture = MediaUrl.clone().register(pictureFields, { picture: true });

const Seconds = z
  .number()
  .finite()
  .nonnegative()
  .max(24 * 60 * 60);

/** Which params each kind needs (spec 3, Timed action: name; name + discussId; name + type + title?). */
const needsName: readonly TimedActionKind[] = [
  'chapter',
  'telop',
  'discuss',
  'vote',
  'output',
  'feedback',
  'reflection',
];

/** One timed moment as the studio writes it; `labels` is never stored (filled on read). */
export const StudioTimedAction = z
  .object({
    start: Seconds,
    end: Seconds.optional(),
    show: Seconds.optional(),
    hide: Seconds.optional(),
    resultTime: Seconds.optional(),
    action: TimedActionKind,
    params: z
      .object({
        name: Text(STUDIO_MOMENT_TEXT_MAX).optional(),
        discussId: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,64}$/)
          .optional(),
        type: z.enum(['cover', 'free', 'opinion']).optional(),
        title: Text(STUDIO_MOMENT_TEXT_MAX).optional(),
        choices: z.array(Required(STUDIO_MOMENT_TEXT_MAX)).optional(),
        image: StudioPicture.optional(),
      })
      .strict(),
  })
  .strict()
  .superRefine((a, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (a.end !== undefined && a.end <= a.start) issue(['end'], 'end must be after start');
    if (a.show !== undefined && a.hide !== undefined && a.hide <= a.show) {
      issue(['hide'], 'hide must be after show');
    }
    if (a.resultTime !== undefined && a.resultTime < a.start) {
      issue(['resultTime'], 'resultTime must not be before start');
    }
    const p = a.params;
    if (needsName.includes(a.action) && !p.name) issue(['params', 'name'], 'required');
    if ((a.action === 'discuss' || a.action === 'vote') && !p.discussId) {
      issue(['params', 'discussId'], 'required');
    }
    if (a.action === 'image' && !p.image) issue(['params', 'image'], 'required');
    if (a.action === 'vote') {
      const choices = p.choices ?? [];
      if (choices.length < STUDIO_VOTE_CHOICES_MIN || choices.length > STUDIO_VOTE_CHOICES_MAX) {
        issue(
          ['params', 'choices'],
          `a vote has ${STUDIO_VOTE_CHOICES_MIN} to ${STUDIO_VOTE_CHOICES_MAX} choices`,
        );
      }
      if (new Set(choices).size !== choices.length) issue(['params', 'choices'], 'duplicate');
    } else if (p.choices !== undefined) {
      issue(['params', 'choices'], 'only votes have choices');
    }
    if (a.action !== 'image' && p.image !== undefined) {
      issue(['params', 'image'], 'only image moments have an image');
    }
  });
export type StudioTimedAction = z.infer<typeof StudioTimedAction>;

/** The moment's words in the other language, by position (the read side's `translations`). */
const StudioActionTranslation = z
  .object({
    name: Text(STUDIO_MOMENT_TEXT_MAX).optional(),
    title: Text(STUDIO_MOMENT_TEXT_MAX).optional(),
    choices: z.array(Required(STUDIO_MOMENT_TEXT_MAX)).optional(),
  })
  .strict();

/** A video's moments: each valid, vote ids unique, at most STUDIO_MOMENTS_MAX. */
const StudioTimedActions = z
  .array(StudioTimedAction)
  .max(STUDIO_MOMENTS_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      const id = a.params.discussId;
      if (!id) return;
      const key = `${a.action}:${id}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'params', 'discussId'], message: 'duplicate' });
      }
      seen.add(key);
    });
  });

const StudioTarget = z
  .object({
    type: z.enum(['ALL', 'SCHOOL', 'GROUP']),
    targets: z.array(Id).max(100).default([]),
  })
  .strict()
  .refine((t) => t.type === 'ALL' || t.targets.length > 0, {
    path: ['targets'],
    message: 'choose at least one',
  });

const LangTexts = z
  .object({
    title: Text(STUDIO_TITLE_MAX).optional(),
    subTitle: Text(STUDIO_TITLE_MAX).optional(),
    description: Text(STUDIO_TEXT_MAX).optional(),
    image: StudioPicture.optional(),
    thumbnailImage: StudioPicture.optional(),
  })
  .strict();

/** POST /v1/studio/session and PUT /v1/studio/session/{id}: the whole editable session. */
export const StudioSessionInput = z
  .object({
    /** The title as written (Japanese is the default language); `en` holds the English. */
    title: Required(STUDIO_TITLE_MAX),
    subTitle: Text(STUDIO_TITLE_MAX).optional(),
    description: Text(STUDIO_TEXT_MAX).optional(),
    /** Absent: STUDIO_DEFAULT_IMAGE. An upload (`/uploads/…`) must be of the author's school. */
    image: StudioPicture.optional(),
    thumbnailImage: StudioPicture.optional(),
    titleImage: StudioPicture.optional(),
    guideImage: StudioPicture.optional(),
    en: LangTexts.optional(),
    ja: LangTexts.pick({ image: true, thumbnailImage: true }).optional(),
    status: SessionStatus,
    startTime: EpochMs,
    endTime: EpochMs,
    isWatchable: z.boolean(),
    isFreeOnApp: z.boolean().default(false),
    isFreeOnWeb: z.boolean().default(false),
    target: StudioTarget,
    tagIds: z.array(Id).max(20).default([]),
    workIds: z.array(Id).max(10).default([]),
    reflection: ReflectionNotes.optional(),
    documentLinks: z
      .array(z.object({ label: Required(STUDIO_TITLE_MAX), url: MediaUrl }).strict())
      .max(10)
      .default([]),
  })
  .strict()
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], message: 'after startTime' });
export type StudioSessionInput = z.input<typeof StudioSessionInput>;
export type StudioSessionValue = z.output<typeof StudioSessionInput>;

const TranscodeStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const TranscodeJob = z.object({
  id: Id,
  videoId: Id,
  fileName: z.string(),
  status: TranscodeStatus,
  /** 0 … 1 */
  progress: z.number().min(0).max(1),
  error: z.string().nullable(),
  updatedAt: EpochMs,
});
export type TranscodeJob = z.infer<typeof TranscodeJob>;

/** A video as the studio edits it: stored actions, their translations and the latest job. */
export const StudioVideo = Video.pick({ id: true, type: true, title: true, lang: true }).extend({
  /** The playlist URL; empty until a first upload has been transcoded. */
  videoId: z.string(),
  poster: z.string().nullable(),
  captionFile: Video.shape.captionFile.unwrap(),
  duration: z.number().nullable(),
  actions: z.array(z.custom<TimedAction>()),
  actionTranslations: z.array(StudioActionTranslation),
  job: TranscodeJob.nullable(),
});
export type StudioVideo = z.infer<typeof StudioVideo>;

/** The video types the studio offers (spec 3, Video; the issue: DIGEST or ARCHIVE_LOW). */
const StudioVideoType = z.enum(['DIGEST', 'ARCHIVE_LOW']);

export const StudioVideoInput = z
  .object({
    title: Required(STUDIO_TITLE_MAX),
    type: StudioVideoType,
    lang: z._default(Lang, 'ja'),
    /** An HLS playlist URL, for a video hosted elsewhere; absent: upload a file. */
    hlsUrl: MediaUrl.optional(),
    actions: StudioTimedActions.default([]),
    actionTranslations: z.array(StudioActionTranslation).max(STUDIO_MOMENTS_MAX).default([]),
  })
  .strict();
export type StudioVideoInput = z.input<typeof StudioVideoInput>;

/** A work's English texts; questions by position (an empty one falls back to the Japanese). */
const WorkEnTexts = z
  .object({
    title: Text(STUDIO_TITLE_MAX).optional(),
    description: Text(STUDIO_TEXT_MAX).optional(),
    questions: z
      .array(Text(STUDIO_MOMENT_TEXT_MAX * 2))
      .max(10)
      .optional(),
  })
  .strict();

export const StudioWorkInput = z
  .object({
    title: Required(STUDIO_TITLE_MAX),
    description: Text(STUDIO_TEXT_MAX),
    image: StudioPicture.nullable().default(null),
    afterDescription: Text(STUDIO_TEXT_MAX).optional(),
    afterImage: StudioPicture.optional(),
    /** The last entry is the image question (spec 3, Work). */
    questions: z
      .array(Required(STUDIO_MOMENT_TEXT_MAX * 2))
      .min(1)
      .max(10),
    examples: z
      .array(z.object({ image: StudioPicture, description: Text(STUDIO_TEXT_MAX) }).strict())
      .max(6)
      .default([]),
    /** An index into the three associated colours. */
    associatedColor: z.number().int().min(0).max(2).optional(),
    /** The English words (a pupil reading in English sees them; empty: the Japanese). */
    en: WorkEnTexts.optional(),
  })
  .strict();
export type StudioWorkInput = z.input<typeof StudioWorkInput>;

export const StudioWork = Work.omit({ outputIds: true }).extend({
  questions: Work.shape.questions.unwrap(),
  en: WorkEnTexts.optional(),
  editable: z.boolean(),
});
export type StudioWork = z.infer<typeof StudioWork>;

/** A session as the studio edits it. */
export const StudioSession = Session.pick({
  id: true,
  title: true,
  subTitle: true,
  description: true,
  image: true,
  thumbnailImage: true,
  titleImage: true,
  guideImage: true,
  status: true,
  startTime: true,
  endTime: true,
  isWatchable: true,
  reflection: true,
  documentLinks: true,
}).extend({
  en: LangTexts.optional(),
  ja: LangTexts.pick({ image: true, thumbnailImage: true }).optional(),
  // Always present in the studio (optional on the reader's session).
  isFreeOnApp: z.boolean(),
  isFreeOnWeb: z.boolean(),
  target: SessionTarget.extend({ targets: z.array(Id) }),
  tagIds: z.array(Id),
  workIds: z.array(Id),
  /** Provider session (null) or the authoring teacher's school. */
  ownerSchoolId: z.nullable(Id),
  archived: z.boolean(),
  editable: z.boolean(),
  videos: z.array(StudioVideo),
  updatedAt: EpochMs,
});
export type StudioSession = z.infer<typeof StudioSession>;

export const StudioSessionSummary = StudioSession.pick({
  id: true,
  title: true,
  image: true,
  status: true,
  startTime: true,
  target: true,
  archived: true,
  editable: true,
  ownerSchoolId: true,
  updatedAt: true,
});
export type StudioSessionSummary = z.infer<typeof StudioSessionSummary>;

export const StudioSessionListQuery = z.object({
  archived: z.enum(['true', 'false']).default('false'),
});
export const StudioSessionList = z.object({ items: z.array(StudioSessionSummary) });
export const StudioSessionResponse = z.object({ item: StudioSession });
export const StudioVideoResponse = z.object({ item: StudioVideo });
export const StudioWorkResponse = z.object({ item: StudioWork });
export const StudioWorkList = z.object({ items: z.array(StudioWork) });

/** The groups and tags a session may be aimed at or carry, for the pickers. */
export const StudioOptions = z.object({
  groups: z.array(z.object({ id: Id, name: z.string(), schoolId: Id })),
  schools: z.array(z.object({ id: Id, name: z.string() })),
  tags: z.array(z.object({ id: Id, name: z.string(), type: z.string() })),
  /** Provider staff and admin may target ALL and SCHOOL; a teacher only GROUP. */
  targetTypes: z.array(z.enum(['ALL', 'SCHOOL', 'GROUP'])),
  /** Where ffmpeg comes from, or null when there is none (uploads are then refused). */
  transcoder: z.enum(['system', 'bundled']).nullable(),
  /** This server's caps on uploaded videos (its VIDEO_MAX_DURATION_S and VIDEO_UPLOAD_MAX_BYTES). */
  limits: z.object({
    maxDurationS: z.number().int().positive(),
    maxUploadBytes: z.number().int().positive(),
  }),
});
export type StudioOptions = z.infer<typeof StudioOptions>;

export const CaptionInput = z
  .object({
    /** The file's text: WebVTT, or SRT (converted to WebVTT on the server). */
    text: z.string().min(1).max(CAPTION_MAX_BYTES),
  })
  .strict();

export const StudioIdParams = z.object({ id: Id });
export const StudioCaptionParams = z.object({ id: Id, lang: Lang });
