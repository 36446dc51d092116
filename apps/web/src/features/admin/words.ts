import type { TAdminUserDetail, TAuditEntry } from '@layerline/contract';
import type { TFunction } from 'i18next';
import { PATHS } from '../../app/paths';
import { postPath } from '../community/post-link';

type TLedgerRow = TAdminUserDetail['points_ledger'][number];

/**
 * A ledger row's reason in the reader's language (never the stored code), with
 * what it is about: the task's name, the AI job's tool and number, the note.
 */
export function ledgerReason(t: TFunction<'admin'>, row: TLedgerRow): string {
  const parts = [t(`ledger.reasons.${row.reason}`, { defaultValue: row.reason })];
  if (row.ref_type === 'task' && row.ref_id)
    parts.push(t(`ledger.tasks.${row.ref_id}`, { defaultValue: row.ref_id }));
  if (row.ref_type === 'ai_job' && row.ref_id)
    parts.push(
      row.ai_kind
        ? t('ledger.job', {
            kind: t(`ledger.aiKinds.${row.ai_kind}`, { defaultValue: row.ai_kind }),
            id: row.ref_id,
          })
        : t('ledger.jobOnly', { id: row.ref_id }),
    );
  if (row.note) parts.push(row.note);
  return parts.join(' · ');
}

/** Where an audit entry's item is shown on the site; null when it has no page. */
export function auditItemHref(entry: TAuditEntry): string | null {
  if (!entry.item) return null;
  switch (entry.item_kind) {
    case 'work':
      return PATHS.work(entry.item_id);
    case 'user':
      return PATHS.profile(entry.item_id);
    case 'post':
      return postPath(entry.item_id);
    case 'comment':
      if (entry.item.work_id !== null) return PATHS.work(entry.item.work_id);
      return entry.item.post_id !== null ? postPath(entry.item.post_id) : null;
    default:
      return null;
  }
}

/** An audit entry's reason: a preset rejection in the reader's language, with its note. */
export function auditReason(t: TFunction<'admin'>, entry: TAuditEntry): string {
  if (entry.action === 'user_suspend' && 'days' in entry.detail) {
    const days = entry.detail.days;
    const length = t(`users.durations.d${days === 1 || days === 7 || days === 30 ? days : 0}`);
    return entry.reason ? `${entry.reason} · ${length}` : length;
  }
  if (entry.action === 'user_unsuspend' && entry.detail.expired === true) return t('audit.expired');
  if (!entry.reason_preset) return entry.reason;
  const preset = t(`reject.presets.${entry.reason_preset}`);
  return entry.reason_note ? `${preset} · ${entry.reason_note}` : preset;
}
