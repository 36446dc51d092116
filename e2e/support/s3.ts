import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './server';

/** The test S3 server of apps/server (s3rver behind the production bucket policy). */
const S3_SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'src', 'test', 's3-server.ts');
const START_TIMEOUT_MS = 30_000;

export interface IS3Server {
  endpoint: string;
  bucket: string;
  /** S3_ENDPOINT, S3_REGION, S3_BUCKET and the keys, for the Layerline server's environment. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts a real S3 server in a process of its own on a free loopback port,
 * with one bucket whose CORS rule lets any 127.0.0.1 or localhost origin GET
 * (so whichever port the app gets may preview design files).
 */
export const startS3Server = async (): Promise<IS3Server> => {
  const child = spawn(process.execPath, ['--import', 'tsx', S3_SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-5_000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (exited(child)) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await gone;
  };
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolveLine, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the S3 server did not start within 30 s\n${errors}`)),
      START_TIMEOUT_MS,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolveLine(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the S3 server exited (code ${code}) before it started\n${errors}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  lines.close();
  const started = JSON.parse(first) as Omit<IS3Server, 'stop'>;
  return { endpoint: started.endpoint, bucket: started.bucket, env: started.env, stop };
};
