import {
  DESIGN_FILE_EXTENSIONS,
  LIMITS,
  type TUploadKind,
  UPLOAD_RULES,
} from '@layerline/contract';
import type { TCatalog } from '../../../i18n/locales/en';

export type TPublishErrorKey = keyof TCatalog['publish']['errors'];

/** The publish form's upload kinds (DESIGN 3 upload kinds). */
export type TWorkUploadKind = Extract<TUploadKind, 'design' | 'cover' | 'instruction'>;

/** What each picker offers; the server still decides by content. */
export const ACCEPT: Record<TWorkUploadKind, string> = {
  design: DESIGN_FILE_EXTENSIONS.join(','),
  cover: UPLOAD_RULES.cover.accept.join(','),
  instruction: UPLOAD_RULES.instruction.accept.join(','),
};

/** How many files each list holds (SPEC 5: file and cover counts are limited). */
export const MAX_FILES: Record<TWorkUploadKind, number> = {
  design: LIMITS.projectFilesPerWork,
  cover: LIMITS.coversPerWork,
  instruction: 1,
};

/** The message when a list is full; the PDF is replaced instead. */
export const TOO_MANY: Record<TWorkUploadKind, TPublishErrorKey | null> = {
  design: 'projectFilesTooMany',
  cover: 'coversTooMany',
  instruction: null,
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

const isPdf = (file: Pick<File, 'name' | 'type'>) =>
  file.type === 'application/pdf' || (!file.type && extensionOf(file.name) === '.pdf');

/**
 * Checks made before anything is sent: SPEC 5/9 covers are images of at most
 * 10MB, instructions a PDF; design files one of the contract's formats. The
 * limits are the contract's. Returns the message key, or null.
 */
export function checkWorkFile(
  kind: TWorkUploadKind,
  file: Pick<File, 'name' | 'type' | 'size'>,
): TPublishErrorKey | null {
  switch (kind) {
    case 'cover':
      if (!UPLOAD_RULES.cover.accept.includes(file.type)) return 'uploadImageType';
      return file.size > LIMITS.coverMaxBytes ? 'coverTooLarge' : null;
    case 'instruction':
      if (!isPdf(file)) return 'uploadPdfOnly';
      return file.size > LIMITS.instructionMaxBytes ? 'pdfTooLarge' : null;
    case 'design':
      if (!(DESIGN_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
        return 'uploadDesignType';
      }
      return file.size > LIMITS.designFileMaxBytes ? 'designTooLarge' : null;
  }
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1.5 MB style sizes; the units read the same in both languages. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/**
 * Which chosen files may start uploading: each must pass `checkWorkFile` and
 * fit the list's room (the PDF replaces the current one). `problem` is the
 * first refusal, shown beside the picker.
 */
export function screenFiles(
  kind: TWorkUploadKind,
  currentCount: number,
  files: readonly File[],
): { accepted: File[]; problem: TPublishErrorKey | null } {
  const room = kind === 'instruction' ? 1 : MAX_FILES[kind] - currentCount;
  const accepted: File[] = [];
  let problem: TPublishErrorKey | null = null;
  for (const file of files) {
    const refusal = checkWorkFile(kind, file) ?? (accepted.length >= room ? TOO_MANY[kind] : null);
    if (refusal) problem ??= refusal;
    else if (accepted.length < room) accepted.push(file);
  }
  return { accepted, problem };
}
