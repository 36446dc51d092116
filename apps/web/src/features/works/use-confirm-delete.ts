import '../../i18n/lazy/work';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { isApiError } from '../../lib/api';
import { useDeleteWork } from './api';

/**
 * SPEC 6: the owner deletes a work after a confirmation dialog; the modal and
 * the cards of rejected works (SPEC 2 delete mark) share it. `onDeleted` runs
 * after the success message.
 */
export function useConfirmDeleteWork(): (workId: number, onDeleted?: () => void) => void {
  const { t } = useTranslation(['work', 'common']);
  const { modal, message } = useFeedback();
  const remove = useDeleteWork();
  const { mutateAsync } = remove;
  return useCallback(
    (workId, onDeleted) => {
      void modal.confirm({
        title: t('owner.deleteTitle'),
        content: t('owner.deleteBody'),
        okText: t('owner.deleteOk'),
        cancelText: t('common:cancel'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await mutateAsync(workId);
          } catch (error) {
            // Transport failures were reported by the client; business ones carry the server's msg.
            if (isApiError(error) && (error.kind === 'business' || error.kind === 'notFound')) {
              void message.error(error.message);
            }
            return;
          }
          void message.success(t('owner.deleted'));
          onDeleted?.();
        },
      });
    },
    [message, modal, mutateAsync, t],
  );
}
