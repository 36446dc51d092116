import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import type { TAiJob } from '@layerline/contract';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ModelViewer } from '../previews/ModelViewer';
import '../previews/previews.css';
import {
  downloadName,
  previewMesh,
  resultFiles,
  storedAddress,
  type TResultFile,
} from './job-state';
import { SvgResult } from './SvgResult';
import { useStableAddress } from './stable-address';

type TResultViewProps = {
  job: TAiJob;
  /** The source picture's preview, for the before/after comparison. */
  sourcePreview: string | null;
  isPublishing: boolean;
  onUseAsSource: (file: TResultFile) => void;
  onPublish: () => void;
};

/**
 * A finished job: before/after for pictures, the layers of a vector, the 3D
 * view (sizes in mm) for meshes, the text of an optimised prompt; each file
 * to download, and "publish as a work".
 */
export function ResultView({
  job,
  sourcePreview,
  isPublishing,
  onUseAsSource,
  onPublish,
}: TResultViewProps) {
  const { t } = useTranslation('ai');
  const files = resultFiles(job);
  const mesh = previewMesh(files);
  // A 3D result's PNG is the server's picture of the model (records, cover): the viewer shows the model.
  const images = mesh ? [] : files.filter((file) => file.kind === 'image');
  const svgs = files.filter((file) => file.kind === 'svg');

  return (
    <section className="ai-result" aria-label={t('result.title')} data-testid="ai-result">
      {job.resultText !== null && job.kind === 'prompt_optimize' && (
        <Typography.Paragraph copyable>{job.resultText}</Typography.Paragraph>
      )}
      {images.length > 0 && (
        <div className="ai-compare">
          {sourcePreview && (
            <figure className="ai-compare__side">
              <figcaption>{t('result.before')}</figcaption>
              <img src={sourcePreview} alt={t('result.before')} />
            </figure>
          )}
          {images.map((file, index) => (
            <figure
              className="ai-compare__side ai-compare__side--after"
              key={storedAddress(file.url)}
            >
              <figcaption>
                {images.length > 1 ? t('result.afterN', { n: index + 1 }) : t('result.after')}
              </figcaption>
              <StableImage url={file.url} alt={t('result.after')} testId="ai-result-image" />
              <Button size="small" icon={<ExportOutlined />} onClick={() => onUseAsSource(file)}>
                {t('result.useAsSource')}
              </Button>
            </figure>
          ))}
        </div>
      )}
      {svgs.map((file) => (
        <div key={storedAddress(file.url)} className="ai-result__svg">
          <StableSvg url={file.url} />
          <Button size="small" icon={<ExportOutlined />} onClick={() => onUseAsSource(file)}>
            {t('result.useAsSource')}
          </Button>
        </div>
      ))}
      {mesh && (
        <div className="ai-result__mesh" data-testid="ai-mesh-result">
          <StableModel
            url={mesh.url}
            filename={downloadName(job, mesh, 0)}
            format={mesh.extension as 'stl' | '3mf' | 'glb'}
          />
        </div>
      )}
      {files.length > 0 && (
        <div className="ai-result__actions">
          {files.map((file, index) => (
            <Button
              key={storedAddress(file.url)}
              icon={<DownloadOutlined />}
              // The newest signed address: the job is read again before it expires (ADR 0051).
              href={file.url}
              download={downloadName(job, file, index)}
              data-testid={`ai-download-${file.extension}`}
            >
              {t('result.download', { format: file.extension.toUpperCase() })}
            </Button>
          ))}
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={isPublishing}
            onClick={onPublish}
          >
            {t('result.publish')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Previews keep the address they loaded from while the job's addresses are signed anew (ADR 0051). */
function StableImage({ url, alt, testId }: { url: string; alt: string; testId: string }) {
  return <img src={useStableAddress(url)} alt={alt} data-testid={testId} />;
}

function StableSvg({ url }: { url: string }) {
  return <SvgResult url={useStableAddress(url)} />;
}

function StableModel(props: { url: string; filename: string; format: 'stl' | '3mf' | 'glb' }) {
  return <ModelViewer {...props} url={useStableAddress(props.url)} />;
}
