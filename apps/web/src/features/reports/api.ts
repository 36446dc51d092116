import type { TReportRequest } from '@layerline/contract';
import { apiClient } from '../../lib/api';

export const REPORT_PATH = '/api/v1/report';

/** POST /api/v1/report (ADR 0014): one open report per reporter and item. */
export async function sendReport(body: TReportRequest): Promise<{ id: number }> {
  return (
    await apiClient.post<{ id: number }>(REPORT_PATH, body, {
      silent: true,
      redirectOnNotFound: false,
    })
  ).data;
}
