import type { TUploadResult } from '@layerline/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isCancel } from '../../../lib/api';
import { type TUploadCallOptions, uploadWorkFile } from '../publish-api';
import type { TWorkUploadKind } from './upload-rules';

export type TUploadStatus = 'uploading' | 'done' | 'error';

/** One file of a list: a saved one (edit mode, finished upload) or one on its way. */
export type TUploadItem = {
  uid: string;
  filename: string;
  size: number;
  status: TUploadStatus;
  /** 0-100 while uploading. */
  percent: number;
  /** The stored file's address once uploaded. */
  url: string;
  /** Covers: the server's thumbnail, else a local preview while uploading. */
  thumbnail: string;
  /** Why the upload failed (the server's or the client's localised message). */
  error: string;
};

export type TUploadList = {
  items: TUploadItem[];
  isUploading: boolean;
  add: (files: readonly File[]) => void;
  /** Cancels a running upload or drops a file from the list. */
  remove: (uid: string) => void;
  move: (uid: string, offset: number) => void;
  /** Stops what is still running and puts `items` in the list's place. */
  reset: (items: TUploadItem[]) => void;
};

/** Sends one file and answers where it was stored. */
export type TUploader = (file: File, options: TUploadCallOptions) => Promise<TUploadResult>;

let counter = 0;
const nextUid = () => {
  counter += 1;
  return `upload-${counter}`;
};

/** A saved file as a finished list entry (edit mode prefill). */
export function savedItem(url: string, filename: string, size = 0): TUploadItem {
  return {
    uid: nextUid(),
    filename,
    size,
    status: 'done',
    percent: 100,
    url,
    thumbnail: url,
    error: '',
  };
}

const localPreview = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

const dropPreview = (thumbnail: string) => {
  if (thumbnail.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(thumbnail);
  }
};

/** Kinds whose files are pictures, previewed locally while they upload. */
const PICTURE_KINDS: ReadonlySet<TListUploadKind> = new Set(['cover', 'post', 'feedback']);

/**
 * The publish form's kinds, community post images (ADR 0013) and feedback
 * pictures, which use the same list.
 */
export type TListUploadKind = TWorkUploadKind | 'post' | 'feedback';

export type TUploadListOptions = {
  /** Replace the file instead of adding (the instruction PDF). */
  single?: boolean;
  initial?: TUploadItem[];
  /** Another upload path than the publish one (feedback pictures, SPEC 7). */
  upload?: TUploader;
  /** Called with the reason when an upload fails. */
  onFailed?: (reason: string) => void;
  /** A failed upload leaves the list after this long (SPEC 4 feedback: 2 s); kept when unset. */
  dropFailedAfterMs?: number;
};

/**
 * A list of files uploaded as soon as they are chosen, each with progress,
 * cancel and remove (SPEC 4: publishing waits for running uploads).
 */
export function useUploadList(
  kind: TListUploadKind,
  { single = false, initial = [], upload, onFailed, dropFailedAfterMs }: TUploadListOptions = {},
): TUploadList {
  const [items, setItems] = useState<TUploadItem[]>(initial);
  const controllers = useRef(new Map<string, AbortController>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latest = useRef({ upload, onFailed, dropFailedAfterMs });
  latest.current = { upload, onFailed, dropFailedAfterMs };

  const patch = useCallback((uid: string, change: Partial<TUploadItem>) => {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const remove = useCallback((uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    clearTimeout(timers.current.get(uid));
    timers.current.delete(uid);
    setItems((list) => {
      const gone = list.find((item) => item.uid === uid);
      if (gone) dropPreview(gone.thumbnail);
      return list.filter((item) => item.uid !== uid);
    });
  }, []);

  const start = useCallback(
    (file: File) => {
      const uid = nextUid();
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      const preview = PICTURE_KINDS.has(kind) ? localPreview(file) : '';
      const item: TUploadItem = {
        uid,
        filename: file.name,
        size: file.size,
        status: 'uploading',
        percent: 0,
        url: '',
        thumbnail: preview,
        error: '',
      };
      setItems((list) => [...list, item]);
      const send: TUploader =
        latest.current.upload ?? ((picked, options) => uploadWorkFile(kind, picked, options));
      send(file, {
        signal: controller.signal,
        onProgress: ({ percent }) => patch(uid, { percent }),
      })
        .then((result: TUploadResult) => {
          dropPreview(preview);
          patch(uid, {
            status: 'done',
            percent: 100,
            url: result.url,
            filename: result.filename || file.name,
            size: result.size,
            thumbnail: result.thumbnail || result.url,
          });
        })
        .catch((error: unknown) => {
          // A cancelled upload has already left the list.
          if (isCancel(error)) return;
          const reason = error instanceof Error ? error.message : String(error);
          patch(uid, { status: 'error', error: reason });
          const { onFailed: failed, dropFailedAfterMs: after } = latest.current;
          failed?.(reason);
          if (after !== undefined) {
            timers.current.set(
              uid,
              setTimeout(() => remove(uid), after),
            );
          }
        })
        .finally(() => controllers.current.delete(uid));
    },
    [kind, patch, remove],
  );

  const stopAll = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
  }, []);

  const reset = useCallback(
    (next: TUploadItem[]) => {
      stopAll();
      setItems((list) => {
        for (const item of list) if (!next.includes(item)) dropPreview(item.thumbnail);
        return next;
      });
    },
    [stopAll],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (single) reset([]);
      for (const file of files) start(file);
    },
    [single, reset, start],
  );

  const move = useCallback((uid: string, offset: number) => {
    setItems((list) => {
      const from = list.findIndex((item) => item.uid === uid);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }, []);

  // Leaving the page stops what is still running.
  useEffect(() => stopAll, [stopAll]);

  const isUploading = items.some((item) => item.status === 'uploading');
  return useMemo(
    () => ({ items, isUploading, add, remove, move, reset }),
    [items, isUploading, add, remove, move, reset],
  );
}
