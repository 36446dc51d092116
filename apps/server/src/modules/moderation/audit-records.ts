import type { TDatabase } from '../../db/client';
import { AuditLogRepository, type TAuditRecord } from './audit-log.repository';

/**
 * What other modules may do to the audit log (ADR 0047): write the entry of
 * a moderator's action, on the action's own unit of work (`tx.auditRecords`,
 * ADR 0045), so the action and its entry are kept or lost together.
 */
export interface AuditRecords {
  record(entry: TAuditRecord): Promise<void>;
}

/** The audit log on `db` (a unit of work hands it out as `tx.auditRecords`). */
export function auditRecords(db: TDatabase): AuditRecords {
  return new AuditLogRepository(db);
}
