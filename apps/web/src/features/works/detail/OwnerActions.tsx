import '../../../i18n/lazy/work';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { useConfirmDeleteWork } from '../use-confirm-delete';

/** SPEC 6 work owner: edit (the publish page with productId) and delete (with confirmation). */
export function OwnerActions({ workId, onDeleted }: { workId: number; onDeleted: () => void }) {
  const { t } = useTranslation('work');
  const navigate = useNavigate();
  const confirmDelete = useConfirmDeleteWork();
  return (
    <>
      <Button
        icon={<EditOutlined aria-hidden />}
        onClick={() => void navigate(PATHS.editWork(workId))}
        data-testid="work-edit"
      >
        {t('owner.edit')}
      </Button>
      <Button
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => confirmDelete(workId, onDeleted)}
        data-testid="work-delete"
      >
        {t('owner.delete')}
      </Button>
    </>
  );
}
