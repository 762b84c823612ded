import type { Db } from '../db/database';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The profile's demo content, on top of the archive activity: a second session joined with an
 * output and a draft reflection, private memos, follows and a published feedback for student01,
 * so /mypage shows every list with something in it (and the others' profiles stay varied).
 * Runs inside the demo seed's transaction.
 */
export async function seedProfileDemo(
  trx: Db,
  userIds: ReadonlyMap<string, string>,
  now: number,
  /** DEMO_IDS.sessions (passed in: demo.ts imports this file). */
  sessionIds: { oceanArchive: string; forestArchive: string },
): Promise<void> {
  const id = (account: string) => {
    const found = userIds.get(account);
    if (!found) throw new Error(`seed: no demo user ${account}`);
    return found;
  };
  const forest = sessionIds.forestArchive;
  const ocean = sessionIds.oceanArchive;
  const joinedForest = new Date(now - 13 * DAY);

  for (const account of ['student01', 'student02', 'student03']) {
    await trx
      .insertInto('activities')
      .values({
        type: 'joinSession',
        user_id: id(account),
        session_id: forest,
        created_at: joinedForest,
        updated_at: joinedForest,
      })
      .execute();
  }

  const output = await trx
    .insertInto('outputs')
    .values({
      session_id: forest,
      work_id: 'work-forest-archive',
      user_id: id('student01'),
      description:
        'Forests keep water clean for our town. I want to join the tree planting day in spring.',
      status: 'published',
      rate: 72,
      published_at: joinedForest,
      created_at: joinedForest,
      updated_at: joinedForest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('output_images')
    .values({ output_id: output.id, url: '/media/images/presets/green.png' })
    .execute();

  // A published feedback for student01 from a classmate: the "to me" tab has something to show.
  const fbAt = new Date(now - 12 * DAY);
  await trx
    .insertInto('feedbacks')
    .values({
      output_id: output.id,
      session_id: forest,
      work_id: 'work-forest-archive',
      user_id: id('student03'),
      content: 'I want to plant trees too. Let us go together!',
      status: 'published',
      created_at: fbAt,
      updated_at: fbAt,
    })
    .execute();

  await trx
    .insertInto('reflections')
    .values({
      session_id: forest,
      user_id: id('student01'),
      idea_note: 'Trees store water like a sponge.',
      think_note: '',
      action_note: '',
      status: 'draft',
      created_at: joinedForest,
      updated_at: joinedForest,
    })
    .execute();

  const memos: Array<[string, string, number]> = [
    [ocean, 'Ask the diver how deep she can go.', 7 * DAY - HOUR],
    [forest, 'Look up which trees grow near the river.', 13 * DAY - HOUR],
  ];
  for (const [sessionId, content, ago] of memos) {
    const at = new Date(now - ago);
    await trx
      .insertInto('comments')
      .values({
        type: 'MEMO',
        session_id: sessionId,
        user_id: id('student01'),
        content,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  const follows: Array<[string, string]> = [
    ['student02', 'student01'],
    ['student03', 'student01'],
    ['student01', 'student03'],
  ];
  for (const [i, [follower, followee]] of follows.entries()) {
    await trx
      .insertInto('follows')
      .values({
        follower_id: id(follower),
        followee_id: id(followee),
        created_at: new Date(now - (5 - i) * DAY),
      })
      .execute();
  }
}
