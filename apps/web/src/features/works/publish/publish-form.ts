import {
  APPLICATIONS,
  DIFFICULTY,
  isMessageKey,
  type TCreateWorkInput,
  type TCreateWorkRequest,
  type TMessageKey,
  type TWorkDetail,
  type TWorkSource,
  ZCreateWorkRequest,
} from '@layerline/contract';
import { savedItem, type TUploadItem } from './use-upload-list';

export type TInstructionMode = 'guide' | 'pdf';

/** The antd form's own fields; files live in their upload lists. */
export type TPublishValues = {
  title: string;
  summary: string;
  source: TWorkSource;
  source_url: string;
  software: string;
  machine_ids: number[];
  apply_dev: number[];
  use_material: string[];
  level: number | undefined;
  categories: number[];
  tags: string[];
  is_ai_assisted: boolean;
  instructionMode: TInstructionMode;
  /** The rich-text guide as HTML, '' when empty. */
  attachment: string;
};

export type TPublishUploads = {
  files: readonly TUploadItem[];
  covers: readonly TUploadItem[];
  instruction: readonly TUploadItem[];
};

/** A field of the request; `path[0]` of the contract's issues. */
export type TWorkField = keyof TCreateWorkInput;

/** SPEC 3 application values 1-5 with their catalog names. */
export const APPLICATION_OPTIONS = Object.entries(APPLICATIONS).map(([value, name]) => ({
  value: Number(value),
  name,
}));

/** SPEC 3 difficulty 0-2 with their catalog names. */
export const LEVEL_OPTIONS = Object.entries(DIFFICULTY).map(([value, name]) => ({
  value: Number(value),
  name,
}));

export const EMPTY_VALUES: TPublishValues = {
  title: '',
  summary: '',
  source: 'original',
  source_url: '',
  software: '',
  machine_ids: [],
  apply_dev: [],
  use_material: [],
  level: undefined,
  categories: [],
  tags: [],
  is_ai_assisted: false,
  instructionMode: 'guide',
  attachment: '',
};

/** Finished uploads; with `running`, also those on their way (for the rules' counts). */
const uploaded = (items: readonly TUploadItem[], running = false) =>
  items
    .filter(
      (item) => (item.status === 'done' && item.url) || (running && item.status === 'uploading'),
    )
    .map((item) => (item.url ? item : { ...item, url: `/pending/${item.uid}` }));

/**
 * The request as the contract reads it: finished uploads only (publishing
 * waits for running ones, SPEC 4), one kind of instructions (SPEC 3: a PDF
 * or a rich-text guide), scenarios in their SPEC order. `withRunning` counts
 * running uploads too, so a file on its way is not reported as missing.
 */
export function toPayload(
  values: TPublishValues,
  uploads: TPublishUploads,
  { withRunning = false } = {},
): TCreateWorkInput {
  const done = (items: readonly TUploadItem[]) => uploaded(items, withRunning);
  const pdf = values.instructionMode === 'pdf' ? done(uploads.instruction)[0] : undefined;
  return {
    title: values.title,
    summary: values.summary,
    cover: done(uploads.covers).map((item) => item.url),
    project_file: done(uploads.files).map((item) => ({
      url: item.url,
      filename: item.filename,
    })),
    source: values.source,
    source_url: values.source === 'remix' ? values.source_url : '',
    software: values.software,
    machine_ids: values.machine_ids,
    apply_dev: [...values.apply_dev].sort((a, b) => a - b),
    use_material: values.use_material,
    level: values.level as number,
    categories: values.categories,
    tags: values.tags,
    instruction: pdf ? { url: pdf.url, filename: pdf.filename } : null,
    attachment: values.instructionMode === 'guide' ? values.attachment : '',
    is_ai_assisted: values.is_ai_assisted,
  };
}

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * SPEC 3: a remix names its original by an http(s) link. The contract checks
 * this only once every other field is valid, so the form asks here as well
 * (same rule, same message keys) to show it next to the other problems.
 */
function sourceProblem(input: TCreateWorkInput): TMessageKey | null {
  const link = String(input.source_url ?? '').trim();
  if (input.source === 'remix' && !link) return 'sourceUrlRequired';
  if (link && !isHttpUrl(link)) return 'sourceUrlInvalid';
  return null;
}

/** The first problem of each field by the contract's rules, as message keys. */
export function fieldProblems(input: TCreateWorkInput): Map<TWorkField, TMessageKey | null> {
  const problems = new Map<TWorkField, TMessageKey | null>();
  const result = ZCreateWorkRequest.safeParse(input);
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as TWorkField | undefined;
    if (field && !problems.has(field)) {
      problems.set(field, isMessageKey(issue.message) ? issue.message : null);
    }
  }
  const source = sourceProblem(input);
  if (source && !problems.has('source_url')) problems.set('source_url', source);
  return problems;
}

/** The request exactly as the contract normalises it (trimmed, defaults), or null. */
export function parsePayload(input: TCreateWorkInput): TCreateWorkRequest | null {
  const result = ZCreateWorkRequest.safeParse(input);
  return result.success ? result.data : null;
}

export type TPublishInitial = {
  values: TPublishValues;
  files: TUploadItem[];
  covers: TUploadItem[];
  instruction: TUploadItem[];
};

/** The saved work as the form's starting point (edit mode, ?productId). */
export function fromDetail(work: TWorkDetail): TPublishInitial {
  return {
    values: {
      title: work.title,
      summary: work.summary,
      source: work.source,
      source_url: work.source_url,
      software: work.software,
      machine_ids: work.machine_ids,
      apply_dev: work.apply_dev,
      use_material: work.use_material,
      level: work.level,
      categories: work.categories.map((category) => category.id),
      tags: work.tags,
      is_ai_assisted: work.is_ai_assisted,
      instructionMode: work.instruction ? 'pdf' : 'guide',
      attachment: work.attachment,
    },
    files: work.project_file.map((file) => savedItem(file.url, file.filename, file.size)),
    covers: work.cover.map((url) => savedItem(url, url.split('/').pop() || url)),
    instruction: work.instruction
      ? [savedItem(work.instruction.url, work.instruction.filename, work.instruction.size)]
      : [],
  };
}
