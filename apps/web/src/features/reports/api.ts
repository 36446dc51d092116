import { apiPath, type TReportRequest } from '@layerline/contract';
import { callApi } from '../../lib/api';

export const REPORT_PATH = apiPath('moderation.report');

/** POST moderation.report (ADR 0014): one open report per reporter and item. */
export async function sendReport(body: TReportRequest): Promise<{ id: number }> {
  return (await callApi('moderation.report', { body }, { silent: true, redirectOnNotFound: false }))
    .data;
}
