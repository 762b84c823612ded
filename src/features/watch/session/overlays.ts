import { voteKeyOf, type TimedAction } from '@/contracts/entities';
import type { LiveAction, RoomModel } from '@/contracts/stream';
import { activeActionsAt } from '@/engine';

/** One vote moment on screen: its key for the votes API and whether tallies are shown. */
export interface VoteOverlay {
  action: TimedAction;
  voteKey: string;
  choices: string[];
  /** What each choice reads in the viewer's language (same order as `choices`). */
  labels: string[];
  resultVisible: boolean;
  /** Pushed live by the host (rather than reached on the timeline). */
  live: boolean;
}

/** A prompt whose posting dialog comes later: output, feedback or reflection. */
interface PromptOverlay {
  key: string;
  kind: 'output' | 'feedback' | 'reflection';
  action: TimedAction;
}

/** What the overlay layer shows at one instant. */
export interface Overlays {
  chapter: TimedAction | null;
  telops: Array<{ key: string; action: TimedAction }>;
  images: Array<{ key: string; action: TimedAction }>;
  discuss: { key: string; action: TimedAction } | null;
  vote: VoteOverlay | null;
  prompts: PromptOverlay[];
}

/** The votes API key of a vote moment (contracts: the downloads keep the same tallies). */
const liveKey = (kind: string, live: LiveAction) => `live-${kind}-${live.seq}`;

/** A vote's choices as the viewer reads them: the translated labels when they match. */
const labelsOf = (action: TimedAction): string[] => {
  const choices = action.params.choices ?? [];
  const labels = action.params.labels;
  return labels && labels.length === choices.length ? labels : choices;
};

/**
 * A moment the host pushed carries the words of the host's language; the viewer's own timeline
 * has the same moment (same discussId) in the viewer's language, so that one's words are shown.
 */
const inViewerLanguage = (actions: readonly TimedAction[], pushed: TimedAction): TimedAction => {
  const id = pushed.params.discussId;
  const own = id
    ? actions.find((a) => a.action === pushed.action && a.params.discussId === id)
    : undefined;
  if (!own) return pushed;
  const { name, title, labels } = own.params;
  return {
    ...pushed,
    params: {
      ...pushed.params,
      ...(name !== undefined ? { name } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(labels !== undefined && pushed.params.choices?.length === labels.length
        ? { labels }
        : {}),
    },
  };
};

/**
 * Selects the overlays from the video's timeline at `position` plus what the host pushed live
 * (the room model's chapter, telop, discuss and vote). A live chapter, discussion or vote takes the
 * place of the timeline's; a live telop is shown beside the timeline's.
 */
export const selectOverlays = (
  actions: readonly TimedAction[],
  position: number,
  room: Pick<RoomModel, 'chapter' | 'telop' | 'discuss' | 'vote'> | null,
  /** The room has ended: its vote and discussion leave (the posting prompts stay) (issue 9). */
  ended = false,
): Overlays => {
  const out: Overlays = {
    chapter: null,
    telops: [],
    images: [],
    discuss: null,
    vote: null,
    prompts: [],
  };
  for (const item of activeActionsAt(actions, position)) {
    const { action, index } = item;
    const key = `t-${index}`;
    switch (action.action) {
      case 'chapter':
        out.chapter = action;
        break;
      case 'telop':
        if (item.visible) out.telops.push({ key, action });
        break;
      case 'image':
        if (item.visible && action.params.image) out.images.push({ key, action });
        break;
      case 'discuss':
        out.discuss = { key, action };
        break;
      case 'vote': {
        const voteKey = voteKeyOf(action);
        if (voteKey) {
          out.vote = {
            action,
            voteKey,
            choices: action.params.choices ?? [],
            labels: labelsOf(action),
            resultVisible: item.resultVisible,
            live: false,
          };
        }
        break;
      }
      case 'output':
      case 'feedback':
      case 'reflection':
        // output carries show/hide like an overlay in the seed; honour them when present.
        if (
          (action.show === undefined || position >= action.show) &&
          (action.hide === undefined || position < action.hide)
        ) {
          out.prompts.push({ key, kind: action.action, action });
        }
        break;
    }
  }
  if (room?.chapter) out.chapter = room.chapter.timedAction;
  if (room?.telop) {
    out.telops.push({ key: liveKey('telop', room.telop), action: room.telop.timedAction });
  }
  if (ended) return { ...out, discuss: null, vote: null };
  // A live discussion or vote (pushed, or revealed by the host) leaves when its timeline window
  // ends, like the timeline's own; pushed before its window, it shows until that end.
  const withinWindow = (live: LiveAction) =>
    live.timedAction.end === undefined || position < live.timedAction.end;
  if (room?.discuss && withinWindow(room.discuss)) {
    out.discuss = {
      key: liveKey('discuss', room.discuss),
      action: inViewerLanguage(actions, room.discuss.timedAction),
    };
  }
  if (room?.vote && withinWindow(room.vote)) {
    const voteKey = voteKeyOf(room.vote.timedAction);
    if (voteKey) {
      const sameAsTimeline = out.vote?.voteKey === voteKey;
      const action = inViewerLanguage(actions, room.vote.timedAction);
      out.vote = {
        action,
        voteKey,
        choices: action.params.choices ?? [],
        labels: labelsOf(action),
        resultVisible: room.vote.showResult || (sameAsTimeline && out.vote?.resultVisible === true),
        live: true,
      };
    }
  }
  return out;
};
