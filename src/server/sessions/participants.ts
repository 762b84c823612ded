import { PARTICIPANT_QUERY_WINDOW_MS } from '../../contracts/constants';
import type { SessionParticipant } from '../../contracts/entities';
import type { ParticipantUser, RoomEvent } from '../../contracts/stream';
import { initialRoomModel, participantsAt, reduceRoom } from '../../engine/reducer';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { json, msOf } from '../db/json';
import { AppError } from '../http/errors';
import { systemClock, type ServerClock } from '../clock';
import type { RoomBus } from '../realtime/bus';
import { sequencerFor, type StreamSequencer } from '../streams/sequencer';
import { BROADCAST_VIEWER, displayNameFor, findSchool, type UserRow } from '../users/repository';
import type { SessionWall } from './walls';

/** The spec's message for a full room (the client shows its translation of participantLimit). */
export const PARTICIPANT_LIMIT_MESSAGE =
  'Cannot join. The maximum number of participants has been reached.';

const ACTIVITY_TYPES = ['joinSession', 'joinStream', 'leaveStream'] as const;

export interface ParticipantScope {
  sessionId: string;
  /** One room; without it, the whole session (every room and solo viewing). */
  streamId?: string | undefined;
  /**
   * A session-wide read for one caller (GET …/users without a room): only session-level
   * activity and the rooms the caller may open, by people of the caller's school (provider
   * roles: every school). The participant limit counts without it.
   */
  wall?: SessionWall | undefined;
}

/**
 * Participants of a session or a room: the activity events since `since`, folded with the
 * engine's room reducer (join within 12 hours; a leave removes only an earlier join), read at
 * `now`. The same fold a client runs over the room's log.
 */
export async function foldParticipants(
  db: Db,
  scope: ParticipantScope,
  since: number,
  now: number,
): Promise<SessionParticipant[]> {
  let q = db
    .selectFrom('activities')
    .innerJoin('users', 'users.id', 'activities.user_id')
    .leftJoin('schools', 'schools.id', 'users.school_id')
    .select([
      'activities.id',
      'activities.type',
      'activities.user_id',
      'activities.created_at',
      'activities.updated_at',
      'users.display_name',
      'users.image',
      'users.role',
      'schools.id as school_id',
      'schools.name as school_name',
    ])
    .where('activities.session_id', '=', scope.sessionId)
    .where('activities.type', 'in', [...ACTIVITY_TYPES])
    .where('activities.created_at', '>=', new Date(since));
  if (scope.streamId) q = q.where('activities.stream_id', '=', scope.streamId);
  const wall = scope.wall;
  if (wall) {
    const roomIds = [...wall.roomIds];
    q = q.where((eb) =>
      roomIds.length === 0
        ? eb('activities.stream_id', 'is', null)
        : eb.or([
            eb('activities.stream_id', 'is', null),
            eb('activities.stream_id', 'in', roomIds),
          ]),
    );
    // No school and no provider role: nobody's school is theirs (the match never holds).
    if (!wall.allSchools) q = q.where('users.school_id', '=', wall.schoolId ?? '');
  }
  const rows = await q.orderBy('activities.created_at').orderBy('activities.id').execute();
  const key = scope.streamId ?? `session:${scope.sessionId}`;
  let model = initialRoomModel(key);
  for (const [i, r] of rows.entries()) {
    const at = msOf(r.created_at);
    const base = { streamId: key, seq: i + 1, serverTime: at, effectiveAt: at };
    const times = { createdAt: at, updatedAt: msOf(r.updated_at) };
    const event: RoomEvent =
      r.type === 'leaveStream'
        ? { ...base, type: 'leaveStream', payload: { userId: r.user_id, ...times } }
        : {
            ...base,
            type: r.type === 'joinStream' ? 'joinStream' : 'joinSession',
            payload: {
              userId: r.user_id,
              user: {
                displayName: r.display_name,
                image: r.image,
                role: r.role,
                school:
                  r.school_id && r.school_name ? { id: r.school_id, name: r.school_name } : null,
              },
              ...times,
            },
          };
    model = reduceRoom(model, event);
  }
  return participantsAt(model, now);
}

/**
 * The user as a join event carries them. The event goes to the whole room and into its log, so
 * the name is the broadcast's (a forbidden name is not sent; the REST list names it to the
 * person and staff).
 */
async function participantUser(db: Db, user: UserRow): Promise<ParticipantUser> {
  const school = await findSchool(db, user.school_id);
  return {
    displayName: displayNameFor(BROADCAST_VIEWER, user),
    image: user.image,
    role: user.role,
    school: school ? { id: school.id, name: school.name } : null,
  };
}

/**
 * Of `userIds`, those who share a group with the caller (GET …/users?inGroup=true). Reads the
 * caller's own memberships and the listed users' memberships in those groups only.
 */
export async function sharingGroupWith(
  db: Db,
  scope: Subject,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const mine = db
    .selectFrom('group_members')
    .select('group_id')
    .where('user_id', '=', scope.userId);
  const rows = await db
    .selectFrom('group_members')
    .select('user_id')
    .distinct()
    .where('group_id', 'in', mine)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Joining and leaving; the route has already checked the session and room permissions. */
export class Participation {
  private readonly sequencer: StreamSequencer;

  constructor(
    private readonly db: Db,
    bus: RoomBus,
    /** The server's one clock (joins and leaves are stamped on the same base as commands). */
    private readonly now: ServerClock = systemClock,
  ) {
    this.sequencer = sequencerFor(db, bus);
  }

  /**
   * Records a join. With a room: the room's participants of the last 2 hours (the same fold as
   * GET …/users) must be fewer than the session's limit, checked in the stream's turn and under
   * its row lock so two last-seat joins cannot both pass; the joinStream event goes to the
   * room's log and bus.
   * Without a room (solo or session page), the limit counts every participant of the session,
   * under the session's row lock. A user already counted may always rejoin.
   */
  async join(
    user: UserRow,
    sessionId: string,
    limit: number | null,
    streamId?: string,
  ): Promise<number> {
    const who = await participantUser(this.db, user);
    // Stored times are whole milliseconds.
    const now = Math.round(this.now());
    const check = async (trx: Db, scope: ParticipantScope) => {
      if (limit === null) return;
      const present = await foldParticipants(trx, scope, now - PARTICIPANT_QUERY_WINDOW_MS, now);
      const others = present.filter((p) => p.id !== user.id).length;
      const already = present.length !== others;
      if (!already && others >= limit)
        throw new AppError('participantLimit', PARTICIPANT_LIMIT_MESSAGE);
    };
    if (streamId) {
      await this.sequencer.append(
        streamId,
        async (stream, seq, trx) => {
          if (!stream || stream.isDeleted || stream.sessionId !== sessionId) {
            throw new AppError('notFound', 'No such room');
          }
          // The row lock also serialises joins handled by other server instances.
          await trx
            .selectFrom('streams')
            .select('id')
            .where('id', '=', streamId)
            .forUpdate()
            .execute();
          await check(trx, { sessionId, streamId });
          await insertActivity(trx, 'joinStream', user.id, sessionId, streamId, now);
          return [
            {
              streamId,
              seq,
              serverTime: now,
              effectiveAt: now,
              type: 'joinStream',
              payload: { userId: user.id, user: who, createdAt: now, updatedAt: now },
            },
          ];
        },
        { transaction: true },
      );
      return now;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .forUpdate()
        .execute();
      await check(trx, { sessionId, streamId: undefined });
      await insertActivity(trx, 'joinSession', user.id, sessionId, null, now);
    });
    return now;
  }

  /** Records a leave; in a room, the leaveStream event goes to its log and bus. */
  async leave(user: UserRow, sessionId: string, streamId?: string): Promise<number> {
    // Stored times are whole milliseconds.
    const now = Math.round(this.now());
    if (!streamId) {
      await insertActivity(this.db, 'leaveStream', user.id, sessionId, null, now);
      return now;
    }
    await this.sequencer.append(
      streamId,
      async (stream, seq, trx) => {
        if (!stream || stream.sessionId !== sessionId)
          throw new AppError('notFound', 'No such room');
        await insertActivity(trx, 'leaveStream', user.id, sessionId, streamId, now);
        return [
          {
            streamId,
            seq,
            serverTime: now,
            effectiveAt: now,
            type: 'leaveStream',
            payload: { userId: user.id, createdAt: now, updatedAt: now },
          },
        ];
      },
      { transaction: true },
    );
    return now;
  }
}

async function insertActivity(
  db: Db,
  type: (typeof ACTIVITY_TYPES)[number],
  userId: string,
  sessionId: string,
  streamId: string | null,
  at: number,
): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      type,
      user_id: userId,
      session_id: sessionId,
      stream_id: streamId,
      payload: json({ timestamp: at, sessionId }),
      created_at: new Date(at),
      updated_at: new Date(at),
    })
    .execute();
}
