/** The feed module's public face (ADR 0047): what other modules and the composition may use. */

export { feedModule } from './feed.plugin';
export type { TFeedPage } from './feed.sql';
export type { TFeedOrder } from './feed-order';
