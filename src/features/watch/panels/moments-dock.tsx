import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { MomentsView, type MomentsViewProps } from './moments-view';

/** The moments on screen, as one key: a new vote, discussion or prompt changes it. */
const momentsKey = (o: MomentsViewProps['overlays']): string =>
  [o.discuss?.key, o.vote?.voteKey, ...o.prompts.map((p) => p.key)].filter(Boolean).join('|');

const isTyping = (el: Element | null) =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && el.type !== 'button') ||
  (el instanceof HTMLElement && el.isContentEditable);

/**
 * Where a vote, discussion or prompt appears the moment it opens (issue 9): beside the video on
 * a wide screen, right under it on a phone (the watch page places it), brought into view if the
 * pupil had scrolled away — unless they are typing — and outlined for a few seconds as a gentle
 * cue. aria-live in MomentsView announces it.
 */
export function MomentsDock(props: MomentsViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const key = momentsKey(props.overlays);
  const [cue, setCue] = useState(false);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!key) return;
    setCue(true);
    const el = ref.current;
    if (el && !isTyping(document.activeElement)) {
      const r = el.getBoundingClientRect();
      const visible = r.top >= 0 && r.top < window.innerHeight - Math.min(r.height, 160);
      if (!visible) {
        el.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
      }
    }
    const timer = window.setTimeout(() => setCue(false), 4000);
    return () => window.clearTimeout(timer);
  }, [key, reduceMotion]);
  return (
    <div
      ref={ref}
      data-testid="moments-dock"
      data-cue={cue || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: cue && key ? '0 0 0 3px var(--mantine-color-yellow-5)' : 'none',
        transition: reduceMotion ? undefined : 'box-shadow 400ms ease',
        scrollMarginTop: 72,
      }}
    >
      <MomentsView {...props} />
    </div>
  );
}
