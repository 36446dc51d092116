import { asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import {
  categories,
  materials,
  searchTerms,
  users,
  workCategories,
  workSearch,
  works,
} from '../../db/schema';

export type TWorkSource = {
  id: number;
  title: string;
  summary: string;
  tags: string[];
  useMaterial: string[];
  nickname: string;
  email: string;
};
export type TCategoryNames = { workId: number; names: string[] };
export type TSearchDocument = {
  workId: number;
  document: string;
  titleNorm: string;
  version: number;
};

const parents = alias(categories, 'parent_categories');

/** All SQL of search documents and the search vocabulary (DESIGN 1). */
export class SearchIndexRepository {
  constructor(private readonly db: TDatabase) {}

  /** What a document is built from: the work's text and its author. */
  sources(workIds: readonly number[]): Promise<TWorkSource[]> {
    if (workIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: works.id,
        title: works.title,
        summary: works.summary,
        tags: works.tags,
        useMaterial: works.useMaterial,
        nickname: users.nickname,
        email: users.email,
      })
      .from(works)
      .innerJoin(users, eq(users.id, works.userId))
      .where(inArray(works.id, [...workIds]));
  }

  /** The names (both languages) of each work's categories and of their parents. */
  async categoryNames(workIds: readonly number[]): Promise<TCategoryNames[]> {
    if (workIds.length === 0) return [];
    const rows = await this.db
      .select({
        workId: workCategories.workId,
        nameEn: categories.nameEn,
        nameZh: categories.nameZh,
        parentEn: parents.nameEn,
        parentZh: parents.nameZh,
      })
      .from(workCategories)
      .innerJoin(categories, eq(categories.id, workCategories.categoryId))
      .leftJoin(parents, eq(parents.id, categories.parentId))
      .where(inArray(workCategories.workId, [...workIds]));
    const byWork = new Map<number, Set<string>>();
    for (const row of rows) {
      const names = byWork.get(row.workId) ?? new Set<string>();
      for (const name of [row.nameEn, row.nameZh, row.parentEn, row.parentZh]) {
        if (name) names.add(name);
      }
      byWork.set(row.workId, names);
    }
    return [...byWork].map(([workId, names]) => ({ workId, names: [...names] }));
  }

  materials() {
    return this.db
      .select({ nameEn: materials.nameEn, nameZh: materials.nameZh })
      .from(materials)
      .orderBy(asc(materials.id));
  }

  /**
   * Upserts documents. `onlyOutdated` leaves a document alone unless it is
   * stale or of another tokenizer version: a background rebuild that read a
   * work before its author saved it must not overwrite the newer document.
   */
  async write(documents: readonly TSearchDocument[], options: { onlyOutdated: boolean }) {
    if (documents.length === 0) return;
    const rows = JSON.stringify(
      documents.map((doc) => ({
        work_id: doc.workId,
        document: doc.document,
        title_norm: doc.titleNorm,
        version: doc.version,
      })),
    );
    const onlyOutdated = options.onlyOutdated
      ? sql`where ${workSearch.stale} or ${workSearch.version} <> excluded.version`
      : sql``;
    await this.db.execute(sql`
      insert into ${workSearch}
        (work_id, document, title_norm, version, stale, updated_at, visible, published_at)
      select r.work_id, r.document::tsvector, r.title_norm, r.version, false, now(),
        w.status = 'published' and w.deleted_at is null, w.published_at
      from jsonb_to_recordset(${rows}::jsonb)
        as r(work_id integer, document text, title_norm text, version smallint)
      join ${works} w on w.id = r.work_id
      on conflict (work_id) do update set
        document = excluded.document,
        title_norm = excluded.title_norm,
        version = excluded.version,
        stale = false,
        updated_at = excluded.updated_at
      ${onlyOutdated}
    `);
  }

  async addTerms(terms: readonly string[]): Promise<void> {
    if (terms.length === 0) return;
    await this.db
      .insert(searchTerms)
      .values(terms.map((term) => ({ term })))
      .onConflictDoNothing();
  }

  /** Works whose document is stale or was built by another tokenizer version. */
  async outdated(version: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ workId: workSearch.workId })
      .from(workSearch)
      .where(or(eq(workSearch.stale, true), ne(workSearch.version, version)))
      .orderBy(asc(workSearch.workId))
      .limit(limit);
    return rows.map((row) => row.workId);
  }

  /** Only stale documents: cheap (a partial index), for the periodic rebuild. */
  async stale(limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ workId: workSearch.workId })
      .from(workSearch)
      .where(eq(workSearch.stale, true))
      .orderBy(asc(workSearch.workId))
      .limit(limit);
    return rows.map((row) => row.workId);
  }
}
