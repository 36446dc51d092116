import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase, queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { LocalDiskStorage } from '../src/modules/files';
import { runSeed } from '../src/seed/index';
import { signIn } from '../src/test/auth-helpers';
import { createUser, createWork } from '../src/test/factories';
import { startApp, type TAppChild } from './processes';
import { formatTable, latencyStats } from './stats';

/**
 * `npm run bench -- --burst`: a burst of writes against two instances of the
 * app on one PostgreSQL and one Redis, as a crowd reacting to the same works
 * at once. BENCH_BURST (1,000) like, favour and follow toggles from
 * BENCH_BURST_USERS (40) signed-in users, all sent at the same moment, half
 * to each instance. It prints the answers by status and message, the
 * latencies of the admitted writes (2xx), whether every 503 carried
 * Retry-After, and whether every like, favour and follow counter equals its
 * rows afterwards. Target (docs/PERFORMANCE.md, "Bursts of writes"): no 500,
 * every answer 2xx, 429 or 503 with Retry-After, counters exact, admitted
 * writes' p99 at most 1 s.
 */
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const TARGET_P99_MS = 1000;
const MAKERS = 10;
const WORKS_PER_MAKER = 5;

type TAnswer = {
  instance: number;
  status: number;
  ms: number;
  /** Inside the app, from routing to sending (x-bench-app-ms); the rest is sockets and parsing. */
  appMs: number | undefined;
  msg: string;
  code: number | undefined;
  retryAfter: string | undefined;
  hasRetryAfterInBody: boolean;
};

/** A database of its own, dropped and made again: every run starts from the same rows. */
async function freshDatabase(server: string): Promise<string> {
  const name = env.BENCH_BURST_DB_NAME ?? 'layerline_burst';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_BURST_DB_NAME: a-z, 0-9, _');
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A deterministic sequence, so two runs send the same burst. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type TToggle = { method: string; path: string };

/** `count` toggles, user by user in turn: like, favour or follow, on or off. */
function toggles(
  count: number,
  users: number,
  workIds: number[],
  makerIds: number[],
): { user: number; toggle: TToggle }[] {
  const next = random(20_261_128);
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const on = next() < 0.6;
    const kind = pick(['like', 'favor', 'follow'] as const);
    const work = pick(workIds);
    const toggle: TToggle =
      kind === 'like'
        ? { method: on ? 'PUT' : 'DELETE', path: `/api/v1/works/like/${work}` }
        : kind === 'favor'
          ? { method: on ? 'POST' : 'DELETE', path: `/api/v1/favor/${work}` }
          : { method: on ? 'POST' : 'DELETE', path: `/api/v1/follow/user/${pick(makerIds)}` };
    return { user: i % users, toggle };
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function send(port: number, instance: number, toggle: TToggle, authorization: string) {
  return new Promise<TAnswer>((resolve) => {
    const started = performance.now();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: toggle.method,
        path: toggle.path,
        agent,
        headers: { authorization, 'content-language': 'en' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: { code?: number; msg?: string; data?: { retryAfter?: unknown } } = {};
          try {
            body = JSON.parse(text);
          } catch {
            body = { msg: text.slice(0, 80) };
          }
          const header = response.headers['retry-after'];
          const appMs = Number(response.headers['x-bench-app-ms']);
          resolve({
            instance,
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            appMs: Number.isFinite(appMs) ? appMs : undefined,
            msg: body.msg ?? '',
            code: body.code,
            retryAfter: Array.isArray(header) ? header[0] : header,
            hasRetryAfterInBody: typeof body.data?.retryAfter === 'number',
          });
        });
      },
    );
    request.on('error', (error) =>
      resolve({
        instance,
        status: 0,
        ms: performance.now() - started,
        appMs: undefined,
        msg: error.message,
        code: undefined,
        retryAfter: undefined,
        hasRetryAfterInBody: false,
      }),
    );
    request.end();
  });
}

/** Counters that differ from their rows: likes and favours per work, follows per user. */
async function counterMismatches(url: string): Promise<{ checked: number; wrong: string[] }> {
  const handle = await createDatabase({ url, poolSize: 1 });
  try {
    const rows = await queryRows<{ what: string; id: number; counter: number; counted: number }>(
      handle.db,
      sql`
        select 'work like' as what, w.id, w.like_count as counter,
          (select count(*)::int from work_likes l where l.work_id = w.id) as counted from works w
        union all
        select 'work favour', w.id, w.favor_count,
          (select count(*)::int from work_favors f where f.work_id = w.id) from works w
        union all
        select 'user fans', u.id, u.fans_count,
          (select count(*)::int from user_follows f where f.followee_id = u.id) from users u
        union all
        select 'user follows', u.id, u.follow_count,
          (select count(*)::int from user_follows f where f.follower_id = u.id) from users u`,
    );
    const wrong = rows
      .filter((row) => row.counter !== row.counted)
      .map((row) => `${row.what} ${row.id}: ${row.counter} ≠ ${row.counted} rows`);
    return { checked: rows.length, wrong };
  } finally {
    await handle.close();
  }
}

/**
 * A running server is warm: each instance first answers toggles of a user
 * of its own, a few at a time, so its code is compiled and its pool's
 * connections are open before the burst is timed.
 */
async function warmUp(
  instances: { port: number }[],
  db: Parameters<typeof signIn>[0]['db'],
  config: Parameters<typeof signIn>[0]['config'],
  workIds: number[],
): Promise<void> {
  for (const instance of instances) {
    const user = await createUser(db, { nickname: 'Burst warm-up' });
    const { authorization } = (await signIn({ db, config }, user.id)).headers;
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        workIds
          .slice(0, 8)
          .map((id) =>
            send(
              instance.port,
              0,
              { method: round % 2 === 0 ? 'PUT' : 'DELETE', path: `/api/v1/works/like/${id}` },
              authorization,
            ),
          ),
      );
    }
  }
}

export async function benchBurst(): Promise<void> {
  const server = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (!server) throw new Error('--burst needs BENCH_DATABASE_URL (a PostgreSQL server)');
  const redisUrl = env.BENCH_REDIS_URL ?? env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const count = int('BENCH_BURST', 1000);
  const userCount = int('BENCH_BURST_USERS', 40);
  const url = await freshDatabase(server);
  const handle = await createDatabase({ url, poolSize: 2 });
  await runMigrations(handle);
  const files = await mkdtemp(path.join(os.tmpdir(), 'layerline-burst-files-'));
  await runSeed({
    db: handle.db,
    storage: new LocalDiskStorage(files),
    demo: false,
    log: { info: () => {} },
  });
  // User ids no earlier run used: the toggle budget (ADR 0010) is counted in
  // the shared Redis by user id, and a run a minute ago must not have spent it.
  await handle.db.execute(
    sql`select setval('users_id_seq', ${1_000_000 + (Math.floor(Date.now() / 1000) % 1_000_000) * 100})`,
  );
  const makers = await Promise.all(
    Array.from({ length: MAKERS }, () => createUser(handle.db, { nickname: 'Burst maker' })),
  );
  const workIds: number[] = [];
  for (const maker of makers) {
    for (let i = 0; i < WORKS_PER_MAKER; i++) {
      workIds.push((await createWork(handle.db, { userId: maker.id })).id);
    }
  }
  const users = await Promise.all(
    Array.from({ length: userCount }, () => createUser(handle.db, { nickname: 'Burst fan' })),
  );
  const childEnv = { BENCH_DB_URL: url, BENCH_REDIS_URL: redisUrl };
  const instances: { child: TAppChild; port: number }[] = [];
  try {
    instances.push(await startApp(childEnv), await startApp(childEnv));
    // Signed in with the keys the instances keep in the database (DESIGN 3).
    const config = loadConfig({ DATA_DIR: files, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
    const sessions = await Promise.all(
      users.map((user) => signIn({ db: handle.db, config }, user.id)),
    );
    await warmUp(instances, handle.db, config, workIds);
    const burst = toggles(
      count,
      userCount,
      workIds,
      makers.map((maker) => maker.id),
    );
    const loadBefore = os.loadavg();
    say(
      `burst: ${count} toggles from ${userCount} users, sent at once to 2 instances ` +
        `(PostgreSQL ${url.replace(/^.*@/, '')}, Redis ${redisUrl})`,
    );
    const started = performance.now();
    const answers = await Promise.all(
      burst.map(({ user, toggle }, i) => {
        const instance = i % instances.length;
        const session = sessions[user];
        const target = instances[instance];
        if (!session || !target) throw new Error('no session or instance');
        return send(target.port, instance, toggle, session.headers.authorization);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const loadAfter = os.loadavg();
    // Toggles publish their owners' pushes after commit; the counters are read once all answered.
    const counters = await counterMismatches(url);
    printReport(answers, seconds, counters, { before: loadBefore, after: loadAfter });
  } finally {
    for (const instance of instances) await instance.child.close({ type: 'close' });
    agent.destroy();
    await handle.close();
    await rm(files, { recursive: true, force: true });
  }
}

function printReport(
  answers: TAnswer[],
  seconds: number,
  counters: { checked: number; wrong: string[] },
  load: { before: number[]; after: number[] },
): void {
  const byStatus = new Map<string, number>();
  for (const answer of answers) {
    const key = `${answer.status} ${answer.status >= 300 ? answer.msg : ''}`.trim();
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const table = [...byStatus.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => [key, n]);
  say(formatTable(['answer', 'count'], table));
  const admitted = answers.filter((a) => a.status >= 200 && a.status < 300);
  const all = latencyStats(
    answers.map((a) => a.ms),
    seconds,
  );
  const ok = latencyStats(
    admitted.map((a) => a.ms),
    seconds,
  );
  say(
    formatTable(
      ['latency (ms)', 'n', 'p50', 'p99', 'max'],
      [
        [
          'admitted writes (2xx)',
          ok.requests,
          ok.p50.toFixed(0),
          ok.p99.toFixed(0),
          ok.max.toFixed(0),
        ],
        ['every answer', all.requests, all.p50.toFixed(0), all.p99.toFixed(0), all.max.toFixed(0)],
      ],
    ),
  );
  const inApp = (list: TAnswer[]) =>
    latencyStats(
      list.flatMap((a) => (a.appMs === undefined ? [] : [a.appMs])),
      seconds,
    );
  const okInApp = inApp(admitted);
  const allInApp = inApp(answers);
  say(
    formatTable(
      ['inside the app (ms)', 'n', 'p50', 'p99', 'max'],
      [
        [
          'admitted writes (2xx)',
          okInApp.requests,
          okInApp.p50.toFixed(0),
          okInApp.p99.toFixed(0),
          okInApp.max.toFixed(0),
        ],
        [
          'every answer',
          allInApp.requests,
          allInApp.p50.toFixed(0),
          allInApp.p99.toFixed(0),
          allInApp.max.toFixed(0),
        ],
      ],
    ),
  );
  const unavailable = answers.filter((a) => a.status === 503);
  const withRetry = unavailable.filter((a) => a.retryAfter !== undefined && a.hasRetryAfterInBody);
  const allowed = answers.every(
    (a) => (a.status >= 200 && a.status < 300) || a.status === 429 || a.status === 503,
  );
  const fiveHundreds = answers.filter((a) => a.status === 500).length;
  const perInstance = [0, 1].map(
    (i) => answers.filter((a) => a.instance === i && a.status < 300).length,
  );
  const fmt = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  say(
    [
      `burst took ${seconds.toFixed(2)} s; admitted per instance ${perInstance.join(' / ')}`,
      `503 with Retry-After (header and data.retryAfter): ${withRetry.length} of ${unavailable.length}`,
      `counters equal to their rows: ${counters.wrong.length === 0 ? 'yes' : 'NO'} (${counters.checked} checked)`,
      ...counters.wrong.slice(0, 10).map((line) => `  ${line}`),
      `load average before ${fmt(load.before)}, after ${fmt(load.after)} (${os.cpus()[0]?.model ?? ''}, ${os.availableParallelism()} cores)`,
      `target: 0 × 500 ${fiveHundreds === 0 ? 'met' : `NOT MET (${fiveHundreds})`}; ` +
        `only 2xx, 429, 503 with Retry-After ${allowed && withRetry.length === unavailable.length ? 'met' : 'NOT MET'}; ` +
        `admitted p99 ≤ ${TARGET_P99_MS} ms ${ok.p99 <= TARGET_P99_MS ? 'met' : 'NOT MET'}; ` +
        `counters ${counters.wrong.length === 0 ? 'met' : 'NOT MET'}`,
    ].join('\n'),
  );
}
