import { and, desc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { files } from '../../db/schema';
import { FilePrivacyCache, type TFilePrivacy } from './file-privacy';

/**
 * Kinds served only through signed URLs: design files and instructions by the
 * download rules (SPEC 5/6, ADR 0009), AI inputs and results to their owner
 * (ADR 0051; new ones are in the private area, older ones follow this table).
 */
export const PRIVATE_KINDS: ReadonlySet<string> = new Set(['design', 'instruction', 'ai']);

export type TFileRow = typeof files.$inferSelect;
export type TFileRecord = Omit<typeof files.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

/** All SQL of the files table: who uploaded what (SPEC 7 uploads). */
export class FilesRepository {
  /**
   * isPrivate's answers kept for a few seconds, for `/files/` (ADR 0009);
   * `record` on this repository forgets the URLs it records.
   */
  readonly privacy: FilePrivacyCache;

  constructor(
    private readonly db: TDatabase,
    privacyOptions?: ConstructorParameters<typeof FilePrivacyCache>[1],
  ) {
    this.privacy = new FilePrivacyCache((url) => this.privacyOf(url), privacyOptions);
  }

  /** One row per user, kind and URL: the same bytes uploaded again refresh the row. */
  async record(rows: TFileRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(files)
      .values(rows)
      .onConflictDoUpdate({
        target: [files.userId, files.kind, files.url],
        set: {
          filename: sql`excluded.filename`,
          thumbnail: sql`excluded.thumbnail`,
          // A row recorded without a DPI (an AI result) never erases an upload's.
          dpi: sql`coalesce(excluded.dpi, ${files.dpi})`,
          createdAt: sql`excluded.created_at`,
        },
      });
    // After the write: a request in between would keep the old answer again.
    this.privacy.forget(rows.map((row) => row.url));
  }

  /**
   * ADR 0009: a URL is private when it was uploaded only as a design file,
   * instruction or AI input or result (ADR 0051); covers, avatars and guide
   * images stay public even when the same bytes were also uploaded so.
   */
  async isPrivate(url: string): Promise<boolean> {
    return (await this.privacyOf(url)) === 'private';
  }

  /** isPrivate, telling a public URL from one no row names yet. */
  async privacyOf(url: string): Promise<TFilePrivacy> {
    const rows = await this.db
      .selectDistinct({ kind: files.kind })
      .from(files)
      .where(eq(files.url, url));
    if (rows.length === 0) return 'unknown';
    return rows.every((row) => PRIVATE_KINDS.has(row.kind)) ? 'private' : 'public';
  }

  /** The caller's uploads among `urls` (all kinds). */
  findOwned(userId: number, urls: readonly string[]): Promise<TFileRow[]> {
    if (urls.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), inArray(files.url, [...new Set(urls)])));
  }

  /**
   * The DPI recorded for the uploaded image at `url`: a number when its
   * source declared one, null when it declared none, undefined when no image
   * row names the URL (the bytes are content-addressed, so any row will do).
   */
  async dpiOf(url: string): Promise<number | null | undefined> {
    const [row] = await this.db
      .select({ dpi: files.dpi })
      .from(files)
      .where(and(eq(files.url, url), like(files.mime, 'image/%')))
      .orderBy(sql`${files.dpi} is null`, desc(files.id))
      .limit(1);
    return row ? row.dpi : undefined;
  }

  /**
   * The WebP previews of uploads of `kind` by URL, in one query (the bytes
   * are content-addressed, so any row's preview will do); URLs without one
   * are left out.
   */
  async thumbnails(urls: readonly string[], kind: TFileRow['kind']): Promise<Map<string, string>> {
    if (urls.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([files.url], { url: files.url, thumbnail: files.thumbnail })
      .from(files)
      .where(
        and(
          inArray(files.url, [...new Set(urls)]),
          eq(files.kind, kind),
          isNotNull(files.thumbnail),
        ),
      )
      .orderBy(files.url, files.id);
    return new Map(rows.flatMap((row) => (row.thumbnail ? [[row.url, row.thumbnail]] : [])));
  }
}
