import type { TUploadResult } from '@layerline/contract';
import { EMPTY_VALUES, type TPublishInitial } from './publish-form';
import { savedItem } from './use-upload-list';

/**
 * What another screen hands to a new publish form: files already uploaded
 * (design and cover kinds), a title and the AI-assisted flag. Kept in
 * session storage until a publish form has shown it, then cleared.
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

/**
 * The handed-off starting point of a new work; null when there is none. It
 * only reads: a render may be thrown away and done again (a navigation is a
 * transition, and a lazy page suspends it), so the form that shows it clears
 * it once mounted (clearPublishHandoff).
 */
export function readPublishHandoff(): TPublishInitial | null {
  let value: unknown = null;
  try {
    const text = sessionStorage.getItem(KEY);
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

/** The handoff has been shown: a later new work starts empty. */
export function clearPublishHandoff(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage disabled: there was nothing to clear.
  }
}
