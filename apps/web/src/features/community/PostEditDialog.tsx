import '../../i18n/lazy/community';
import type { TPost } from '@layerline/contract';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { PostComposer } from './PostComposer';
import './community.css';

/** The author's edit of a post: the composer filled with it, saved with PUT. */
export function PostEditDialog({ post, onClose }: { post: TPost; onClose: () => void }) {
  const { t } = useTranslation('community');
  return (
    <Modal
      open
      title={t('composer.editTitle')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
      maskClosable={false}
      className="post-edit-dialog"
    >
      <PostComposer post={post} onDone={onClose} />
    </Modal>
  );
}
