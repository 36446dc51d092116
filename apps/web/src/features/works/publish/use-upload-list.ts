import type { TUploadResult } from '@layerline/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isCancel } from '../../../lib/api';
import { uploadWorkFile } from '../publish-api';
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
  reset: (items: TUploadItem[]) => void;
};

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

/**
 * A list of files uploaded as soon as they are chosen, each with progress,
 * cancel and remove (SPEC 4: publishing waits for running uploads). `single`
 * replaces the file instead of adding (the instruction PDF).
 */
export function useUploadList(
  kind: TWorkUploadKind,
  { single = false, initial = [] }: { single?: boolean; initial?: TUploadItem[] } = {},
): TUploadList {
  const [items, setItems] = useState<TUploadItem[]>(initial);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((uid: string, change: Partial<TUploadItem>) => {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (file: File) => {
      const uid = nextUid();
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      const preview = kind === 'cover' ? localPreview(file) : '';
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
      uploadWorkFile(kind, file, {
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
          patch(uid, {
            status: 'error',
            error: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => controllers.current.delete(uid));
    },
    [kind, patch],
  );

  const remove = useCallback((uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    setItems((list) => {
      const gone = list.find((item) => item.uid === uid);
      if (gone) dropPreview(gone.thumbnail);
      return list.filter((item) => item.uid !== uid);
    });
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      if (single) {
        for (const controller of controllers.current.values()) controller.abort();
        controllers.current.clear();
        setItems([]);
      }
      for (const file of files) start(file);
    },
    [single, start],
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

  const reset = useCallback((next: TUploadItem[]) => setItems(next), []);

  // Leaving the page stops what is still running.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const isUploading = items.some((item) => item.status === 'uploading');
  return useMemo(
    () => ({ items, isUploading, add, remove, move, reset }),
    [items, isUploading, add, remove, move, reset],
  );
}
