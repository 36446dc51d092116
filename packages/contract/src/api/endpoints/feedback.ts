import {
  ZFeedbackRequest,
  ZFeedbackResponse,
  ZFeedbackUploadResponse,
} from '../../schemas/feedback';
import type { TEndpointTable } from './types';

/** The schemas of the `feedback.*` routes of ../routes. */
export const feedbackEndpoints = {
  'feedback.submit': { body: ZFeedbackRequest, response: ZFeedbackResponse },
  // A multipart form with the image in `file`, read by the route itself.
  'feedback.upload': { response: ZFeedbackUploadResponse },
} as const satisfies TEndpointTable<'feedback'>;
