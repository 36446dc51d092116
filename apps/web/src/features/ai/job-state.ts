import { AI_STAGES, type TAiJob, type TAiJobState, type TAiStage } from '@layerline/contract';
import type { TTool } from './tools';

/** A job still able to change (DESIGN 5 job states). */
export function isActive(state: TAiJobState): boolean {
  return state === 'queued' || state === 'running';
}

export function isTerminal(state: TAiJobState): boolean {
  return !isActive(state);
}

/**
 * SPEC 4 progress stages in order; a queued job shows the first. Completed
 * is reached only by a job that succeeded.
 */
export function stageIndex(job: Pick<TAiJob, 'state' | 'stage'>): number {
  if (job.state === 'succeeded') return AI_STAGES.length - 1;
  if (!job.stage) return 0;
  return Math.max(0, AI_STAGES.indexOf(job.stage));
}

export function displayStage(job: Pick<TAiJob, 'state' | 'stage'>): TAiStage {
  return AI_STAGES[stageIndex(job)] as TAiStage;
}

/** The bar never goes back, and a finished job is full. */
export function displayPercent(job: Pick<TAiJob, 'state' | 'percent'>, previous = 0): number {
  if (job.state === 'succeeded') return 100;
  return Math.max(previous, Math.min(99, Math.max(0, job.percent)));
}

export type TStartBlock =
  | 'login'
  | 'unavailable'
  | 'missingImage'
  | 'missingText'
  | 'uploading'
  | 'busy'
  | 'insufficientPoints'
  | null;

/**
 * Why the start button cannot start a job, checked in this order. A visitor
 * may fill in everything (SPEC 2: the page is open), and is asked to log in
 * only when starting; too few points are told before a job is made (SPEC 8),
 * so no job ever fails for them.
 */
export function startBlock(input: {
  tool: TTool;
  isLogin: boolean;
  available: boolean;
  hasImage: boolean;
  isUploading: boolean;
  text: string;
  isRunning: boolean;
  cost: number | null;
  balance: number | null;
}): TStartBlock {
  const { tool } = input;
  if (!input.available) return 'unavailable';
  // SPEC 5: an original image is required for 3D (and for every image tool).
  if (tool.input.image === 'required' && !input.hasImage && !input.isUploading)
    return 'missingImage';
  // SPEC 5: a prompt is required.
  if ((tool.input.text === 'prompt' || tool.input.text === 'text') && input.text.trim() === '')
    return 'missingText';
  if (!input.isLogin) return 'login';
  if (input.isUploading) return 'uploading';
  if (input.isRunning) return 'busy';
  if (input.cost !== null && input.balance !== null && input.balance < input.cost)
    return 'insufficientPoints';
  return null;
}

/** SPEC 4 image editing modal: what closing it does in each phase. */
export type TCloseDecision = 'blocked' | 'confirmDiscard' | 'close';

export function closeDecision(phase: 'idle' | 'running' | 'done' | 'failed'): TCloseDecision {
  if (phase === 'running') return 'blocked';
  if (phase === 'done') return 'confirmDiscard';
  return 'close';
}

/** SPEC 4: 3D generation (1-3 minutes) confirms before cancelling; quick jobs cancel at once. */
export function cancelNeedsConfirm(tool: Pick<TTool, 'long' | 'result'>): boolean {
  return Boolean(tool.long) || tool.result === 'mesh';
}

/** The result file's extension, from its stored URL. */
export function fileExtension(url: string): string {
  const name = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const MESH_EXTENSIONS = ['stl', '3mf', 'glb', 'obj'];

export type TResultFile = {
  url: string;
  extension: string;
  kind: 'image' | 'svg' | 'mesh' | 'other';
};

export function resultFiles(job: Pick<TAiJob, 'resultFiles'>): TResultFile[] {
  return job.resultFiles.map((url) => {
    const extension = fileExtension(url);
    const kind =
      extension === 'svg'
        ? 'svg'
        : MESH_EXTENSIONS.includes(extension)
          ? 'mesh'
          : ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(extension)
            ? 'image'
            : 'other';
    return { url, extension, kind };
  });
}

/**
 * The mesh the 3D view shows: the STL, whose units are millimetres as the
 * viewer reads them (glTF's unit is the metre), else 3MF, OBJ, GLB.
 */
export function previewMesh(files: TResultFile[]): TResultFile | null {
  for (const extension of ['stl', '3mf', 'obj', 'glb']) {
    const found = files.find((file) => file.extension === extension);
    if (found) return found;
  }
  return null;
}

/** A download name: the tool and job id, with the file's own extension. */
export function downloadName(job: Pick<TAiJob, 'id' | 'kind'>, file: TResultFile, index: number) {
  const suffix = index > 0 ? `-${index + 1}` : '';
  return `layerline-${job.kind.replace(/_/g, '-')}-${job.id}${suffix}.${file.extension || 'bin'}`;
}

/** The params a job is started with: the options the tool shows, its fixed ones and the input. */
export function jobParams(input: {
  tool: TTool;
  options: Record<string, unknown>;
  imageUrl: string | null;
  text: string;
  style: string;
  ratio: string;
  count: number;
}): Record<string, unknown> {
  const { tool } = input;
  const params: Record<string, unknown> = { ...tool.fixed };
  for (const field of tool.fields) {
    const value = input.options[field.name];
    if (value === undefined || value === null || value === '') continue;
    params[field.name] = value;
  }
  Object.assign(params, tool.fixed);
  if (tool.input.image === 'required' && input.imageUrl) params.imageUrl = input.imageUrl;
  const text = input.text.trim();
  if (tool.input.text === 'text') params.text = text;
  else if (tool.input.text !== 'none' && text) params.prompt = text;
  if (tool.input.styleRatioCount) {
    if (input.style && input.style !== 'none') params.style = input.style;
    params.ratio = input.ratio;
    params.count = input.count;
  }
  return params;
}
