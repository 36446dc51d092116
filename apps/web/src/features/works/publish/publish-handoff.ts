import type { TUploadResult } from '@layerline/contract';
import { EMPTY_VALUES, type TPublishInitial } from './publish-form';
import { savedItem } from './use-upload-list';

/**
 * What another screen hands to a new publish form: files already uploaded
 * (design and cover kinds), a title and the AI-assisted flag. Kept in
 * session storage, so a reload of /publish still finds it, and taken once.
 */
export type TPublishHandoff = {
  title: string;
  files: TUploadResult[];
  covers: TUploadResult[];
  isAiAssisted: boolean;
};

const KEY = 'publishHandoff';

export function handOffToPublish(handoff: TPublishHandoff): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(handoff));
  } catch {
    // Storage full or disabled: the form opens empty.
  }
}

function isHandoff(value: unknown): value is TPublishHandoff {
  const candidate = value as Partial<TPublishHandoff> | null;
  return (
    typeof candidate?.title === 'string' &&
    Array.isArray(candidate.files) &&
    Array.isArray(candidate.covers) &&
    typeof candidate.isAiAssisted === 'boolean'
  );
}

/** The handed-off starting point of a new work, once; null when there is none. */
export function takePublishHandoff(): TPublishInitial | null {
  let value: unknown = null;
  try {
    const text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    value = text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
  if (!isHandoff(value)) return null;
  return {
    values: { ...EMPTY_VALUES, title: value.title, is_ai_assisted: value.isAiAssisted },
    files: value.files.map((file) => savedItem(file.url, file.filename, file.size)),
    covers: value.covers.map((file) => savedItem(file.url, file.filename, file.size)),
    instruction: [],
  };
}
