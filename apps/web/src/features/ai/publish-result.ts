import { LIMITS, type TAiJob, type TUploadResult } from '@layerline/contract';
import { handOffToPublish } from '../works/publish/publish-handoff';
import { uploadWorkFile } from '../works/publish-api';
import { downloadName, resultFiles, type TResultFile } from './job-state';

/** Design formats a work takes (contract DESIGN_FILE_EXTENSIONS); GLB is a preview format only. */
const PUBLISHABLE = ['stl', '3mf', 'svg', 'png', 'jpg', 'jpeg'];

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.blob();
}

/** A vector or other picture drawn onto a white PNG, for a cover. */
export async function rasterise(url: string, maxSide = 1200): Promise<Blob> {
  const blob = await fetchBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = objectUrl;
    await image.decode();
    const scale = Math.min(
      1,
      maxSide / Math.max(image.naturalWidth || 1, image.naturalHeight || 1),
    );
    const width = Math.max(1, Math.round((image.naturalWidth || maxSide) * scale));
    const height = Math.max(1, Math.round((image.naturalHeight || maxSide) * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('toBlob'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}

/** Whether a result file becomes a design file of the work; a 3D result's PNG is its picture, the cover. */
export function isDesign(file: TResultFile, files: TResultFile[]): boolean {
  if (!PUBLISHABLE.includes(file.extension)) return false;
  return !(file.kind === 'image' && files.some((other) => other.kind === 'mesh'));
}

/**
 * The picture that becomes the cover: a picture result (for a 3D result, the
 * server's rendered picture of the model), else the source, else the vector drawn.
 */
export function coverSource(
  files: TResultFile[],
  sourceUrl: string | null,
): TResultFile | string | null {
  const image = files.find((file) => file.kind === 'image');
  if (image) return image;
  if (sourceUrl) return sourceUrl;
  return files.find((file) => file.kind === 'svg') ?? null;
}

/**
 * The work's title: the job's prompt or logo text, else the source picture's
 * file name without its extension; never the tool's name (every relief
 * would be called "Image to 3D relief"). Empty when there is neither: the
 * maker names it on /publish.
 */
export function workTitle(
  job: Pick<TAiJob, 'prompt' | 'params'>,
  source: { name: string } | null,
): string {
  const { prompt, text } = job.params;
  const words = [job.prompt, prompt, text].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (words) return words.trim().slice(0, LIMITS.workTitleMax);
  const name = source?.name.trim() ?? '';
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name)
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, LIMITS.workTitleMax);
}

/**
 * "Publish as a work": the result's files become the work's design files and
 * a picture its cover (each uploaded again with its kind, so the server
 * checks them as it checks any upload), then /publish opens with them, a
 * title from the prompt and the AI-assisted flag set.
 */
export async function prepareWorkFromResult(
  job: TAiJob,
  sourceUrl: string | null,
  title: string,
): Promise<void> {
  const files = resultFiles(job);
  const designs: TUploadResult[] = [];
  for (const [index, file] of files.entries()) {
    if (!isDesign(file, files)) continue;
    const blob = await fetchBlob(file.url);
    const name = downloadName(job, file, index);
    designs.push(await uploadWorkFile('design', new File([blob], name, { type: blob.type })));
  }
  const covers: TUploadResult[] = [];
  const cover = coverSource(files, sourceUrl);
  if (cover) {
    const url = typeof cover === 'string' ? cover : cover.url;
    const isPicture = typeof cover === 'string' || cover.kind === 'image';
    const blob = isPicture ? await fetchBlob(url) : await rasterise(url);
    const type = blob.type || 'image/png';
    const extension = type === 'image/jpeg' ? 'jpg' : type.split('/')[1] || 'png';
    covers.push(
      await uploadWorkFile('cover', new File([blob], `cover-${job.id}.${extension}`, { type })),
    );
  }
  handOffToPublish({
    title: title.slice(0, LIMITS.workTitleMax),
    files: designs,
    covers,
    isAiAssisted: true,
  });
}
