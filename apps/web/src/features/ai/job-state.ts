import {
  AI_STAGES,
  type TAiJob,
  type TAiJobKind,
  type TAiJobState,
  type TAiStage,
} from '@layerline/contract';
import type { TTool } from './tool-types';

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

/** The bar never goes back within one job, and a finished job is full. */
export function displayPercent(job: Pick<TAiJob, 'state' | 'percent'>, previous = 0): number {
  if (job.state === 'succeeded') return 100;
  return Math.max(previous, Math.min(99, Math.max(0, job.percent)));
}

/** A job run by an engine on this server (`local:...`), not by a provider. */
export function isLocalEngine(job: Pick<TAiJob, 'engine'>): boolean {
  return job.engine === null || job.engine.startsWith('local:');
}

/**
 * Ours: how long a provider's job of each kind usually runs once started, in
 * ms, for the bar between two of its reports: tens of seconds for pictures
 * and minutes for image-to-3D (SPEC 4: about 1-3 minutes). Local engines need
 * none: the server paces their percent from their recent run times
 * (engines/progress-pace.ts) and publishes it as it moves.
 */
const TYPICAL_PROVIDER_MS: Partial<Record<TAiJobKind, number>> = {
  image_to_3d: 120_000,
  prompt_optimize: 8000,
};
const TYPICAL_PROVIDER_DEFAULT_MS = 30_000;

export function typicalMs(job: Pick<TAiJob, 'kind'>): number {
  return TYPICAL_PROVIDER_MS[job.kind] ?? TYPICAL_PROVIDER_DEFAULT_MS;
}

/**
 * Where a provider's next report lands at the latest: they report loading at
 * 10, saving at 90 and almost done at 97. The estimate moves toward it and
 * never past it, so the bar never claims work the server has not done, and
 * never reaches 100.
 */
const BOUNDARIES = [10, 90, 97, 99];

function nextBoundary(serverPercent: number): number {
  return BOUNDARIES.find((boundary) => boundary > serverPercent) ?? 99;
}

/**
 * The bar between two server updates of a running job: from where it stood
 * at the last update, toward the next boundary, covering about two thirds
 * of the way in the time that stretch usually takes and slowing down after.
 */
export function estimatePercent(input: {
  from: number;
  serverPercent: number;
  elapsedMs: number;
  typicalMs: number;
}): number {
  const target = nextBoundary(input.serverPercent);
  if (input.from >= target - 1) return input.from;
  const share = (target - Math.min(input.serverPercent, target)) / 100;
  const tau = Math.max(300, input.typicalMs * share);
  const fraction = 1 - Math.exp(-Math.max(0, input.elapsedMs) / tau);
  // One short of the boundary: only the server's own report crosses it.
  return Math.min(target - 1, input.from + (target - input.from) * fraction);
}

/**
 * SPEC 4 stages a job goes through: local engines load, work and save in
 * seconds (the mesh engines "generate"); only a provider's textured 3D model
 * processes a texture.
 */
export function stagesOf(job: Pick<TAiJob, 'kind' | 'engine' | 'params'>): TAiStage[] {
  if (isLocalEngine(job)) {
    return ['loading_components', 'generating_mesh', 'saving', 'completed'];
  }
  const textured = job.kind === 'image_to_3d' && job.params.texture !== false;
  return AI_STAGES.filter((stage) => stage !== 'processing_texture' || textured);
}

/**
 * Where a job stands in its own stages: a stage the list leaves out shows as
 * the one before it (a provider picture's "texture" step is its generating).
 */
export function shownStageIndex(
  job: Pick<TAiJob, 'state' | 'stage'>,
  stages: readonly TAiStage[],
): number {
  if (job.state === 'succeeded') return stages.length - 1;
  if (!job.stage) return 0;
  const order = AI_STAGES.indexOf(job.stage);
  let found = 0;
  stages.forEach((stage, index) => {
    if (AI_STAGES.indexOf(stage) <= order) found = index;
  });
  return found;
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

/** A block told under the start button (the others have a notice of their own). */
export type THintedBlock = Exclude<TStartBlock, null | 'unavailable' | 'insufficientPoints'>;

/**
 * The hint's text key: a logo's empty field is called "Logo text", so its
 * hint asks for the logo text, not a prompt.
 */
export function startHintKey(block: THintedBlock, tool: Pick<TTool, 'input'>) {
  if (block === 'missingText' && tool.input.text === 'text')
    return 'start.blocks.missingLogoText' as const;
  return `start.blocks.${block}` as const;
}

/** SPEC 4 image editing modal: what closing it does in each phase. */
export type TCloseDecision = 'blocked' | 'confirmDiscard' | 'close';

export function closeDecision(phase: 'idle' | 'running' | 'done' | 'failed'): TCloseDecision {
  if (phase === 'running') return 'blocked';
  if (phase === 'done') return 'confirmDiscard';
  return 'close';
}

/**
 * ADR 0051: the server answers the owner's AI files as signed, short-lived
 * addresses (a query on the stored URL, or an object store's presigned one),
 * renewed in every answer. The stored address without its signature tells
 * whether two addresses name the same file.
 */
export function storedAddress(url: string): string {
  return url.split(/[?#]/)[0] ?? url;
}

export function isSameFile(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && storedAddress(a) === storedAddress(b);
}

/** The file's name in its address, without the signature. */
export function fileNameOf(url: string): string {
  return storedAddress(url).split('/').pop() || url;
}

/**
 * How often a shown job is read again, so its signed addresses (10 to 20
 * minutes, ADR 0009 and 0051) always hold for a download or a publish.
 */
export const FRESH_ADDRESSES_MS = 5 * 60_000;

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
    // The prompt's style is the only one a generator gets (image-to-image's
    // own style option only chose generation over its local styles).
    if (input.style && input.style !== 'none') params.style = input.style;
    else delete params.style;
    params.ratio = input.ratio;
    params.count = input.count;
  }
  return params;
}
