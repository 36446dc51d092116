import type { TCreateWorkInput, TWorkDetail } from '@layerline/contract';
import Form from 'antd/es/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from '../../../lib/api';
import { useSaveWork } from '../publish-api';
import { CatalogProblem } from './CatalogPickers';
import {
  BasicsSection,
  ClassifySection,
  FilesSection,
  InstructionsSection,
  MakingSection,
} from './PublishSections';
import {
  EMPTY_VALUES,
  parsePayload,
  type TPublishInitial,
  type TPublishValues,
  toPayload,
} from './publish-form';
import { SubmitBar } from './SubmitBar';
import { usePublishRules } from './use-publish-rules';
import { type TUploadList, useUploadList } from './use-upload-list';

interface TPublishFormProps {
  /** The saved work in edit mode (?productId), else null. */
  initial: TPublishInitial | null;
  workId: number | null;
  onSaved: (work: TWorkDetail) => void;
}

/** Re-checks a file field once the user has tried to publish, as its list changes. */
function useRevalidate(
  form: ReturnType<typeof Form.useForm<TPublishValues>>[0],
  field: string,
  list: TUploadList,
  isActive: boolean,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rules read the lists through a ref, so a new list is what asks for a new check.
  useEffect(() => {
    if (isActive) form.validateFields([field]).catch(() => {});
  }, [form, field, list.items, isActive]);
}

/**
 * SPEC 3 'Project (publish form)' with the SPEC 5 rules of the contract.
 * Files upload as soon as they are chosen; publishing waits until every
 * upload has finished (SPEC 4). Creates (POST) or, with a work id, saves the
 * whole form again (PUT with `id`).
 */
export function PublishForm({ initial, workId, onSaved }: TPublishFormProps) {
  const [form] = Form.useForm<TPublishValues>();
  const files = useUploadList('design', { initial: initial?.files });
  const covers = useUploadList('cover', { initial: initial?.covers });
  const pdf = useUploadList('instruction', { single: true, initial: initial?.instruction });
  const [isGuideUploading, setGuideUploading] = useState(false);
  const [isAttempted, setAttempted] = useState(false);
  const [hasProblems, setHasProblems] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveWork();

  // The rules read the newest lists through this ref, whatever render they came from.
  const uploads = useRef({ files: files.items, covers: covers.items, instruction: pdf.items });
  uploads.current = { files: files.items, covers: covers.items, instruction: pdf.items };
  const getInput = useCallback(
    (withRunning = false): TCreateWorkInput =>
      toPayload({ ...EMPTY_VALUES, ...form.getFieldsValue(true) }, uploads.current, {
        withRunning,
      }),
    [form],
  );
  const rule = usePublishRules(useCallback(() => getInput(true), [getInput]));
  useRevalidate(form, 'project_file', files, isAttempted);
  useRevalidate(form, 'cover', covers, isAttempted);
  useRevalidate(form, 'instruction', pdf, isAttempted);

  const isUploading =
    files.isUploading || covers.isUploading || pdf.isUploading || isGuideUploading;

  const handleFinish = async () => {
    setAttempted(true);
    setFailure(null);
    const payload = parsePayload(getInput());
    if (!payload || isUploading) return;
    try {
      onSaved(await save.mutateAsync({ payload, id: workId }));
    } catch (error) {
      if (!isCancel(error)) setFailure(error);
    }
  };

  return (
    <Form<TPublishValues>
      form={form}
      name="publish"
      layout="vertical"
      className="publish-form"
      initialValues={initial?.values ?? EMPTY_VALUES}
      onFinish={() => {
        setHasProblems(false);
        void handleFinish();
      }}
      onFinishFailed={() => {
        setAttempted(true);
        setHasProblems(true);
      }}
      onFieldsChange={() => {
        if (hasProblems && form.getFieldsError().every((field) => field.errors.length === 0)) {
          setHasProblems(false);
        }
      }}
      scrollToFirstError={{ block: 'center' }}
      requiredMark
    >
      <CatalogProblem />
      <BasicsSection rule={rule} />
      <FilesSection rule={rule} files={files} covers={covers} />
      <MakingSection rule={rule} />
      <InstructionsSection pdf={pdf} rule={rule} onGuideUploading={setGuideUploading} />
      <ClassifySection rule={rule} />
      <SubmitBar
        isEdit={workId !== null}
        isUploading={isUploading}
        hasProblems={hasProblems}
        isSaving={save.isPending}
        failure={failure}
      />
    </Form>
  );
}
