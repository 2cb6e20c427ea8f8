export {
  attachmentPage,
  currentHistoryId,
  deleteAttachmentRow,
  deleteRowsOfDeletedTests,
  findAttachment,
  findAttachmentTarget,
  insertAttachments,
  lockOrgQuota,
  namedKeys,
  orgAttachmentBytes,
  type NewAttachment,
} from './attachments';
