import { useCallback, useEffect, useRef, useState } from 'react';

import {
  findPreviousUpload,
  ResumableUpload,
  type StartUploadOptions,
  type StoredUpload,
  type UploadPhase,
  type UploadSnapshot,
} from './resumableUpload';

const FINAL: readonly UploadPhase[] = ['done', 'failed', 'cancelled'];

/**
 * One resumable upload at a time, as React state. `start` resolves with the final snapshot
 * (done, failed or cancelled); leaving the page stops sending without terminating, so the upload
 * can be resumed later.
 */
export function useResumableUpload() {
  const current = useRef<ResumableUpload | null>(null);
  const [snapshot, setSnapshot] = useState<UploadSnapshot | null>(null);

  useEffect(() => () => current.current?.dispose(), []);

  const start = useCallback(
    (options: Omit<StartUploadOptions, 'onChange'>) =>
      new Promise<UploadSnapshot>((resolve) => {
        current.current?.dispose();
        const upload = new ResumableUpload({
          ...options,
          onChange: (next) => {
            setSnapshot(next);
            if (FINAL.includes(next.phase)) {
              if (current.current === upload) current.current = null;
              resolve(next);
            }
          },
        });
        current.current = upload;
        setSnapshot(upload.state);
        void upload.start();
      }),
    [],
  );

  return {
    snapshot,
    start,
    pause: useCallback(() => current.current?.pause(), []),
    resume: useCallback(() => current.current?.resume(), []),
    cancel: useCallback(() => void current.current?.cancel(), []),
    clear: useCallback(() => setSnapshot(null), []),
  };
}

/** The stored unfinished upload of the picked file (same user and target), looked up when the file changes. */
export function usePreviousUpload(file: File | null, userId: string | undefined, replaces?: string) {
  const [found, setFound] = useState<{ file: File; stored: StoredUpload } | null>(null);
  useEffect(() => {
    let live = true;
    if (!file || !userId) return undefined;
    findPreviousUpload(file, userId, replaces)
      .then((stored) => {
        if (live) setFound((was) => (stored ? { file, stored } : was === null ? was : null));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [file, userId, replaces]);
  const previous = found && found.file === file ? found.stored : null;
  return { previous, forget: useCallback(() => setFound(null), []) };
}
