import { COMMENT_MAX } from '@/contracts/constants';

/** Whether a live comment may be sent: not blank (ASCII or ideographic spaces), at most 400. */
export const commentDraftState = (
  content: string,
): { length: number; over: boolean; blank: boolean; canSend: boolean } => {
  const length = content.length;
  const blank = content.replace(/[\s\u3000]/g, '').length === 0;
  const over = content.length > COMMENT_MAX;
  return { length, over, blank, canSend: !blank && !over };
};
