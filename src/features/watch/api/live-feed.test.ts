import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { VoteTally } from '@/contracts/api/sessions';
import type { Comment } from '@/contracts/entities';
import { receiveCommentsPaused, receiveLiveComment, removeLiveComment } from './comments';
import { receiveVoteTally } from './votes';

const comment = (id: string, over: Partial<Comment> = {}): Comment => ({
  id,
  type: 'LIVE-JA',
  sessionId: 's',
  parentId: null,
  userId: 'u',
  user: {
    _id: 'u',
    id: 'student01',
    displayName: 'Haruto',
    image: null,
    role: 'member',
    school: null,
  },
  content: id,
  isPinned: false,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

const commentsKey = ['session', 's', 'comments', 'LIVE-JA', 'room'];

describe('receiveLiveComment', () => {
  it('adds a pushed comment of the room language after the pinned one', () => {
    const qc = new QueryClient();
    qc.setQueryData(commentsKey, [
      comment('pin', { isPinned: true, createdAt: 5 }),
      comment('a', { createdAt: 2 }),
    ]);
    receiveLiveComment(qc, 's', 'room', 'ja', comment('b', { createdAt: 9 }));
    receiveLiveComment(qc, 's', 'room', 'ja', comment('b', { createdAt: 9, content: 'edited' }));
    receiveLiveComment(qc, 's', 'room', 'ja', comment('en', { type: 'LIVE-EN', createdAt: 10 }));
    const list = qc.getQueryData<Comment[]>(commentsKey) ?? [];
    expect(list.map((c) => c.id)).toEqual(['pin', 'a', 'b']);
    expect(list[2]?.content).toBe('edited');
  });

  it('does not stand in for the list before it has loaded', () => {
    const qc = new QueryClient();
    receiveLiveComment(qc, 's', 'room', 'ja', comment('x'));
    expect(qc.getQueryData(commentsKey)).toBeUndefined();
  });
});

describe('removeLiveComment and receiveCommentsPaused', () => {
  it('drops a deleted comment from the open list at once', () => {
    const qc = new QueryClient();
    qc.setQueryData(commentsKey, [comment('a'), comment('b', { createdAt: 2 })]);
    removeLiveComment(qc, 's', 'room', 'ja', 'a');
    expect(qc.getQueryData<Comment[]>(commentsKey)?.map((c) => c.id)).toEqual(['b']);
  });

  it("keeps the room's pause state the panel reads", () => {
    const qc = new QueryClient();
    receiveCommentsPaused(qc, 'room', true);
    expect(qc.getQueryData(['stream', 'room', 'commentsPaused'])).toBe(true);
    receiveCommentsPaused(qc, 'room', false);
    expect(qc.getQueryData(['stream', 'room', 'commentsPaused'])).toBe(false);
  });
});

describe('receiveVoteTally', () => {
  it("takes the pushed counts but keeps the viewer's own vote", () => {
    const qc = new QueryClient();
    const key = ['session', 's', 'votes', 'room', 'v1'];
    const mine = {
      id: 'vote-1',
      sessionId: 's',
      streamId: 'room',
      voteKey: 'v1',
      userId: 'u',
      choice: 'A',
      createdAt: 1,
      updatedAt: 1,
    };
    qc.setQueryData<VoteTally>(key, {
      voteKey: 'v1',
      streamId: 'room',
      counts: { A: 1 },
      total: 1,
      mine,
    });
    receiveVoteTally(qc, 's', 'room', {
      voteKey: 'v1',
      streamId: 'room',
      counts: { A: 1, B: 2 },
      total: 3,
      mine: null,
    });
    expect(qc.getQueryData(key)).toEqual({
      voteKey: 'v1',
      streamId: 'room',
      counts: { A: 1, B: 2 },
      total: 3,
      mine,
    });
  });
});
