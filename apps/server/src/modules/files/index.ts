/** The files module's public face (ADR 0047): what other modules and the composition may use. */

export type { CoverGenerator } from './cover-generator.service';
export { createStorage } from './create-storage';
export { type FileRecords, fileRecords, type TFileRecord, type TFileRow } from './file-records';
export { FileUrlSigner, unsignedUrl } from './file-url-signer';
export { SANDBOX_CSP } from './files.mime';
export { filesModule, type TFilesModule } from './files.plugin';
export { thumbnailOf } from './image-processor';
export { LocalDiskStorage } from './local-disk.storage';
export { publicCopyOf } from './public-copy';
export type { FileStorage } from './storage';
export { storeShownWebp } from './stored-image';
export { asUploadError, filePart } from './upload.routes';
export { cleanBaseName, cleanName, type UploadService } from './upload.service';
