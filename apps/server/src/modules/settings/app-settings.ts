import type { TDatabase } from '../../db/client';
import { AppSettingsRepository } from './app-settings.repository';

/** Values every server instance shares (the app_settings table), as other modules read them (ADR 0047). */
export interface AppSettings {
  get(key: string): Promise<string | undefined>;
  /**
   * The stored value, or `candidate` stored now. When several instances start
   * at once, the first insert wins and every instance reads that one.
   */
  getOrInsert(key: string, candidate: string): Promise<string>;
}

/** The shared settings on `db`. */
export function appSettings(db: TDatabase): AppSettings {
  return new AppSettingsRepository(db);
}
