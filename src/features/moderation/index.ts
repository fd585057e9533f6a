/**
 * The moderation feature's public face: the Report action, the owner's "hidden"
 * notice, the role check and the endpoints. The console (/admin) is a lazy page of its own.
 */
export { ReportButton, type ReportButtonProps } from './ReportButton';
export { HiddenNotice } from './HiddenNotice';
export { isModerator, type Report, type ReportReason, type ReportTargetType } from './types';
export { moderationApi } from './moderationApi';
