import { afterEach, describe, expect, it } from 'vitest';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Driver,
  type Kysely,
} from 'kysely';
import { createDatabase, queueGaugeOf, type Db } from './database';
import { gaugedDialect, QueueGauge, runAsCall } from './queue-gauge';

describe("the database's connection queue (load shedding reads it)", () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('reads how long the oldest query has waited for a connection, and 0 once none waits', async () => {
    db = createDatabase({ databaseUrl: undefined, pgliteDir: 'memory://', pgliteWorker: false });
    const gauge = queueGaugeOf(db);
    expect(gauge.longestWaitMs()).toBe(0);

    // PGlite has one connection: a transaction holds it, and the next query queues behind it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const queued = db.selectNoFrom((eb) => eb.lit(2).as('two')).execute();
    await new Promise((r) => setTimeout(r, 150));
    expect(gauge.size).toBe(1);
    expect(gauge.longestWaitMs()).toBeGreaterThanOrEqual(140);

    release();
    await transaction;
    expect(await queued).toEqual([{ two: 2 }]);
    expect(gauge.longestWaitMs()).toBe(0);
  });

  it("adds up one call's waits: a read that queues again for each query counts all of them", async () => {
    db = createDatabase({ databaseUrl: undefined, pgliteDir: 'memory://', pgliteWorker: false });
    const gauge = queueGaugeOf(db);
    const database = db;
    /** Holds the one connection until the returned function is called. */
    const hold = async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const done = database.transaction().execute(async (trx) => {
        await trx.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
        await held;
      });
      await new Promise((r) => setTimeout(r, 20));
      return async () => {
        release();
        await done;
      };
    };
    const one = () => database.selectNoFrom((eb) => eb.lit(1).as('one')).execute();

    let releaseFirst = await hold();
    let second: Promise<unknown> | undefined;
    const call = new Promise<void>((resolve, reject) =>
      runAsCall(() => {
        (async () => {
          await one(); // waits behind the first hold
          await second; // the next hold has started meanwhile
          await one(); // and waits again
        })().then(resolve, reject);
      }),
    );
    await new Promise((r) => setTimeout(r, 120));
    const releaseNext = hold();
    second = releaseNext;
    await releaseFirst();
    releaseFirst = await releaseNext;
    await new Promise((r) => setTimeout(r, 120));
    // About 120 ms of the first wait plus 120 ms of this one; a lone query would read ~120.
    expect(gauge.longestWaitMs()).toBeGreaterThanOrEqual(220);
    await releaseFirst();
    await call;
    expect(gauge.longestWaitMs()).toBe(0);
  });

  it('offers savepoints exactly when the database driver does (Kysely asks before it uses them)', () => {
    const base = {
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createAdapter: () => new PostgresAdapter(),
      createIntrospector: (k: Kysely<unknown>) => new PostgresIntrospector(k),
    };
    const driver = (savepoints: boolean) =>
      gaugedDialect(
        {
          ...base,
          createDriver: () =>
            ({
              ...(savepoints ? { savepoint: async () => undefined } : {}),
            }) as unknown as Driver,
        },
        new QueueGauge(),
      ).createDriver();
    expect(driver(true).savepoint).toBeTypeOf('function');
    expect(driver(false).savepoint).toBeUndefined();
  });
});
