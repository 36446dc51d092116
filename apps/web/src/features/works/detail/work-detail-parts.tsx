/**
 * The parts of the product detail drawn with antd (tabs, files, comments and
 * the bottom bar, the author's actions and hover card, the review notice). The detail's first screen
 * (gallery, title, author, summary, price, counts, tags) is drawn without
 * antd; these arrive in one chunk right after it, each in antd's scope
 * (ADR 0058).
 */
export { ReportButton } from '../../reports/ReportButton';
export { AuthorHoverCardPopover } from './AuthorPopover';
export { FollowButton } from './FollowButton';
export { OwnerActions } from './OwnerActions';
export { ReviewNotice } from './ReviewNotice';
export { WorkComments } from './WorkComments';
export { WorkFiles } from './WorkFiles';
export { WorkInfoTabs } from './WorkInfoTabs';
