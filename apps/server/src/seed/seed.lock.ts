/**
 * Advisory lock taken by every seed transaction: servers starting together
 * on one PostgreSQL seed one after another. Any constant works as long as it
 * differs from the migration lock.
 */
export const SEED_LOCK_KEY = 7_270_431_002;
