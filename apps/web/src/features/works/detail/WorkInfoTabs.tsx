import '../../../i18n/lazy/work';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import { APPLICATIONS, DIFFICULTY, type TWorkDetail } from '@layerline/contract';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format';
import type { TPreviewFile } from './WorkFiles';

type TApplicationName = (typeof APPLICATIONS)[keyof typeof APPLICATIONS];
type TDifficultyName = (typeof DIFFICULTY)[keyof typeof DIFFICULTY];

function applicationName(value: number): TApplicationName | null {
  return Object.hasOwn(APPLICATIONS, value)
    ? APPLICATIONS[value as keyof typeof APPLICATIONS]
    : null;
}

function difficultyName(value: number): TDifficultyName | null {
  return Object.hasOwn(DIFFICULTY, value) ? DIFFICULTY[value as keyof typeof DIFFICULTY] : null;
}

/** SPEC 3 product info: software, machines, applications, materials, difficulty, ... */
function ProductInfo({ work }: { work: TWorkDetail }) {
  const { t } = useTranslation('work');
  const applications = work.apply_dev
    .map(applicationName)
    .filter((name): name is TApplicationName => name !== null)
    .map((name) => t(`applications.${name}`));
  const difficulty = difficultyName(work.level);
  const isRemix = work.source === 'remix';
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'software', label: t('info.software'), value: work.software },
    {
      key: 'machines',
      label: t('info.machines'),
      value: work.machines.map((machine) => machine.name).join(t('info.separator')),
    },
    {
      key: 'applications',
      label: t('info.applications'),
      value: applications.join(t('info.separator')),
    },
    {
      key: 'materials',
      label: t('info.materials'),
      value: work.use_material.join(t('info.separator')),
    },
    {
      key: 'difficulty',
      label: t('info.difficulty'),
      value: difficulty ? t(`difficulty.${difficulty}`) : '',
    },
    {
      key: 'categories',
      label: t('info.categories'),
      value: work.categories.map((category) => category.name).join(t('info.separator')),
    },
    {
      key: 'source',
      label: t('info.source'),
      value:
        isRemix && work.source_url ? (
          <a href={work.source_url} target="_blank" rel="noopener noreferrer nofollow">
            {t('info.remixOf')}
          </a>
        ) : (
          t(isRemix ? 'info.remix' : 'info.original')
        ),
    },
    { key: 'published', label: t('info.published'), value: formatDateTime(work.CreatedAt) },
  ];

  return (
    <div className="work-info">
      {work.is_ai_assisted && (
        <Tag color="purple" icon={<RobotOutlined aria-hidden />} data-testid="work-ai-badge">
          {t('info.aiAssisted')}
        </Tag>
      )}
      <dl className="work-info__list">
        {rows.map((row) => (
          <div key={row.key} className="work-info__row" data-testid={`work-info-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value || t('info.none')}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * SPEC 3 production documents: the rich-text guide, sanitised by the server
 * with an allow-list (no scripts, styles or foreign images), and the
 * instruction PDF with a preview and a link that opens it.
 */
function ProductionDocuments({
  work,
  onPreview,
}: {
  work: TWorkDetail;
  onPreview: (file: TPreviewFile) => void;
}) {
  const { t } = useTranslation('work');
  const { instruction, attachment } = work;
  if (!instruction && !attachment) return <p className="work-muted">{t('documents.empty')}</p>;
  return (
    <div className="work-documents">
      {instruction && (
        <div className="work-documents__pdf" data-testid="work-instruction">
          <FilePdfOutlined className="work-documents__pdf-icon" aria-hidden />
          <span className="work-documents__pdf-name">{instruction.filename}</span>
          <Button
            size="small"
            icon={<EyeOutlined aria-hidden />}
            onClick={() =>
              onPreview({
                url: instruction.url,
                filename: instruction.filename,
                mime: instruction.mime ?? 'application/pdf',
              })
            }
          >
            {t('documents.preview')}
          </Button>
          <a href={instruction.url} target="_blank" rel="noopener noreferrer">
            {t('documents.open')}
          </a>
        </div>
      )}
      {attachment && (
        <div
          className="work-guide"
          data-testid="work-guide"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the guide is sanitised by the server with an allow-list (guide.sanitizer) before it is stored.
          dangerouslySetInnerHTML={{ __html: attachment }}
        />
      )}
    </div>
  );
}

/** SPEC 2: tabs for product info and production documents (rich text). */
export function WorkInfoTabs({
  work,
  onPreview,
}: {
  work: TWorkDetail;
  onPreview: (file: TPreviewFile) => void;
}) {
  const { t } = useTranslation('work');
  return (
    <Tabs
      className="work-tabs"
      items={[
        { key: 'info', label: t('tabs.info'), children: <ProductInfo work={work} /> },
        {
          key: 'documents',
          label: t('tabs.documents'),
          children: <ProductionDocuments work={work} onPreview={onPreview} />,
        },
      ]}
    />
  );
}
