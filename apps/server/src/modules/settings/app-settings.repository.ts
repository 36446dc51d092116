import { eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { appSettings } from '../../db/schema';

/** All SQL of the app_settings table: values every server instance shares. */
export class AppSettingsRepository {
  constructor(private readonly db: TDatabase) {}

  async get(key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, key));
    return row?.value;
  }

  /**
   * The stored value, or `candidate` stored now. When several instances start
   * at once, the first insert wins and every instance reads that one.
   */
  async getOrInsert(key: string, candidate: string): Promise<string> {
    await this.db.insert(appSettings).values({ key, value: candidate }).onConflictDoNothing();
    const value = await this.get(key);
    if (value === undefined) throw new Error(`app setting ${key} missing after insert`);
    return value;
  }
}
