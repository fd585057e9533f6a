import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import type { UploadVideoResponse, Visibility } from '../../api/types';
import { API_BASE_URL } from '../../config/runtime';

/** What the upload form sends (POST /movies/upload, multipart). */
export interface UploadVideoArgs {
  title: string;
  description: string;
  visibility: Visibility;
  movieFile: File;
  thumbnailFile: File;
  /**
   * Called with a whole percent (0–100) as the request body goes out. It travels only in the
   * thunk's argument (action `meta.arg`, which the serializability check ignores); RTK Query
   * keeps no mutation arguments in the store, so nothing non-serializable lands in state.
   */
  onProgress?: (percent: number) => void;
}

/** Upload limits stated on the page, checked before sending. */
export const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

export const UPLOAD_URL = `${API_BASE_URL}/movies/upload`;

/** Makes the XMLHttpRequest the upload uses; tests swap in a fake that fires progress events. */
export type XhrFactory = () => XMLHttpRequest;

const browserXhr: XhrFactory = () => new XMLHttpRequest();
let createXhr: XhrFactory = browserXhr;

/** For tests: use `factory` for the next uploads; call without an argument to restore the real one. */
export function setXhrFactory(factory?: XhrFactory): void {
  createXhr = factory ?? browserXhr;
}

/** The error an aborted upload (the page was left) settles with; nobody shows it. */
export const UPLOAD_ABORTED = 'AbortError';

type UploadResult = { data: UploadVideoResponse; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Success is status 200 with a message (and not `success: false`). */
function isUploadSuccess(status: number, body: unknown): body is UploadVideoResponse {
  if (status !== 200 || !body || typeof body !== 'object') return false;
  const { message, success } = body as Partial<UploadVideoResponse>;
  return typeof message === 'string' && message.trim() !== '' && success !== false;
}

/**
 * Posts the upload with XMLHttpRequest, which (unlike fetch) reports upload progress. Sends the
 * session cookie and the UI language; aborts when `signal` does. Always resolves, in RTK Query's
 * `{ data } | { error }` form, with errors shaped like fetchBaseQuery's: `{ status, data }` when
 * the server answered, `FETCH_ERROR` when it could not be reached.
 */
export function sendUpload(
  { title, description, visibility, movieFile, thumbnailFile, onProgress }: UploadVideoArgs,
  { signal, locale }: { signal: AbortSignal; locale?: string },
): Promise<UploadResult> {
  const aborted: UploadResult = { error: { status: 'CUSTOM_ERROR', error: UPLOAD_ABORTED } };
  if (signal.aborted) return Promise.resolve(aborted);

  return new Promise<UploadResult>((resolve) => {
    const xhr = createXhr();
    let settled = false;
    const settle = (result: UploadResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      resolve(result);
    };
    const abort = () => {
      xhr.abort();
      settle(aborted);
    };

    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (locale) xhr.setRequestHeader('Accept-Language', locale);

    let lastPercent = -1;
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (!event.lengthComputable || !(event.total > 0)) return;
      const percent = Math.max(0, Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      if (percent === lastPercent) return;
      lastPercent = percent;
      onProgress?.(percent);
    };
    xhr.onload = () => {
      const body = parseBody(typeof xhr.responseText === 'string' ? xhr.responseText : '');
      if (isUploadSuccess(xhr.status, body)) settle({ data: body });
      else settle({ error: { status: xhr.status, data: body } });
    };
    xhr.onerror = () => settle({ error: { status: 'FETCH_ERROR', error: 'Network error' } });
    xhr.ontimeout = () => settle({ error: { status: 'TIMEOUT_ERROR', error: 'Timed out' } });
    xhr.onabort = () => settle(aborted);
    signal.addEventListener('abort', abort);

    try {
      const form = new FormData();
      form.append('title', title);
      form.append('description', description);
      form.append('visibility', visibility);
      form.append('movieFile', movieFile, movieFile.name);
      form.append('thumbnailFile', thumbnailFile, thumbnailFile.name);
      xhr.send(form);
    } catch (failure) {
      // The request could not even be built or sent: no answer, as for a network failure.
      settle({ error: { status: 'FETCH_ERROR', error: String(failure) } });
    }
  });
}
