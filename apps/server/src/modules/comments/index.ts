/** The comments module's public face (ADR 0047): what other modules and the composition may use. */

export { commentsModule, type TCommentsModule } from './comments.plugin';
export type { CommentsService } from './comments.service';
