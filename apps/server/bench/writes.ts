import http from 'node:http';
import type { TAppChild } from './processes';
import { formatTable, latencyStats, type TLatencyStats } from './stats';

/**
 * The writes row of `npm run bench`: like/unlike toggles and comments from
 * BENCH_WRITE_USERS (1,000) signed-in users at BENCH_WRITE_CONNECTIONS (50)
 * connections, on the works of the feed's first pages. Each kind is measured
 * alone: req/s, latencies, answers by status (the admission gate refuses
 * with 503 when full, ADR 0050; the per-user limits answer 429), and the
 * statements the app sent to PostgreSQL per answer (counted in the app's
 * process on every connection, BEGIN and COMMIT included).
 */
export type TWriteRow = {
  name: string;
  stats: TLatencyStats;
  statuses: Record<string, number>;
  /** Statements per answer; per admitted (2xx) answer. */
  statementsPerRequest: number;
  statementsPerAdmitted: number;
};

type TWrite = { method: string; path: string; body?: string; authorization: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function send(port: number, write: TWrite): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {
      authorization: write.authorization,
      'content-language': 'en',
    };
    if (write.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(write.body);
    }
    const request = http.request(
      { host: '127.0.0.1', port, method: write.method, path: write.path, agent, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(write.body);
  });
}

/** `connections` loops sending `next()` one after another for `seconds`. */
async function drive(
  port: number,
  connections: number,
  seconds: number,
  next: () => TWrite,
): Promise<{ stats: TLatencyStats; statuses: Record<string, number> }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const begun = performance.now();
      const status = await send(port, next());
      latencies.push(performance.now() - begun);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { stats: latencyStats(latencies, (performance.now() - started) / 1000), statuses };
}

/** Published works of the feed's first pages: the ones a crowd likes and comments on. */
async function popularWorks(port: number, pages: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/works/home?page=${page}`);
    const body = (await res.json()) as { data: { id: number }[] };
    ids.push(...body.data.map((work) => work.id));
  }
  if (ids.length === 0) throw new Error('writes: the feed has no works');
  return ids;
}

/**
 * Request n of a kind goes to user n mod users; a user likes a work and
 * then unlikes it (its next toggle), each user on its own run of works.
 */
function likeToggles(sessions: string[], works: number[]): () => TWrite {
  let n = 0;
  return () => {
    const user = n % sessions.length;
    const turn = Math.floor(n / sessions.length);
    n += 1;
    const work = works[(user * 7 + Math.floor(turn / 2)) % works.length] as number;
    return {
      method: turn % 2 === 0 ? 'PUT' : 'DELETE',
      path: `/api/v1/works/like/${work}`,
      authorization: sessions[user] as string,
    };
  };
}

function comments(sessions: string[], works: number[]): () => TWrite {
  let n = 0;
  return () => {
    const user = n % sessions.length;
    n += 1;
    const work = works[(user * 13 + n) % works.length] as number;
    return {
      method: 'POST',
      path: '/api/v1/comment/put_comment',
      body: JSON.stringify({ work_id: work, content: `Printed it in PETG, came out fine (${n})` }),
      authorization: sessions[user] as string,
    };
  };
}

/**
 * Both kinds, each from fresh users (the per-user limits, 30 toggles and 10
 * comments a minute, hold for a run of a few seconds: about 3 writes a user).
 */
export async function benchWrites(
  child: TAppChild,
  port: number,
  options: { users: number; connections: number; seconds: number; warmupSeconds: number },
  say: (line: string) => void,
): Promise<TWriteRow[]> {
  const works = await popularWorks(port, 4);
  const kinds = [
    { name: 'like/unlike toggles', make: likeToggles },
    { name: 'comments', make: comments },
  ];
  const rows: TWriteRow[] = [];
  for (const kind of kinds) {
    say(`writes: ${options.users} sessions for ${kind.name}`);
    const sessions: string[] = [];
    for (let i = 0; i < options.users; i++) {
      const reply = await child.ask({ type: 'session' });
      if (reply.type !== 'session') throw new Error(JSON.stringify(reply));
      sessions.push(reply.authorization);
    }
    const next = kind.make(sessions, works);
    say(`measuring writes: ${kind.name}, ${options.connections} connections`);
    await drive(port, options.connections, options.warmupSeconds, next);
    await child.ask({ type: 'statements', action: 'start' });
    const { stats, statuses } = await drive(port, options.connections, options.seconds, next);
    const counted = await child.ask({ type: 'statements', action: 'stop' });
    const statements = counted.type === 'statements' ? counted.count : 0;
    const admitted = Object.entries(statuses)
      .filter(([status]) => status.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0);
    rows.push({
      name: kind.name,
      stats,
      statuses,
      statementsPerRequest: statements / Math.max(1, stats.requests),
      statementsPerAdmitted: statements / Math.max(1, admitted),
    });
  }
  agent.destroy();
  return rows;
}

export function writesTable(rows: TWriteRow[], connections: number, users: number): string {
  return formatTable(
    [
      `writes (${connections} connections, ${users} users)`,
      'req/s',
      'p50',
      'p99',
      'max',
      'answers',
      'SQL/answer',
      'SQL/2xx',
    ],
    rows.map((row) => [
      row.name,
      Math.round(row.stats.rps),
      row.stats.p50.toFixed(1),
      row.stats.p99.toFixed(1),
      row.stats.max.toFixed(0),
      Object.entries(row.statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(' '),
      row.statementsPerRequest.toFixed(2),
      row.statementsPerAdmitted.toFixed(2),
    ]),
  );
}
