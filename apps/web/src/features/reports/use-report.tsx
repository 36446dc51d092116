import type { TReportItemKind } from '@layerline/contract';
import { lazy, Suspense, useState } from 'react';
import { useLoginGuard } from '../social/use-login-guard';

const ReportDialog = lazy(async () => ({
  default: (await import('./ReportDialog')).ReportDialog,
}));

/**
 * The report action of a work, post or comment: `open` shows the report
 * dialog (its own small chunk) to a logged-in user and the login dialog to a
 * visitor; render `dialog` where the action lives.
 */
export function useReport(kind: TReportItemKind, id: number) {
  const ensureLogin = useLoginGuard();
  const [isOpen, setIsOpen] = useState(false);
  const open = () => {
    if (ensureLogin()) setIsOpen(true);
  };
  const dialog = isOpen ? (
    <Suspense fallback={null}>
      <ReportDialog kind={kind} id={id} onClose={() => setIsOpen(false)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
