import '../../../i18n/lazy/publish';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import { LIMITS } from '@layerline/contract';
import Checkbox from 'antd/es/checkbox';
import type { RuleObject } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterials } from '../publish-api';
import { CategoryPicker, MachinePicker } from './CatalogPickers';
import { ChipsInput } from './ChipsInput';
import { CoverImagesField } from './CoverImagesField';
import { FileListField } from './FileListField';
import { InstructionsField } from './InstructionsField';
import {
  APPLICATION_OPTIONS,
  LEVEL_OPTIONS,
  type TPublishValues,
  type TWorkField,
} from './publish-form';
import { MAX_FILES } from './upload-rules';
import type { TUploadList } from './use-upload-list';

type TRule = (field: TWorkField) => RuleObject[];

/** A card of the form with its heading and a line on what belongs there. */
function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="publish-section" aria-labelledby={headingId}>
      <header className="publish-section__header">
        <h2 id={headingId} className="publish-section__title">
          {title}
        </h2>
        <p className="publish-section__hint">{hint}</p>
      </header>
      {children}
    </section>
  );
}

/** SPEC 3: title, summary, source (original or remix with its link), AI-assisted flag. */
export function BasicsSection({ rule }: { rule: TRule }) {
  const { t } = useTranslation('publish');
  const source = Form.useWatch<TPublishValues['source']>('source');
  return (
    <Section title={t('sections.basics')} hint={t('sections.basicsHint')}>
      <Form.Item name="title" label={t('fields.title')} rules={rule('title')} required>
        <Input
          data-testid="publish-title"
          placeholder={t('placeholders.title')}
          maxLength={LIMITS.workTitleMax}
          showCount
        />
      </Form.Item>
      <Form.Item name="summary" label={t('fields.summary')} rules={rule('summary')}>
        <Input.TextArea
          placeholder={t('placeholders.summary')}
          rows={4}
          maxLength={LIMITS.workSummaryMax}
          showCount
        />
      </Form.Item>
      <div className="publish-grid">
        <Form.Item name="source" label={t('fields.source')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'original', label: t('sources.original') },
              { value: 'remix', label: t('sources.remix') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="is_ai_assisted"
          label={t('fields.aiAssisted')}
          valuePropName="checked"
          extra={t('aiAssistedHint')}
        >
          <Switch />
        </Form.Item>
      </div>
      {source === 'remix' && (
        <Form.Item
          name="source_url"
          label={t('fields.sourceUrl')}
          rules={rule('source_url')}
          dependencies={['source']}
          required
        >
          <Input type="url" placeholder={t('placeholders.sourceUrl')} />
        </Form.Item>
      )}
    </Section>
  );
}

/** SPEC 3 project files (design uploads) and cover images. */
export function FilesSection({
  rule,
  files,
  covers,
}: {
  rule: TRule;
  files: TUploadList;
  covers: TUploadList;
}) {
  const { t } = useTranslation('publish');
  return (
    <Section title={t('sections.files')} hint={t('sections.filesHint')}>
      <Form.Item
        name="project_file"
        label={t('fields.projectFiles')}
        rules={rule('project_file')}
        required
      >
        <FileListField
          kind="design"
          list={files}
          testId="publish-files-input"
          icon={<CloudUploadOutlined />}
          title={t('upload.filesDrop')}
          hint={t('upload.filesHint', { max: MAX_FILES.design })}
        />
      </Form.Item>
      <Form.Item name="cover" label={t('fields.covers')} rules={rule('cover')}>
        <CoverImagesField list={covers} />
      </Form.Item>
    </Section>
  );
}

/** SPEC 3 software, machines, application scenarios, difficulty and materials. */
export function MakingSection({ rule }: { rule: TRule }) {
  const { t } = useTranslation('publish');
  const materials = useMaterials();
  return (
    <Section title={t('sections.making')} hint={t('sections.makingHint')}>
      <div className="publish-grid">
        <Form.Item name="software" label={t('fields.software')} rules={rule('software')} required>
          <Input placeholder={t('placeholders.software')} maxLength={LIMITS.softwareMax} />
        </Form.Item>
        <Form.Item
          name="machine_ids"
          label={t('fields.machines')}
          rules={rule('machine_ids')}
          required
        >
          <MachinePicker />
        </Form.Item>
        <Form.Item
          name="apply_dev"
          label={t('fields.applications')}
          rules={rule('apply_dev')}
          required
        >
          <Checkbox.Group
            options={APPLICATION_OPTIONS.map(({ value, name }) => ({
              value,
              label: t(`applications.${name}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="level" label={t('fields.level')} rules={rule('level')} required>
          <Radio.Group
            optionType="button"
            options={LEVEL_OPTIONS.map(({ value, name }) => ({
              value,
              label: t(`levels.${name}`),
            }))}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="use_material"
        label={t('fields.materials')}
        rules={rule('use_material')}
        required
      >
        <ChipsInput
          max={LIMITS.materialsPerWork}
          duplicateKey="materialsDuplicate"
          tooManyKey="materialsTooMany"
          placeholder={t('placeholders.materials')}
          suggestions={(materials.data ?? []).map((material) => material.name)}
          suggestionsLabel={t('chips.suggestions')}
        />
      </Form.Item>
    </Section>
  );
}

export function InstructionsSection(props: Parameters<typeof InstructionsField>[0]) {
  const { t } = useTranslation('publish');
  return (
    <Section title={t('sections.instructions')} hint={t('sections.instructionsHint')}>
      <InstructionsField {...props} />
    </Section>
  );
}

/** SPEC 3 category (at least one, SPEC 5) and tags. */
export function ClassifySection({ rule }: { rule: TRule }) {
  const { t } = useTranslation('publish');
  return (
    <Section title={t('sections.classify')} hint={t('sections.classifyHint')}>
      <div className="publish-grid">
        <Form.Item
          name="categories"
          label={t('fields.categories')}
          rules={rule('categories')}
          required
        >
          <CategoryPicker />
        </Form.Item>
        <Form.Item name="tags" label={t('fields.tags')} rules={rule('tags')}>
          <ChipsInput
            max={LIMITS.tagsPerWork}
            duplicateKey="tagsDuplicate"
            tooManyKey="tagsTooMany"
            placeholder={t('placeholders.tags')}
          />
        </Form.Item>
      </div>
    </Section>
  );
}
