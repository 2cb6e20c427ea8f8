// What other features may use of attachments: a test case's or a result's files (the section
// with upload, list, viewer and delete), their links, and drops and pastes of files.
export { useAttachments, type Attachment, type AttachmentTarget } from './api/get-attachments';
export { useUploadAttachments } from './api/upload-attachments';
export { AttachmentLinks } from './components/attachment-list';
export { AttachmentsSection, DropHint } from './components/attachments-section';
export { useFileDrop, usePastedFiles, useStrayDropGuard } from './use-file-drop';
