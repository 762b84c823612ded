import { sql, type Selectable } from 'kysely';
import type { Vote, VoteTally } from '../../contracts/api/sessions';
import { PROTOCOL_VERSION } from '../../contracts/realtime';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import type { VoteBallotsTable } from '../db/schema';
import { AppError } from '../http/errors';
import type { RoomBus } from '../realtime/bus';
import type { SessionWall } from './walls';

type BallotRow = Selectable<VoteBallotsTable>;

const toVote = (r: BallotRow): Vote => ({
  id: r.id,
  sessionId: r.session_id,
  streamId: r.stream_id,
  voteKey: r.vote_key,
  userId: r.user_id,
  choice: r.choice,
  createdAt: msOf(r.created_at),
  updatedAt: msOf(r.updated_at),
});

/**
 * The vote moments of a session's timeline: voteKey (discussId, else name) → its choices as
 * written, with the same choices in each translated language (by position).
 */
async function voteChoicesOf(
  db: Db,
  sessionId: string,
): Promise<Map<string, { choices: string[] | undefined; translated: string[][] }>> {
  const videos = await db
    .selectFrom('videos')
    .select(['actions', 'translations'])
    .where('session_id', '=', sessionId)
    .execute();
  const out = new Map<string, { choices: string[] | undefined; translated: string[][] }>();
  for (const v of videos) {
    for (const [i, a] of v.actions.entries()) {
      const key = a.action === 'vote' ? (a.params.discussId ?? a.params.name) : undefined;
      if (!key) continue;
      const translated = Object.values(v.translations ?? {}).flatMap((tr) => {
        const words = tr?.actions?.[i]?.choices;
        return words && words.length === a.params.choices?.length ? [words] : [];
      });
      out.set(key, { choices: a.params.choices, translated });
    }
  }
  return out;
}

/**
 * Votes: one ballot per user per vote moment (voteKey) per room, or per session when there is no
 * room (solo viewing). POST again replaces the choice (an upsert, so a retried POST is harmless);
 * PUT changes one's own ballot by id. Tallies are per room, or across the session without one.
 */
export class VoteService {
  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
  ) {}

  /**
   * Without a room, `wall` (the caller's, sessions/walls.ts) limits the counts to solo ballots
   * and the rooms the caller may open, cast by people of the caller's school: a room's ballots
   * belong to the room, and a shared session never shows another school's votes.
   */
  async tallies(
    sessionId: string,
    userId: string,
    q: { streamId?: string | undefined; voteKey?: string | undefined },
    wall?: SessionWall,
  ): Promise<VoteTally[]> {
    let counts = this.db
      .selectFrom('vote_ballots')
      .innerJoin('users', 'users.id', 'vote_ballots.user_id')
      .select(['vote_key', 'choice', sql<number>`count(*)::int`.as('n')])
      .where('session_id', '=', sessionId)
      .groupBy(['vote_key', 'choice']);
    if (wall && !q.streamId) {
      const roomIds = [...wall.roomIds];
      counts = counts.where((eb) =>
        roomIds.length === 0
          ? eb('vote_ballots.stream_id', 'is', null)
          : eb.or([
              eb('vote_ballots.stream_id', 'is', null),
              eb('vote_ballots.stream_id', 'in', roomIds),
            ]),
      );
      if (!wall.allSchools) counts = counts.where('users.school_id', '=', wall.schoolId ?? '');
    }
    let mine = this.db
      .selectFrom('vote_ballots')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId);
    if (q.streamId) {
      counts = counts.where('stream_id', '=', q.streamId);
      mine = mine.where('stream_id', '=', q.streamId);
    } else {
      mine = mine.where('stream_id', 'is', null);
    }
    if (q.voteKey) {
      counts = counts.where('vote_key', '=', q.voteKey);
      mine = mine.where('vote_key', '=', q.voteKey);
    }
    const [countRows, mineRows] = await Promise.all([counts.execute(), mine.execute()]);
    const byKey = new Map<string, VoteTally>();
    const tallyOf = (voteKey: string) => {
      let t = byKey.get(voteKey);
      if (!t)
        byKey.set(
          voteKey,
          (t = { voteKey, streamId: q.streamId ?? null, counts: {}, total: 0, mine: null }),
        );
      return t;
    };
    for (const r of countRows) {
      const t = tallyOf(r.vote_key);
      t.counts[r.choice] = Number(r.n);
      t.total += Number(r.n);
    }
    for (const r of mineRows) tallyOf(r.vote_key).mine = toVote(r);
    return [...byKey.values()].sort((a, b) => a.voteKey.localeCompare(b.voteKey));
  }

  private async tally(
    sessionId: string,
    userId: string,
    streamId: string | null,
    voteKey: string,
    wall?: SessionWall,
  ) {
    const [t] = await this.tallies(
      sessionId,
      userId,
      { streamId: streamId ?? undefined, voteKey },
      wall,
    );
    return t ?? { voteKey, streamId, counts: {}, total: 0, mine: null };
  }

  /**
   * The choice as a ballot stores it. A vote of the timeline accepts only its choices, named as
   * written or in a translation (a room of mixed languages counts one tally, issue 9); a vote the
   * host made up live accepts any.
   */
  private async canonicalChoice(sessionId: string, voteKey: string, choice: string) {
    const vote = (await voteChoicesOf(this.db, sessionId)).get(voteKey);
    const choices = vote?.choices;
    if (!vote || !choices || choices.length === 0 || choices.includes(choice)) return choice;
    for (const words of vote.translated) {
      const at = words.indexOf(choice);
      if (at >= 0) return choices[at]!;
    }
    throw new AppError('badRequest', 'Not a choice of this vote', [
      { path: 'choice', message: `one of: ${choices.join(', ')}` },
    ]);
  }

  async cast(
    sessionId: string,
    userId: string,
    body: { voteKey: string; choice: string; streamId?: string | undefined },
    wall?: SessionWall,
  ): Promise<{ item: Vote; tally: VoteTally }> {
    const choice = await this.canonicalChoice(sessionId, body.voteKey, body.choice);
    const streamId = body.streamId ?? null;
    const result = await sql<BallotRow>`
      insert into vote_ballots (session_id, stream_id, vote_key, user_id, choice)
      values (${sessionId}, ${streamId}, ${body.voteKey}, ${userId}, ${choice})
      on conflict (session_id, (coalesce(stream_id, '')), vote_key, user_id)
      do update set choice = excluded.choice, updated_at = now()
      returning *`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error('vote upsert returned nothing');
    return this.after(row, wall);
  }

  async change(
    sessionId: string,
    userId: string,
    voteId: string,
    choice: string,
    wall?: SessionWall,
  ): Promise<{ item: Vote; tally: VoteTally }> {
    const row = await this.db
      .selectFrom('vote_ballots')
      .selectAll()
      .where('id', '=', voteId)
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound', 'No such vote');
    // Someone else's ballot is not theirs to know of: the same 404 as a missing one.
    if (row.user_id !== userId) throw new AppError('notFound', 'No such vote');
    const stored = await this.canonicalChoice(sessionId, row.vote_key, choice);
    const updated = await this.db
      .updateTable('vote_ballots')
      .set({ choice: stored, updated_at: new Date() })
      .where('id', '=', voteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.after(updated, wall);
  }

  /** The tail of each room vote's count-and-push chain (removed when it drains). */
  private readonly counting = new Map<string, Promise<unknown>>();

  /**
   * Runs `work` after every earlier one of the same key has finished, so that within this process
   * the room receives a vote's totals in the order they were counted. (Across instances, tallies
   * can still cross: noted in docs/decisions/0135-votes.md.)
   */
  private async inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.counting.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    this.counting.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.counting.get(key) === tail) this.counting.delete(key);
    }
  }

  /** The caller's answer and tally; the room gets the tally live (without anyone's `mine`). */
  private async after(
    row: BallotRow,
    wall?: SessionWall,
  ): Promise<{ item: Vote; tally: VoteTally }> {
    const streamId = row.stream_id;
    if (streamId) {
      // Counted and pushed one after another per vote: ballots cast at once were counted
      // concurrently, and an older total could reach the room last and stay on screen.
      const tally = await this.inOrder(`${streamId}\n${row.vote_key}`, async () => {
        const counted = await this.tally(row.session_id, row.user_id, streamId, row.vote_key, wall);
        await this.bus.publishRoom({
          type: 'broadcast',
          streamId,
          message: {
            v: PROTOCOL_VERSION,
            type: 'voteTally',
            streamId,
            tally: { ...counted, mine: null },
          },
        });
        return counted;
      });
      return { item: toVote(row), tally };
    }
    const tally = await this.tally(row.session_id, row.user_id, row.stream_id, row.vote_key, wall);
    {
      // A session-wide ballot: the session's pages of the voter's school re-read the tally.
      const voter = await this.db
        .selectFrom('users')
        .select(['id', 'school_id'])
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (voter) {
        await this.bus
          .publishSession({
            change: { sessionId: row.session_id, kind: 'vote', targetId: row.vote_key },
            actorId: voter.id,
            schoolId: voter.school_id,
          })
          .catch(() => undefined);
      }
    }
    return { item: toVote(row), tally };
  }
}
