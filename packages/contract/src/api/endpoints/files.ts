import { ZBatchUploadResponse, ZUploadQuery, ZUploadResponse } from '../../schemas/files';
import type { TEndpointTable } from './types';

/**
 * The schemas of the `files.*` routes of ../routes. The bodies are multipart
 * forms (`file`, or `files` for the batch), read by the route itself.
 */
export const filesEndpoints = {
  'files.upload': { query: ZUploadQuery, response: ZUploadResponse },
  'files.uploadAlias': { query: ZUploadQuery, response: ZUploadResponse },
  'files.batchUpload': { query: ZUploadQuery, response: ZBatchUploadResponse },
} as const satisfies TEndpointTable<'files'>;
