/** The users module's public face (ADR 0047): what other modules and the composition may use. */
export { createOrPromote, ensureAdmin } from './admin-account';
export { type TAccount, type UserAccounts, userAccounts } from './user-accounts';
export { usersModule } from './users.plugin';
