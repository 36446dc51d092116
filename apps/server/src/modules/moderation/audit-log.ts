import {
  decodeRejection,
  type TAuditEntry,
  type TModerationItemKind,
  type TPageQuery,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { pageOf } from '../../kernel/pagination';
import { AuditLogRepository } from './audit-log.repository';

export type { TAuditRecord } from './audit-log.repository';

/**
 * The moderation console's audit log (moderation_actions): every moderator
 * action is recorded with `tx.auditRecords.record`, on the unit of work of
 * the action itself, so an action and its entry are kept or lost together.
 */
export class AuditLog {
  private readonly repository: AuditLogRepository;

  constructor(db: TDatabase) {
    this.repository = new AuditLogRepository(db);
  }

  /** Newest first; all entries, or those of one kind, or of one item. */
  async list(
    filter: { itemKind?: TModerationItemKind; itemId?: number },
    query: TPageQuery,
  ): Promise<{ data: TAuditEntry[]; total: number }> {
    const { rows, total } = await this.repository.list(filter, pageOf(query));
    return {
      data: rows.map(({ entry, nickname, itemName, itemWorkId, itemPostId }) => ({
        id: entry.id,
        actor: entry.actorId === null ? null : { id: entry.actorId, nickname: nickname ?? '' },
        action: entry.action,
        item_kind: entry.itemKind,
        item_id: entry.itemId,
        reason: entry.reason,
        detail: entry.detail,
        created_at: entry.createdAt.toISOString(),
        item:
          itemName === null ? null : { name: itemName, work_id: itemWorkId, post_id: itemPostId },
        ...(entry.action === 'work_reject'
          ? (({ preset, note }) => ({ reason_preset: preset, reason_note: preset ? note : '' }))(
              decodeRejection(entry.reason),
            )
          : { reason_preset: null, reason_note: '' }),
      })),
      total,
    };
  }
}
