import {
  Code,
  LIMITS,
  type TAuthorCard,
  type TCreateWorkRequest,
  type TLocale,
  type TPageQuery,
  type TReviewStatus,
  type TUpdateWorkRequest,
  type TWorkCard,
  type TWorkDetail,
  type TWorkListQuery,
} from '@layerline/contract';
import type { TReviewMode } from '../../config';
import type { TDatabase } from '../../db/client';
import { type TRepositories, UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { NO_SOCIAL_READER, type SocialReader, toCards } from '../../kernel/card.mapper';
import type { TCardRow } from '../../kernel/card-columns.sql';
import { pageOf, type TPage } from '../../kernel/pagination';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import type { CoverGenerator, FileUrlSigner } from '../files';
import type { TPointsTasks } from '../points';
import { toAuthorCard, toDetail } from './works.mapper';
import { assertOwner, assertVisible, statusAfterSave } from './works.policy';
import type { WorksRepository } from './works.repository';
import { resolveWorkInput, type TWorkContent, type TWorkInputDeps } from './works-input';

export type TWorksDeps = Omit<TWorkInputDeps, 'repository'> & {
  /** Transactions: every save and deletion is one unit of work (ADR 0045). */
  db: TDatabase;
  repository: WorksRepository;
  clock: TClock;
  reviewMode: TReviewMode;
  /** is_like, is_favor, follows and their counts; absent: none (NO_SOCIAL_READER). */
  social?: SocialReader;
  /** Rebuilds search documents (modules/search) in the transaction that saved the work. */
  searchIndex?: TSearchIndex;
  /** Creates and updates per user and window, together (ADR 0005); absent: unlimited. */
  limiter?: Limiter;
  saveLimit?: TLimit;
  /** ADR 0009: design files reach readers only through signed, short-lived URLs. */
  fileSigner?: FileUrlSigner;
  /** Draws a cover from the first design file when none is given (ADR 0005); absent: none. */
  covers?: CoverGenerator;
  /** SPEC 1 points task "first work published", credited in the publishing transaction. */
  points?: Pick<TPointsTasks, 'workPublished'>;
};

export type TSearchIndex = {
  indexWorks(workIds: readonly number[], tx: TRepositories): Promise<void>;
};

export type TShareInfo = { id: number; title: string; summary: string; cover: string[] };

const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');
const isOn = (flag?: string) => flag === '1' || flag === 'true';

/**
 * Works (SPEC 3 detail and publish form, SPEC 5 rules, SPEC 6 owner, SPEC 7
 * paths) with the review states of DESIGN 3.
 */
export class WorksService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TWorksDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  async create(viewer: TAuth, form: TCreateWorkRequest, locale: TLocale): Promise<TWorkDetail> {
    const { clock, reviewMode } = this.deps;
    await this.consumeSave(viewer);
    const resolved = await resolveWorkInput(this.deps, viewer.userId, form);
    const { categoryIds } = resolved;
    const content = await this.withCoverThumb(
      await this.withGeneratedCover(viewer.userId, resolved.content),
    );
    const now = clock();
    const status = statusAfterSave(reviewMode);
    const row = await this.uow.run(async (tx) => {
      const inserted = await tx.works.insert(
        {
          ...content,
          userId: viewer.userId,
          status,
          createdAt: now,
          updatedAt: now,
          publishedAt: status === 'published' ? now : null,
        },
        categoryIds,
      );
      await this.deps.searchIndex?.indexWorks([inserted.id], tx);
      if (status === 'published') await this.deps.points?.workPublished(tx, viewer.userId);
      return inserted;
    });
    return this.get(row.id, viewer, locale);
  }

  async update(viewer: TAuth, form: TUpdateWorkRequest, locale: TLocale): Promise<TWorkDetail> {
    const { repository, clock, reviewMode } = this.deps;
    await this.consumeSave(viewer);
    const found = await repository.findById(form.id);
    if (!found) throw notFound();
    assertOwner(found.work, viewer);
    const resolved = await resolveWorkInput(this.deps, viewer.userId, form, found.work);
    const { categoryIds } = resolved;
    const content = await this.withCoverThumb(
      await this.withGeneratedCover(viewer.userId, resolved.content),
    );
    await this.uow.run(async (tx) => {
      const current = await tx.works.findById(form.id, { lock: true });
      if (!current) throw notFound();
      const now = clock();
      const status = statusAfterSave(reviewMode, current.work.status as TReviewStatus);
      await tx.works.update(
        form.id,
        {
          ...content,
          status,
          // A rejection reason belongs to the rejected state; the review history keeps it.
          rejectionReason: '',
          updatedAt: now,
          publishedAt:
            status === 'published' ? (current.work.publishedAt ?? now) : current.work.publishedAt,
        },
        categoryIds,
      );
      await this.deps.searchIndex?.indexWorks([form.id], tx);
      if (status === 'published' && current.work.status !== 'published') {
        await this.deps.points?.workPublished(tx, current.work.userId);
      }
    });
    return this.get(form.id, viewer, locale);
  }

  /**
   * SPEC 7 DELETE /works/{id}: the owner's soft delete; the work leaves every
   * list, and its open reports are closed with it (ADR 0014).
   */
  async remove(id: number, viewer: TAuth): Promise<{ id: number }> {
    await this.uow.run(async (tx) => {
      const found = await tx.works.findById(id, { lock: true });
      if (!found) throw notFound();
      assertOwner(found.work, viewer);
      const now = this.deps.clock();
      await tx.works.softDelete(id, now);
      await tx.openReports.closeReportsOf('work', [id], viewer.userId, now);
    });
    return { id };
  }

  async get(id: number, viewer: TAuth | null, locale: TLocale): Promise<TWorkDetail> {
    const { repository } = this.deps;
    const found = await repository.findById(id);
    assertVisible(found?.work, viewer);
    if (!found) throw notFound();
    const { work, author } = found;
    const [categories, machines, catalog, workCount, latest, social] = await Promise.all([
      repository.categoriesOf(id),
      repository.machinesByIds(work.machineIds),
      repository.allMaterials(),
      repository.publishedCount(author.id),
      repository.listByAuthor(author.id, { allStates: false }, this.latestPage()),
      this.social.forWork(viewer?.userId ?? null, id, author.id),
    ]);
    const materialNames = new Map(catalog.map((row) => [row.nameEn.toLowerCase(), row]));
    const materials = work.useMaterial.map((name) => {
      const row = materialNames.get(name.toLowerCase());
      return row && locale === 'zh' ? row.nameZh || row.nameEn : name;
    });
    const detail = toDetail({
      work,
      author,
      categories,
      machines,
      materials,
      workCount,
      userWorks: await this.cards(latest.rows, viewer),
      social,
      locale,
    });
    // Visible to this reader (checked above): previews of the design files and
    // the instruction load through signed URLs; downloads stay on the counted
    // endpoint (SPEC 5/6, ADR 0009). Field names and shapes stay SPEC 7's.
    detail.project_file = detail.project_file.map((file) => ({
      ...file,
      url: this.signed(file.url),
    }));
    if (detail.instruction) {
      detail.instruction = { ...detail.instruction, url: this.signed(detail.instruction.url) };
    }
    return detail;
  }

  /** A signed /files/ URL on local disk, a presigned one in an object store (ADR 0009). */
  private signed(url: string): string {
    return this.deps.fileSigner?.sign(url) ?? url;
  }

  /** SPEC 7 GET /works: published works; `mine` the caller's own in every state (login). */
  async list(
    query: TWorkListQuery,
    viewer: TAuth | null,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const { repository } = this.deps;
    if (isOn(query.mine)) {
      if (!viewer) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
      const { rows, total } = await repository.listByAuthor(
        viewer.userId,
        { allStates: true },
        pageOf(query),
      );
      return { data: await this.cards(rows, viewer), total };
    }
    const { rows, total } = await repository.listPublished(pageOf(query));
    return { data: await this.cards(rows, viewer), total };
  }

  /** SPEC 2 author hover card: user, stats and the latest 3 published works. */
  async authorCard(userId: number, viewer: TAuth | null = null): Promise<TAuthorCard> {
    const { repository } = this.deps;
    const author = await repository.findAuthor(userId);
    if (!author) throw notFound();
    const [workCount, latest, social] = await Promise.all([
      repository.publishedCount(userId),
      repository.listByAuthor(userId, { allStates: false }, this.latestPage()),
      this.social.forAuthor(viewer?.userId ?? null, userId),
    ]);
    return toAuthorCard(author, workCount, await this.cards(latest.rows, viewer), social);
  }

  /** SPEC 7 GET /works/author/all/{id}: published works; the owner sees every state. */
  async authorWorks(
    userId: number,
    query: TPageQuery,
    viewer: TAuth | null,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const { repository } = this.deps;
    if (!(await repository.findAuthor(userId))) throw notFound();
    const allStates = viewer?.userId === userId;
    const { rows, total } = await repository.listByAuthor(userId, { allStates }, pageOf(query));
    return { data: await this.cards(rows, viewer), total };
  }

  /** What a share preview of /work/{id} shows: published works only. */
  async shareInfo(id: number): Promise<TShareInfo | undefined> {
    const work = (await this.deps.repository.findById(id))?.work;
    if (work?.status !== 'published') return undefined;
    return { id: work.id, title: work.title, summary: work.summary, cover: work.cover };
  }

  /**
   * A work saved without covers gets one drawn from its first STL, OBJ or SVG
   * file, so no feed card is empty. Drawn before the transaction (no row is
   * locked meanwhile); a failure only leaves the work without a cover.
   */
  private async withGeneratedCover(userId: number, content: TWorkContent): Promise<TWorkContent> {
    const { covers } = this.deps;
    const projectFile = content.projectFile ?? [];
    if (!covers || (content.cover ?? []).length > 0 || projectFile.length === 0) return content;
    const url = await covers.generate(userId, projectFile);
    return url ? { ...content, cover: [url], images: [url] } : content;
  }

  /** Cards show the first cover's thumbnail, made when it was uploaded (or drawn). */
  private async withCoverThumb(content: TWorkContent): Promise<TWorkContent> {
    const first = content.cover?.[0];
    const thumbs = first ? await this.deps.files.thumbnails([first], 'cover') : undefined;
    return { ...content, coverThumb: (first && thumbs?.get(first)) || '' };
  }

  private async consumeSave(viewer: TAuth): Promise<void> {
    const { limiter, saveLimit } = this.deps;
    if (limiter && saveLimit) await limiter.consume('work-save', String(viewer.userId), saveLimit);
  }

  private get social(): SocialReader {
    return this.deps.social ?? NO_SOCIAL_READER;
  }

  /** Cards with the viewer's is_like, one query per page (SocialReader.likedAmong). */
  async cards(rows: TCardRow[], viewer: TAuth | null): Promise<TWorkCard[]> {
    const liked = await this.social.likedAmong(
      viewer?.userId ?? null,
      rows.map((row) => row.id),
    );
    return toCards(rows, liked);
  }

  private latestPage(): TPage {
    return { limit: LIMITS.hoverCardWorks, offset: 0 };
  }
}
