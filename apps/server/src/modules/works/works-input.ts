import path from 'node:path';
import { Code, type TCreateWorkRequest, type TMessageKey } from '@layerline/contract';
import type { TStoredFile } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  cleanBaseName,
  type FileRecords,
  type FileStorage,
  publicCopyOf,
  type TFileRow,
  unsignedUrl,
} from '../files';
import { sanitizeGuide } from './guide.sanitizer';
import type { TWorkRow, TWorkValues, WorksRepository } from './works.repository';

/**
 * The sensitive-word check of every text a work holds (SPEC 8: 406 naming
 * the words); the moderation module's filter is the one passed.
 */
export type TWordCheck = { assertClean(texts: readonly string[]): void };

export type TWorkInputDeps = {
  repository: WorksRepository;
  files: FileRecords;
  storage: FileStorage;
  words: TWordCheck;
  publicUrl: string;
};

/** The form's content as stored; the service adds owner, state and times. */
export type TWorkContent = Omit<
  TWorkValues,
  'userId' | 'status' | 'rejectionReason' | 'createdAt' | 'updatedAt' | 'publishedAt'
>;
export type TResolvedWork = { content: TWorkContent; categoryIds: number[] };

const bad = (key: TMessageKey, params: Record<string, string> = {}) =>
  new AppError(Code.BAD_REQUEST, key, params);

const unique = <T>(values: readonly T[]) => [...new Set(values)];

const COVER_KINDS = new Set(['cover', 'ai']);
const GUIDE_IMAGE = /<img[^>]*\ssrc="([^"]+)"/g;

/**
 * SPEC 5 checks that need the database, and the form turned into stored
 * values: materials named in either language are stored by their English
 * name (and shown in the reader's language); machines and categories must
 * exist; every file must be one the author uploaded, of the right kind, or
 * one the work already had (seeded works, files kept through an edit);
 * titles, summaries, tags, materials, software and the guide pass the
 * sensitive-word filter (406).
 */
export async function resolveWorkInput(
  deps: TWorkInputDeps,
  authorId: number,
  form: TCreateWorkRequest,
  existing?: TWorkRow,
): Promise<TResolvedWork> {
  const guide = sanitizeGuide(
    form.attachment,
    deps.publicUrl,
    (url) => deps.storage.keyFromUrl(url) !== undefined,
  );
  const materials = await canonicalMaterials(deps.repository, form.use_material);
  deps.words.assertClean([
    form.title,
    form.summary,
    form.software,
    ...form.tags,
    ...materials,
    guide.text,
  ]);

  const machineIds = unique(form.machine_ids);
  const machines = await deps.repository.machinesByIds(machineIds);
  if (machines.length !== machineIds.length) throw bad('machineInvalid');
  const categoryIds = unique(form.categories);
  const known = await deps.repository.existingCategoryIds(categoryIds);
  if (categoryIds.some((id) => !known.has(id))) throw bad('categoryInvalid');

  const files = new FileChecker(deps, authorId, existing);
  const cover = unique(form.cover.map(files.relative));
  const projectUrls = new Set<string>();
  const projectFile = form.project_file.flatMap((ref) => {
    const url = files.relative(ref.url);
    if (projectUrls.has(url)) return [];
    projectUrls.add(url);
    return [{ url, filename: ref.filename }];
  });
  const instruction = form.instruction
    ? { url: files.relative(form.instruction.url), filename: form.instruction.filename }
    : null;
  await files.load([
    ...cover,
    ...projectFile.map((file) => file.url),
    ...(instruction ? [instruction.url] : []),
    ...guide.images,
  ]);
  // Covers and guide pictures are public: an AI picture gets a public copy (ADR 0051).
  await files.publishAiPictures([...cover, ...guide.images]);
  let guideHtml = guide.html;
  for (const url of guide.images) {
    const shown = files.guideImage(url);
    if (shown !== url) guideHtml = guideHtml.replaceAll(`src="${url}"`, `src="${shown}"`);
  }
  const covers = unique(cover.map((url) => files.cover(url)));

  return {
    categoryIds,
    content: {
      title: form.title,
      summary: form.summary,
      cover: covers,
      images: covers,
      source: form.source,
      sourceUrl: form.source === 'remix' ? form.source_url : '',
      software: form.software,
      machineIds,
      applyDev: form.apply_dev,
      useMaterial: materials,
      level: form.level,
      tags: form.tags,
      projectFile: projectFile.map((file) => files.projectFile(file.url, file.filename)),
      attachment: guideHtml,
      instructionPdf: instruction ? files.instruction(instruction.url, instruction.filename) : null,
      isAiAssisted: form.is_ai_assisted,
    },
  };
}

/** Materials by id or by name in either language become their English name; others stay as typed. */
async function canonicalMaterials(
  repository: WorksRepository,
  values: readonly (string | number)[],
): Promise<string[]> {
  const catalog = await repository.allMaterials();
  const byId = new Map(catalog.map((row) => [row.id, row.nameEn]));
  const byName = new Map<string, string>();
  for (const row of catalog) {
    byName.set(row.nameEn.toLowerCase(), row.nameEn);
    byName.set(row.nameZh.toLowerCase(), row.nameEn);
  }
  const names = values.map((value) => {
    if (typeof value === 'number') {
      const name = byId.get(value);
      if (name === undefined) throw bad('materialInvalid');
      return name;
    }
    return byName.get(value.toLowerCase()) ?? value;
  });
  const keys = names.map((name) => name.toLowerCase());
  if (new Set(keys).size !== keys.length) throw bad('materialsDuplicate');
  return names;
}

/** Which files a work may reference, and their stored details. */
class FileChecker {
  private owned = new Map<string, TFileRow[]>();
  /** AI pictures the work names, by their public copies (ADR 0051). */
  private readonly publicCopies = new Map<string, string>();
  private readonly previous: {
    covers: Set<string>;
    projectFiles: Map<string, TStoredFile>;
    instruction?: TStoredFile;
    guideImages: Set<string>;
  };

  constructor(
    private readonly deps: TWorkInputDeps,
    private readonly authorId: number,
    existing?: TWorkRow,
  ) {
    this.previous = {
      covers: new Set([...(existing?.cover ?? []), ...(existing?.images ?? [])]),
      projectFiles: new Map((existing?.projectFile ?? []).map((file) => [file.url, file])),
      instruction: existing?.instructionPdf ?? undefined,
      guideImages: new Set(
        [...(existing?.attachment ?? '').matchAll(GUIDE_IMAGE)].map((match) => match[1] ?? ''),
      ),
    };
  }

  /**
   * Absolute URLs on our own address are stored relative (as the upload
   * answered them), without the signature the detail or upload handed out
   * for a private file (ADR 0009); an object store's presigned URL becomes
   * the object's stored URL.
   */
  relative = (url: string): string => {
    const { publicUrl, storage } = this.deps;
    const local = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
    const key = storage.keyFromUrl(unsignedUrl(local));
    if (key) return storage.urlFor(key);
    return local.startsWith('/') ? unsignedUrl(local) : local;
  };

  async load(urls: string[]): Promise<void> {
    for (const row of await this.deps.files.findOwned(this.authorId, urls)) {
      this.owned.set(row.url, [...(this.owned.get(row.url) ?? []), row]);
    }
  }

  private ownedOf(url: string, kinds: Set<string>): TFileRow | undefined {
    return this.owned.get(url)?.find((row) => kinds.has(row.kind));
  }

  /**
   * The public copies of the author's AI pictures among `urls` that the work
   * does not name already and that are no cover upload of theirs: AI inputs
   * and results are their owner's alone (ADR 0051), a work's pictures public.
   */
  async publishAiPictures(urls: readonly string[]): Promise<void> {
    const now = new Date();
    for (const url of unique(urls)) {
      if (this.publicCopies.has(url) || this.previous.covers.has(url)) continue;
      if (this.previous.guideImages.has(url) || this.ownedOf(url, new Set(['cover']))) continue;
      const ai = this.ownedOf(url, new Set(['ai']));
      if (!ai) continue;
      this.publicCopies.set(url, await publicCopyOf(this.deps.storage, this.deps.files, ai, now));
    }
  }

  cover(url: string): string {
    if (this.previous.covers.has(url)) return url;
    if (this.ownedOf(url, COVER_KINDS)) return this.publicCopies.get(url) ?? url;
    throw bad('workFileInvalid', { url });
  }

  guideImage(url: string): string {
    if (this.previous.guideImages.has(url)) return url;
    if (this.ownedOf(url, COVER_KINDS)) return this.publicCopies.get(url) ?? url;
    throw bad('workFileInvalid', { url });
  }

  /** A name the owner may change, keeping the extension the content earned on upload. */
  private named(stored: string, wanted?: string): string {
    if (!wanted) return stored;
    return `${cleanBaseName(wanted)}${path.extname(stored)}`;
  }

  projectFile(url: string, filename?: string): TStoredFile {
    const row = this.ownedOf(url, new Set(['design']));
    const stored = row
      ? { url, filename: row.filename, size: row.size, mime: row.mime }
      : this.previous.projectFiles.get(url);
    if (!stored) throw bad('workFileInvalid', { url });
    return { ...stored, filename: this.named(stored.filename, filename) };
  }

  instruction(url: string, filename?: string): TStoredFile {
    const row = this.ownedOf(url, new Set(['instruction']));
    const stored = row
      ? { url, filename: row.filename, size: row.size, mime: row.mime }
      : this.previous.instruction?.url === url
        ? this.previous.instruction
        : undefined;
    if (!stored) throw bad('instructionInvalid');
    return { ...stored, filename: this.named(stored.filename, filename) };
  }
}
