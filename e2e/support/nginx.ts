import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server';

/** The site configuration the README ships; the journey runs this file, not a copy of it. */
export const SHIPPED_CONF = join(REPO_ROOT, 'deploy', 'nginx', 'layerline.conf');

export const NGINX_INSTALL_HINT = 'apt-get install -y nginx-light (or nginx)';

/** Debian's nginx, or NGINX_PATH; null when there is none. */
export const findNginx = (): string | null => {
  const path = process.env.NGINX_PATH || '/usr/sbin/nginx';
  return existsSync(path) ? path : null;
};

export interface INginxRender {
  /** The instances behind the balanced upstream, in order. */
  instancePorts: number[];
  /** The balanced address (the shipped server block). */
  port: number;
  /** One more copy of the server block per instance, each proxying to that instance alone. */
  pinnedPorts: number[];
  /** Replaces the live streams' 1 h read timeout, so a short journey can outlast it. */
  streamReadTimeoutS: number;
  dir: string;
}

/** Replaces `from` exactly `count` times, or fails naming the line the shipped file lost. */
const replaceExactly = (text: string, from: string | RegExp, to: string, count: number): string => {
  const pattern =
    typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from;
  const found = text.match(pattern)?.length ?? 0;
  if (found !== count) {
    throw new Error(
      `${SHIPPED_CONF}: expected ${count} of ${pattern} to replace, found ${found}; update e2e/support/nginx.ts with it`,
    );
  }
  return text.replace(pattern, to);
};

/** The top-level `server { ... }` block of the shipped file. */
const serverBlock = (text: string): string => {
  const start = text.search(/^server \{$/m);
  if (start < 0) throw new Error(`${SHIPPED_CONF}: no top-level server block`);
  let depth = 0;
  for (let at = start; at < text.length; at += 1) {
    if (text[at] === '{') depth += 1;
    if (text[at] === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, at + 1);
    }
  }
  throw new Error(`${SHIPPED_CONF}: the server block does not close`);
};

/**
 * The shipped site with this run's ports, its log in `dir`, and the stream
 * timeout shortened; then, per instance, an upstream of that instance alone
 * and a copy of the same server block in front of it. Everything else (headers,
 * buffering, body size, gzip) is the shipped file's.
 */
export const renderSite = (options: INginxRender): string => {
  let site = readFileSync(SHIPPED_CONF, 'utf8');
  const [first, second] = options.instancePorts;
  site = replaceExactly(site, /server 127\.0\.0\.1:3001 /g, `server 127.0.0.1:${first} `, 1);
  site = replaceExactly(site, /server 127\.0\.0\.1:3002 /g, `server 127.0.0.1:${second} `, 1);
  site = replaceExactly(site, /^ {4}listen \[::\]:80;\n/gm, '', 1);
  site = replaceExactly(site, /^ {4}listen 80;$/gm, `    listen 127.0.0.1:${options.port};`, 1);
  site = replaceExactly(
    site,
    '/var/log/nginx/layerline.access.log',
    join(options.dir, 'access.log'),
    1,
  );
  site = replaceExactly(
    site,
    'proxy_read_timeout 1h;',
    `proxy_read_timeout ${options.streamReadTimeoutS}s;`,
    1,
  );
  const block = serverBlock(site);
  const pinned = options.pinnedPorts.map((port, index) => {
    const name = `layerline_${index + 1}`;
    const copy = replaceExactly(
      replaceExactly(block, /^ {4}listen 127\.0\.0\.1:\d+;$/gm, `    listen 127.0.0.1:${port};`, 1),
      'proxy_pass http://layerline;',
      `proxy_pass http://${name};`,
      2,
    );
    return [
      `# This run only: the same site in front of instance ${index + 1} alone.`,
      `upstream ${name} {`,
      `    server 127.0.0.1:${options.instancePorts[index]};`,
      '    keepalive 8;',
      '}',
      '',
      copy,
    ].join('\n');
  });
  return [site, ...pinned].join('\n\n');
};

/**
 * What Debian's /etc/nginx/nginx.conf sets around a site (gzip on
 * included, so the site must turn it off itself), with every path in `dir`
 * and nginx in the foreground.
 */
const mainConf = (dir: string): string =>
  [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    access_log ${join(dir, 'other.log')};`,
    '    gzip on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `    ${kind}_temp_path ${join(dir, 'temp', kind)};`,
    ),
    `    include ${join(dir, 'layerline.conf')};`,
    '}',
    '',
  ].join('\n');

export interface IRunningNginx {
  dir: string;
  accessLog: () => string;
  errorLog: () => string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const answers = async (port: number): Promise<boolean> => {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
};

/** Writes the configuration into `options.dir`, checks it (`nginx -t`) and runs nginx as a child. */
export const startNginx = async (nginx: string, options: INginxRender): Promise<IRunningNginx> => {
  const { dir } = options;
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, 'temp', kind), { recursive: true });
  }
  // As root, nginx's workers run as nobody: they write request bodies under temp/.
  chmodSync(dir, 0o755);
  for (const kind of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    chmodSync(join(dir, 'temp', kind), 0o777);
  }
  writeFileSync(join(dir, 'layerline.conf'), renderSite(options));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConf(dir));
  const test = spawnSync(nginx, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the rendered site:\n${test.stderr}`);

  let output = '';
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const read = (name: string) =>
    existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '';
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      // SIGQUIT: workers finish what they hold and write their log lines.
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };

  const ports = [options.port, ...options.pinnedPorts];
  for (const port of ports) {
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not answer on ${port}:\n${output}\n${read('error.log')}`);
      }
      await sleep(100);
    }
  }
  return {
    dir,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: async () => {
      await stop();
      rmSync(join(dir, 'temp'), { recursive: true, force: true });
    },
  };
};
