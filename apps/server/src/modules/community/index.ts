/** The community module's public face (ADR 0047): what other modules and the composition may use. */

export { communityModule, type TCommunityModule } from './community.plugin';
export type { CommunityService } from './community.service';
export { POST_DOCUMENT_VERSION, PostDocumentRefresher, postDocument } from './post-document';
export { type PostRecords, postRecords } from './post-records';
