import { eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  banners,
  collections,
  collectionWorks,
  files,
  searchCounts,
  users,
  workCategories,
  works,
} from '../../db/schema';
import type { FileStorage } from '../../modules/files';
import { foldText } from '../../modules/search';
import type { TReferenceIds } from '../reference.seed';
import { SEED_LOCK_KEY } from '../seed.lock';
import { DEMO_BANNERS, type TDemoBanner } from './banners.data';
import { DEMO_COLLECTIONS } from './collections.data';
import { categoryIds, publishOrder, workRow } from './demo-rows.mapper';
import { DEMO_SEARCHES } from './searches.data';
import { DEMO_PASSWORD_HASH, DEMO_USERS, demoEmail } from './users.data';
import {
  buildAvatar,
  buildBannerImage,
  buildWorkAssets,
  mapLimit,
  type TWorkAssets,
} from './work-assets.builder';
import { DEMO_WORKS } from './works.data';

export type TDemoSeedResult = {
  users: number;
  works: number;
  banners: number;
  collections: number;
};

const bannerKey = (b: { type: number; titleEn: string }) => `${b.type}:${b.titleEn}`;

async function presentEmails(db: TDatabase): Promise<Set<string>> {
  const emails = DEMO_USERS.map((u) => demoEmail(u.handle));
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

async function presentBanners(db: TDatabase): Promise<Set<string>> {
  const rows = await db.select({ type: banners.type, titleEn: banners.titleEn }).from(banners);
  return new Set(rows.map(bannerKey));
}

/**
 * Demo users with their works, banners and collections. Keyed by the demo
 * e-mails, banner titles and collection slugs: whatever exists is left alone.
 * Files are generated before the transaction (content-addressed, so extra
 * copies cost nothing); rows are written in one transaction after re-checking
 * under an advisory lock, so servers starting together never insert twice.
 */
export async function seedDemo(
  db: TDatabase,
  storage: FileStorage,
  ref: TReferenceIds,
): Promise<TDemoSeedResult> {
  const emails = await presentEmails(db);
  const newUsers = DEMO_USERS.filter((u) => !emails.has(demoEmail(u.handle)));
  const newHandles = new Set(newUsers.map((u) => u.handle));
  const newWorks = DEMO_WORKS.filter((w) => newHandles.has(w.author));
  const knownBanners = await presentBanners(db);
  const newBanners = DEMO_BANNERS.filter((b) => !knownBanners.has(bannerKey(b)));

  const avatars = new Map<string, string>();
  const workAssets = new Map<string, TWorkAssets>();
  const bannerImages = new Map<TDemoBanner, string>();
  await mapLimit(
    [
      ...newUsers.map((u) => async () => {
        avatars.set(u.handle, await buildAvatar(u.handle, storage));
      }),
      ...newWorks.map((w) => async () => {
        workAssets.set(w.key, await buildWorkAssets(w, storage));
      }),
      ...newBanners.map((b) => async () => {
        bannerImages.set(b, await buildBannerImage(b.titleEn, b.type, storage));
      }),
    ],
    4,
    (job) => job(),
  );

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const result: TDemoSeedResult = { users: 0, works: 0, banners: 0, collections: 0 };
    const stillPresent = await presentEmails(tx);
    const insertUsers = newUsers.filter((u) => !stillPresent.has(demoEmail(u.handle)));
    const userRows = insertUsers.length
      ? await tx
          .insert(users)
          .values(
            insertUsers.map((u) => ({
              email: demoEmail(u.handle),
              passwordHash: DEMO_PASSWORD_HASH,
              nickname: u.nickname,
              avatar: avatars.get(u.handle) ?? '',
              gender: u.gender,
              bio: u.bio,
              tag: u.tag,
            })),
          )
          .returning({ id: users.id, email: users.email })
      : [];
    result.users = userRows.length;
    const userIds = new Map(userRows.map((r) => [r.email, r.id]));

    const order = publishOrder(DEMO_WORKS.map((w) => w.key));
    const now = Date.now();
    const planned = newWorks.flatMap((work) => {
      const author = DEMO_USERS.find((u) => u.handle === work.author);
      const userId = userIds.get(demoEmail(work.author));
      const assets = workAssets.get(work.key);
      if (!author || userId === undefined || !assets) return [];
      const position = order.get(work.key) ?? 0;
      const row = workRow(work, position, DEMO_WORKS.length, userId, author.lang, assets, ref, now);
      return [{ work, row }];
    });
    if (planned.length) {
      // One statement for all works; titles are unique among demo works and map ids back.
      const inserted = await tx
        .insert(works)
        .values(planned.map((p) => p.row))
        .returning({ id: works.id, title: works.title });
      const idByTitle = new Map(inserted.map((r) => [r.title, r.id]));
      await tx.insert(workCategories).values(
        planned.flatMap(({ work }) =>
          categoryIds(work, ref).map((categoryId) => ({
            workId: idByTitle.get(work.title) ?? 0,
            categoryId,
          })),
        ),
      );
      result.works = inserted.length;
      // Recorded as their authors' design uploads, as the upload endpoint would:
      // design files are private and reach readers only as ADR 0009 allows.
      const designRows = planned.flatMap(({ row }) =>
        (row.projectFile ?? []).flatMap((file) => {
          const sha256 = /[0-9a-f]{64}/.exec(file.url)?.[0];
          if (!sha256) return [];
          const { url, filename, size } = file;
          const mime = file.mime ?? 'application/octet-stream';
          return [
            { userId: row.userId, sha256, url, filename, size, mime, kind: 'design' as const },
          ];
        }),
      );
      if (designRows.length) await tx.insert(files).values(designRows).onConflictDoNothing();
    }

    // Collections and banners link to demo works and collections by title and slug, so they
    // also resolve rows written by an earlier run.
    const demoWorkRows = await tx
      .select({ id: works.id, title: works.title })
      .from(works)
      .innerJoin(users, eq(users.id, works.userId))
      .where(
        inArray(
          sql`lower(${users.email})`,
          DEMO_USERS.map((u) => demoEmail(u.handle)),
        ),
      );
    const workIdByTitle = new Map(demoWorkRows.map((r) => [r.title, r.id]));
    const titleByKey = new Map(DEMO_WORKS.map((w) => [w.key, w.title]));
    for (const [sort, c] of DEMO_COLLECTIONS.entries()) {
      const [created] = await tx
        .insert(collections)
        .values({
          slug: c.slug,
          titleEn: c.titleEn,
          titleZh: c.titleZh,
          descriptionEn: c.descriptionEn,
          descriptionZh: c.descriptionZh,
          sort,
        })
        .onConflictDoNothing({ target: collections.slug })
        .returning({ id: collections.id });
      if (!created) continue;
      result.collections += 1;
      const members = c.works.flatMap((key, i) => {
        const workId = workIdByTitle.get(titleByKey.get(key) ?? '');
        return workId === undefined ? [] : [{ collectionId: created.id, workId, sort: i }];
      });
      if (members.length) await tx.insert(collectionWorks).values(members).onConflictDoNothing();
    }

    const collectionRows = await tx
      .select({ id: collections.id, slug: collections.slug })
      .from(collections)
      .where(
        inArray(
          collections.slug,
          DEMO_COLLECTIONS.map((c) => c.slug),
        ),
      );
    const collectionIds = new Map(collectionRows.map((r) => [r.slug, r.id]));
    const stillKnown = await presentBanners(tx);
    for (const [sort, b] of DEMO_BANNERS.entries()) {
      const img = bannerImages.get(b);
      if (!img || stillKnown.has(bannerKey(b))) continue;
      const collectionId =
        'collection' in b.link ? collectionIds.get(b.link.collection) : undefined;
      const link =
        'path' in b.link
          ? b.link.path
          : collectionId
            ? `/collections/${collectionId}`
            : '/community';
      await tx.insert(banners).values({
        type: b.type,
        img,
        titleEn: b.titleEn,
        titleZh: b.titleZh,
        subtitleEn: b.subtitleEn,
        subtitleZh: b.subtitleZh,
        buttonTextEn: b.buttonTextEn,
        buttonTextZh: b.buttonTextZh,
        link,
        titleLink: link,
        iconType: b.iconType,
        sort,
      });
      result.banners += 1;
    }
    // Popular searches of the first demo day; only with the demo makers, once.
    if (result.users > 0) {
      const day = new Date().toISOString().slice(0, 10);
      await tx
        .insert(searchCounts)
        .values(
          DEMO_SEARCHES.map((s) => ({
            day,
            wordsKey: foldText(s.words),
            words: s.words,
            count: s.count,
          })),
        )
        .onConflictDoNothing();
    }
    return result;
  });
}
