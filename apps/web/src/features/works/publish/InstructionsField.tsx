import '../../../i18n/lazy/publish';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import type { RuleObject } from 'antd/es/form';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Spin from 'antd/es/spin';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FileListField } from './FileListField';
import type { TInstructionMode, TPublishValues, TWorkField } from './publish-form';
import type { TUploadList } from './use-upload-list';

// TipTap is large: it loads only when the guide is shown (never on the first load).
const GuideEditor = lazy(async () => ({ default: (await import('./GuideEditor')).GuideEditor }));

const MODES: readonly TInstructionMode[] = ['guide', 'pdf'];

interface TInstructionsFieldProps {
  pdf: TUploadList;
  rule: (field: TWorkField) => RuleObject[];
  onGuideUploading: (isUploading: boolean) => void;
}

/** SPEC 3: instructions as a rich-text guide or as a PDF (kind=instruction), one or the other. */
export function InstructionsField({ pdf, rule, onGuideUploading }: TInstructionsFieldProps) {
  const { t } = useTranslation('publish');
  const mode = Form.useWatch<TPublishValues['instructionMode']>('instructionMode') ?? 'guide';

  return (
    <>
      <Form.Item name="instructionMode" label={t('fields.instructions')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={MODES.map((value) => ({ value, label: t(`instructions.${value}`) }))}
        />
      </Form.Item>
      {mode === 'guide' ? (
        <Form.Item name="attachment" rules={rule('attachment')} className="publish-guide__item">
          <GuideSlot onUploadingChange={onGuideUploading} />
        </Form.Item>
      ) : (
        <Form.Item name="instruction" rules={rule('instruction')}>
          <FileListField
            kind="instruction"
            list={pdf}
            testId="publish-pdf-input"
            icon={<FilePdfOutlined />}
            title={t('upload.pdfDrop')}
            hint={t('upload.pdfHint')}
          />
        </Form.Item>
      )}
    </>
  );
}

interface TGuideSlotProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  onUploadingChange: (isUploading: boolean) => void;
}

/** Receives the Form.Item's value and change handler and hands them to the lazy editor. */
function GuideSlot(props: TGuideSlotProps) {
  const { t } = useTranslation('publish');
  return (
    <Suspense
      fallback={
        <div className="publish-guide publish-guide--loading" role="status">
          <Spin size="small" />
          <span>{t('instructions.editorLoading')}</span>
        </div>
      }
    >
      <GuideEditor {...props} />
    </Suspense>
  );
}
