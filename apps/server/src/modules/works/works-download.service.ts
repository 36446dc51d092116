import path from 'node:path';
import type { Readable } from 'node:stream';
import { Code } from '@layerline/contract';
import yazl from 'yazl';
import type { TDatabase } from '../../db/client';
import type { TStoredFile } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import { cleanName, type FileStorage } from '../files';
import { assertVisible } from './works.policy';
import type { WorksRepository } from './works.repository';

/**
 * What the route sends: a file body as it is, never the envelope (SPEC 7
 * blob responses); `counted` when this download moved the work's count.
 */
export type TDownload = { filename: string; mime: string; stream: Readable; counted: boolean };

/** Already compressed: deflating them again costs time and saves nothing. */
const STORED_EXTENSIONS = new Set([
  '.zip',
  '.3mf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.gif',
  '.bgcode',
]);

const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');

/** Names inside the ZIP as uploaded, made unique: "part.stl", "part (2).stl". */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const ext = path.extname(name);
    const base = name.slice(0, name.length - ext.length);
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

export type TDownloadDeps = {
  /** The download count is one unit of work (ADR 0045). */
  db: TDatabase;
  repository: WorksRepository;
  storage: FileStorage;
  clock: TClock;
  /** Downloads per user and window (ADR 0005); absent: unlimited. */
  limiter?: Limiter;
  limit?: TLimit;
};

/**
 * SPEC 7 GET /works/download/{id} (SPEC 5: login required): one project
 * file, or all of them as one ZIP stream. Each user's download of a work
 * counts once per (UTC) day.
 */
export class WorksDownloadService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TDownloadDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  async download(id: number, viewer: TAuth, fileIndex?: number): Promise<TDownload> {
    const { repository, storage, clock, limiter, limit } = this.deps;
    // Ours (abuse limit): every request counts; the count shown stays once a day.
    if (limiter && limit) await limiter.consume('download', String(viewer.userId), limit);
    const found = await repository.findById(id);
    assertVisible(found?.work, viewer);
    if (!found) throw notFound();
    const { work } = found;
    const single = fileIndex ?? (work.projectFile.length === 1 ? 0 : undefined);
    const files: TStoredFile[] =
      single === undefined
        ? work.projectFile
        : [work.projectFile[single]].filter((f) => f !== undefined);
    if (files.length === 0) throw notFound();
    const keys = files.map((file) => storage.keyFromUrl(file.url));
    const present = await Promise.all(keys.map((key) => (key ? storage.exists(key) : false)));
    if (present.includes(false)) throw notFound();

    const day = clock().toISOString().slice(0, 10);
    const counted = await this.uow.run((tx) => tx.works.countDownload(id, viewer.userId, day));

    if (single !== undefined) {
      const [file] = files;
      const [key] = keys;
      if (!file || !key) throw notFound();
      return {
        filename: file.filename,
        mime: file.mime || 'application/octet-stream',
        stream: storage.createReadStream(key),
        counted,
      };
    }
    const zip = new yazl.ZipFile();
    const names = uniqueNames(files.map((file) => file.filename));
    names.forEach((name, i) => {
      const key = keys[i] as string;
      zip.addReadStreamLazy(
        name,
        {
          mtime: work.updatedAt,
          compress: !STORED_EXTENSIONS.has(path.extname(name).toLowerCase()),
        },
        (callback) => callback(null, storage.createReadStream(key)),
      );
    });
    zip.end();
    return {
      filename: `${cleanName(work.title, `work-${work.id}`)}.zip`,
      mime: 'application/zip',
      stream: zip.outputStream as Readable,
      counted,
    };
  }
}
