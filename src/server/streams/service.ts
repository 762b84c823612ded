import {
  PLAYBACK_COMMAND_KINDS,
  type CreateStreamRequest,
  type RoomEvent,
  type StreamCommand,
  type UpdateStreamRequest,
} from '../../contracts/stream';
import { isStaffRole, type Stream } from '../../contracts/entities';
import { stampHostCommand } from '../../engine/schedule';
import type { Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { json } from '../db/json';
import { AppError } from '../http/errors';
import type { RoomBus } from '../realtime/bus';
import { systemClock, type ServerClock } from '../clock';
import { BROADCAST_VIEWER, type UserRow } from '../users/repository';
import { sequencerFor, type StreamSequencer } from './sequencer';
import {
  findStream,
  listStreams,
  mayAccessStream,
  schoolsOfGroups,
  toStream,
  viewerOf,
  type StreamRowWithHost,
} from './repository';

const PLAYBACK_KINDS: ReadonlySet<string> = new Set(PLAYBACK_COMMAND_KINDS);

/**
 * Rooms: CRUD with the host and group rules, host commands stamped into the event log, and
 * every change published on the room bus (the hub fans it out).
 */
export class StreamService {
  private readonly sequencer: StreamSequencer;

  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
    private readonly permissions: Permissions,
    /** The server's one clock, so event times and the clients' pong samples share a base. */
    private readonly now: ServerClock = systemClock,
  ) {
    this.sequencer = sequencerFor(db, bus);
  }

  /** The stream if the user may open it; 404 otherwise, so ids of other schools cannot be probed. */
  async getVisible(user: UserRow, id: string): Promise<StreamRowWithHost> {
    const row = await findStream(this.db, id);
    if (!row) throw new AppError('notFound', 'No such room');
    const viewer = await viewerOf(this.db, user, await this.permissions.groupsOf(user));
    const schools = await schoolsOfGroups(this.db, row.group_ids);
    if (
      !mayAccessStream(viewer, { hostUserId: row.host_user_id, groupIds: row.group_ids }, schools)
    ) {
      throw new AppError('notFound', 'No such room');
    }
    return row;
  }

  async list(
    user: UserRow,
    q: {
      sessionId?: string | undefined;
      isDeleted?: boolean | undefined;
      startTimeAfter?: number | undefined;
    },
    lookbackMs: number,
  ): Promise<Stream[]> {
    const viewer = await viewerOf(this.db, user, await this.permissions.groupsOf(user));
    const rows = await listStreams(this.db, {
      groupIds: [...viewer.groupIds],
      hostUserId: user.id,
      sessionId: q.sessionId,
      isDeleted: q.isDeleted ?? false,
      startTimeAfter: q.startTimeAfter ?? Math.round(this.now() - lookbackMs),
    });
    return rows.map((row) => toStream(row, user));
  }

  /** Every group must be an active group of the host's or one under it (403 otherwise). */
  private async assertOwnGroups(user: UserRow, groupIds: readonly string[]): Promise<void> {
    const viewer = await viewerOf(this.db, user, await this.permissions.groupsOf(user));
    const foreign = groupIds.filter((g) => !viewer.hostableGroupIds.has(g));
    if (foreign.length > 0) {
      throw new AppError('forbidden', 'A room can only be shared with your own groups', [
        { path: 'groupIds', message: `not your groups: ${foreign.join(', ')}` },
      ]);
    }
  }

  async create(user: UserRow, body: CreateStreamRequest): Promise<Stream> {
    // Hosting a class is a staff role's job (teacher, staff, admin); see
    // docs/decisions/0133-who-hosts-and-opens-a-room.md.
    if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Only teachers can host a room');
    if (!(await this.permissions.check('joinSession', user, body.sessionId))) {
      // The session is unknown or not open to this user: the same 404 for both.
      throw new AppError('notFound', 'No such session');
    }
    const groupIds = [...new Set(body.groupIds)];
    await this.assertOwnGroups(user, groupIds);
    const inserted = await this.db
      .insertInto('streams')
      .values({
        session_id: body.sessionId,
        name: body.name,
        lang: body.lang,
        host_user_id: user.id,
        group_ids: json(groupIds),
        settings: json(body.settings),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (await findStream(this.db, inserted.id))!;
    // The list bus sends one payload to every follower: the broadcast's view of the host.
    await this.bus.publishStreamList({
      stream: toStream(row, BROADCAST_VIEWER),
      previousGroupIds: [],
    });
    return toStream(row, user);
  }

  async update(user: UserRow, id: string, body: UpdateStreamRequest): Promise<Stream> {
    const row = await this.getVisible(user, id);
    if (row.host_user_id !== user.id) throw new AppError('forbidden', 'Only the host edits a room');
    if (row.is_deleted) throw new AppError('notFound', 'No such room');
    const groupIds = body.groupIds === undefined ? undefined : [...new Set(body.groupIds)];
    if (groupIds) await this.assertOwnGroups(user, groupIds);
    await this.db
      .updateTable('streams')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.lang !== undefined ? { lang: body.lang } : {}),
        ...(groupIds !== undefined ? { group_ids: json(groupIds) } : {}),
        ...(body.settings !== undefined ? { settings: json(body.settings) } : {}),
        ...(body.isDeleted !== undefined ? { is_deleted: body.isDeleted } : {}),
        updated_at: new Date(this.now()),
      })
      .where('id', '=', id)
      .execute();
    const updated = (await findStream(this.db, id))!;
    await this.bus.publishStreamList({
      stream: toStream(updated, BROADCAST_VIEWER),
      previousGroupIds: row.group_ids,
      // Ended as the room's own fold says (the sequencer's head), not a second reading of it.
      ended: (await this.sequencer.head(id))?.model.terminated ?? false,
    });
    return toStream(updated, user);
  }

  /**
   * A host command: 404 for an unknown or deleted room and for anyone who may not open it, 403
   * for its other members, 409 for a playback command after terminate. Stamped with the server
   * time and the next seq in the stream's turn (StreamSequencer), stored, then published.
   */
  async command(user: UserRow, id: string, command: StreamCommand): Promise<RoomEvent> {
    // Someone who may not open the room gets the 404 of a room that does not exist; its own
    // members who are not the host get the 403 below. The host skips the membership query.
    const row = await findStream(this.db, id);
    if (!row) throw new AppError('notFound', 'No such room');
    if (row.host_user_id !== user.id) await this.getVisible(user, id);
    const [event] = await this.sequencer.append(id, (stream) => {
      if (!stream || stream.isDeleted) throw new AppError('notFound', 'No such room');
      if (stream.hostUserId !== user.id) {
        throw new AppError('forbidden', 'Only the host controls the room');
      }
      if (stream.model.terminated && PLAYBACK_KINDS.has(command.type)) {
        throw new AppError('conflict', 'The room has ended');
      }
      return [
        stampHostCommand(command, { model: stream.model, serverTime: this.now(), userId: user.id }),
      ];
    });
    if (!event) throw new AppError('notFound', 'No such room');
    if (command.type === 'terminate') {
      // The room leaves every rooms list at once (home, the session page), live.
      const row = await findStream(this.db, id);
      if (row) {
        await this.bus.publishStreamList({
          stream: toStream(row, BROADCAST_VIEWER),
          previousGroupIds: [],
          ended: true,
        });
      }
    }
    return event;
  }
}
