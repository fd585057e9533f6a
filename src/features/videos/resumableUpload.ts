/**
 * Resumable uploads from the browser: tus 1.0 through tus-js-client against /v0/api/uploads.
 *
 * One `ResumableUpload` per file: pause (abort without terminating), resume (HEAD, then PATCH from
 * the server's offset), cancel (DELETE: the server drops the bytes), automatic retries with
 * backoff, a wait for the network when the browser goes offline or the server cannot be reached,
 * and resumption after a reload or a browser restart (tus-js-client keeps the upload URL in
 * localStorage under a fingerprint of user, file and target; picking the same file again finds it).
 * Progress carries a smoothed speed and time left. tus-js-client is loaded when an upload starts,
 * so pages that never upload do not carry it.
 */
import type { DetailedError, HttpRequest, HttpResponse, PreviousUpload, Upload, UploadOptions } from 'tus-js-client';

import { API_BASE_URL } from '../../config/runtime';

export const TUS_PATH = `${API_BASE_URL}/uploads`;

/** Knobs tests turn: small chunks, short retry delays, a controllable clock. */
export interface UploadTuning {
  /** Bytes per PATCH: a cut connection re-sends at most this much. 8 MiB is the S3 part size. */
  chunkSize: number;
  /** Waits before each automatic retry (tus-js-client's backoff); reset after progress. */
  retryDelays: number[];
  /** After the retries, how long to wait before trying again while the server stays unreachable. */
  reconnectMs: number;
  /** Milliseconds, monotonic: for speed and time left. */
  now: () => number;
}

const DEFAULT_TUNING: UploadTuning = {
  chunkSize: 8 * 1024 * 1024,
  retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
  reconnectMs: 15_000,
  now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
};
let tuning: UploadTuning = { ...DEFAULT_TUNING };

/** For tests: override some knobs; call without an argument to restore the defaults. */
export function setUploadTuning(change?: Partial<UploadTuning>): void {
  tuning = change ? { ...tuning, ...change } : { ...DEFAULT_TUNING };
}

/** Whether the server speaks tus (OPTIONS answers Tus-Version); a server that cannot be reached counts as yes (tus waits for it). */
export async function tusAvailable(): Promise<boolean> {
  try {
    const response = await fetch(TUS_PATH, { method: 'OPTIONS', credentials: 'include' });
    return (response.headers.get('Tus-Version') ?? '').split(',').some((version) => version.trim() === '1.0.0');
  } catch {
    return true;
  }
}

/**
 * Bytes per second, smoothed exponentially over about `tauMs` so a burst or a stall of a moment
 * does not make the time left jump. Pauses are not counted as slow time.
 */
export function createSpeedMeter(now: () => number = () => tuning.now(), tauMs = 4000) {
  let lastAt: number | undefined;
  let lastBytes = 0;
  let rate: number | null = null;
  return {
    sample(bytes: number) {
      const at = now();
      if (lastAt === undefined || bytes < lastBytes) {
        lastAt = at;
        lastBytes = bytes;
        return;
      }
      const elapsed = at - lastAt;
      // Too close together to measure (many progress events arrive within a few ms).
      if (elapsed < 250) return;
      const instant = ((bytes - lastBytes) * 1000) / elapsed;
      const weight = 1 - Math.exp(-elapsed / tauMs);
      rate = rate === null ? instant : rate + weight * (instant - rate);
      lastAt = at;
      lastBytes = bytes;
    },
    /** The gap until the next sample (paused, offline) is not measured. */
    pause() {
      lastAt = undefined;
    },
    bytesPerSecond(): number | null {
      return rate;
    },
  };
}

export type UploadPhase =
  /** Creating or resuming (HEAD) before bytes flow. */
  | 'starting'
  | 'uploading'
  | 'paused'
  /** A request failed; tus-js-client tries again after a backoff. */
  | 'retrying'
  /** The browser is offline: waiting for the `online` event. */
  | 'offline'
  /** The retries are spent and the server is still unreachable: trying again every few seconds. */
  | 'unreachable'
  | 'done'
  | 'failed'
  | 'cancelled';

export interface UploadSnapshot {
  phase: UploadPhase;
  bytesSent: number;
  bytesTotal: number;
  /** Whole percent, 0–100. */
  percent: number;
  /** Smoothed; null until measured. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** Set when done: the Video-Id header of the completing PATCH. */
  videoId?: string;
  /** Set when failed: the server's message (in the request's language) and status, if it answered. */
  errorMessage?: string;
  errorStatus?: number;
}

export interface StartUploadOptions {
  file: File;
  /** Signed-in user: part of the fingerprint, so one browser's users never resume each other's uploads. */
  userId: string;
  title: string;
  description: string;
  visibility: string;
  /** A video whose file this upload replaces (Upload-Metadata `replaces`). */
  replaces?: string;
  locale?: string;
  /** A stored upload to continue (from findPreviousUpload). */
  previous?: PreviousUpload;
  onChange: (snapshot: UploadSnapshot) => void;
}

const FINGERPRINT_PREFIX = 'selfie';

/** `selfie:<user>:<replaced video or "new">:<size>:<lastModified>:<type>:<name>` */
export function uploadFingerprint(file: File, userId: string, replaces?: string): string {
  return [FINGERPRINT_PREFIX, userId, replaces || 'new', file.size, file.lastModified, file.type, file.name].join(':');
}

/** Stored uploads older than the server keeps incomplete ones (24 h by default) are not offered. */
const STORED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface StoredUpload {
  /** localStorage key (tus-js-client's urlStorageKey). */
  key: string;
  uploadUrl: string | null;
  fileName: string;
  title: string;
  size: number | null;
  createdAt: string;
  replaces?: string;
  previous: PreviousUpload;
}

async function loadTus() {
  return import('tus-js-client');
}

function toStored(previous: PreviousUpload): StoredUpload {
  const metadata = previous.metadata ?? {};
  return {
    key: previous.urlStorageKey,
    uploadUrl: previous.uploadUrl,
    fileName: metadata.filename ?? '',
    title: metadata.title ?? '',
    size: previous.size,
    createdAt: previous.creationTime,
    replaces: metadata.replaces || undefined,
    previous,
  };
}

function fresh(previous: PreviousUpload): boolean {
  const created = Date.parse(previous.creationTime);
  return previous.uploadUrl !== null && (!Number.isFinite(created) || Date.now() - created < STORED_UPLOAD_MAX_AGE_MS);
}

/** This user's unfinished uploads kept in this browser (newest first); stale entries are dropped. */
export async function listStoredUploads(userId: string): Promise<StoredUpload[]> {
  const { defaultOptions } = await loadTus();
  const storage = defaultOptions.urlStorage;
  const all = await storage.findAllUploads().catch(() => [] as PreviousUpload[]);
  const mine = all.filter((entry) => entry.urlStorageKey.startsWith(`tus::${FINGERPRINT_PREFIX}:${userId}:`));
  const kept: StoredUpload[] = [];
  for (const entry of mine) {
    if (fresh(entry)) kept.push(toStored(entry));
    else await storage.removeUpload(entry.urlStorageKey).catch(() => undefined);
  }
  return kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The stored unfinished upload of this very file (same user, name, size, date, target), if any. */
export async function findPreviousUpload(file: File, userId: string, replaces?: string): Promise<StoredUpload | null> {
  const { defaultOptions } = await loadTus();
  const found = await defaultOptions.urlStorage
    .findUploadsByFingerprint(uploadFingerprint(file, userId, replaces))
    .catch(() => [] as PreviousUpload[]);
  const usable = found.filter(fresh).sort((a, b) => b.creationTime.localeCompare(a.creationTime));
  return usable[0] ? toStored(usable[0]) : null;
}

/** Gives up a stored upload: DELETE on the server (its bytes go) and the browser forgets it. */
export async function discardStoredUpload(stored: StoredUpload, locale?: string): Promise<void> {
  const { Upload: TusUpload, defaultOptions } = await loadTus();
  if (stored.uploadUrl) {
    await TusUpload.terminate(stored.uploadUrl, {
      headers: locale ? { 'Accept-Language': locale } : {},
      onBeforeRequest: withCredentials,
      retryDelays: [],
    }).catch(() => undefined);
  }
  await defaultOptions.urlStorage.removeUpload(stored.key).catch(() => undefined);
}

function withCredentials(request: HttpRequest) {
  const xhr = request.getUnderlyingObject() as XMLHttpRequest | undefined;
  if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
}

/** The `{ message }` of a JSON error body, if it has one. */
function messageOf(response: HttpResponse | null | undefined): string | undefined {
  const text = response?.getBody();
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  } catch {
    return undefined;
  }
}

function statusOf(error: unknown): number {
  return (error as Partial<DetailedError> | null)?.originalResponse?.getStatus() ?? 0;
}

/** Worth another try: no answer at all, a server error, a lock held (409/423) or too many requests. */
function transient(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * One file's resumable upload. `start()` begins (or continues `previous`); `pause()`, `resume()`
 * and `cancel()` drive it; every change is reported through `onChange`. `dispose()` stops it
 * without terminating (leaving the page keeps the upload resumable).
 */
export class ResumableUpload {
  private upload: Upload | null = null;
  private readonly meter = createSpeedMeter();
  private snapshot: UploadSnapshot;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly options: StartUploadOptions) {
    this.snapshot = {
      phase: 'starting',
      bytesSent: 0,
      bytesTotal: options.file.size,
      percent: 0,
      bytesPerSecond: null,
      secondsLeft: null,
    };
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.handleOffline);
      window.addEventListener('online', this.handleOnline);
    }
  }

  get state(): UploadSnapshot {
    return this.snapshot;
  }

  private set(change: Partial<UploadSnapshot>) {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...change };
    this.options.onChange(this.snapshot);
  }

  async start(): Promise<void> {
    const { Upload: TusUpload } = await loadTus();
    if (this.disposed) return;
    const { file, userId, title, description, visibility, replaces, locale, previous } = this.options;
    const metadata: Record<string, string> = {
      filename: file.name,
      filetype: file.type || 'application/octet-stream',
      title,
      description,
      visibility,
      ...(replaces ? { replaces } : {}),
    };
    const endpoint = typeof window !== 'undefined' ? new URL(TUS_PATH, window.location.href).href : TUS_PATH;
    const options: UploadOptions = {
      endpoint,
      chunkSize: tuning.chunkSize,
      retryDelays: tuning.retryDelays,
      metadata,
      headers: locale ? { 'Accept-Language': locale } : {},
      fingerprint: async (picked: File) => uploadFingerprint(picked, userId, replaces),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: withCredentials,
      onShouldRetry: (error) => {
        const status = statusOf(error);
        if (!transient(status) || !online()) return false;
        this.meter.pause();
        this.set({ phase: 'retrying' });
        return true;
      },
      onProgress: (sent, total) => this.progress(sent, total),
      onSuccess: ({ lastResponse }) => {
        this.clearReconnect();
        const videoId = lastResponse.getHeader('Video-Id') || undefined;
        this.set({ phase: 'done', bytesSent: this.snapshot.bytesTotal, percent: 100, secondsLeft: 0, videoId });
        this.detach();
      },
      onError: (error) => this.failed(error),
    };
    this.upload = new TusUpload(file, options);
    if (previous) this.upload.resumeFromPreviousUpload(previous);
    if (!online()) {
      // Nothing can be sent now: begin once the browser is back online.
      this.set({ phase: 'offline' });
      return;
    }
    this.upload.start();
  }

  private progress(sent: number, total: number) {
    // A byte count after a pause or a cut means the link is back.
    if (this.snapshot.phase === 'paused' || this.snapshot.phase === 'cancelled' || this.snapshot.phase === 'done') return;
    this.meter.sample(sent);
    const rate = this.meter.bytesPerSecond();
    const left = Math.max(0, total - sent);
    this.set({
      phase: 'uploading',
      bytesSent: sent,
      bytesTotal: total,
      percent: total > 0 ? Math.max(0, Math.min(100, Math.floor((sent / total) * 100))) : 0,
      bytesPerSecond: rate,
      secondsLeft: rate && rate > 0 ? left / rate : null,
    });
  }

  private failed(error: unknown) {
    const status = statusOf(error);
    if (transient(status) && status < 400) {
      // No answer (or a server error) after every retry: the network is gone, or the server is.
      this.meter.pause();
      if (!online()) {
        this.set({ phase: 'offline' });
        return;
      }
      this.set({ phase: 'unreachable' });
      this.scheduleReconnect();
      return;
    }
    if (transient(status)) {
      this.set({ phase: 'unreachable' });
      this.scheduleReconnect();
      return;
    }
    const response = (error as Partial<DetailedError> | null)?.originalResponse;
    this.set({ phase: 'failed', errorStatus: status || undefined, errorMessage: messageOf(response) });
    this.detach();
    // A refused upload is not offered for resuming (the server has dropped it).
    void this.forgetStored();
  }

  private async forgetStored() {
    const { file, userId, replaces } = this.options;
    const { defaultOptions } = await loadTus();
    const storage = defaultOptions.urlStorage;
    const entries = await storage.findUploadsByFingerprint(uploadFingerprint(file, userId, replaces)).catch(() => [] as PreviousUpload[]);
    await Promise.all(entries.map((entry) => storage.removeUpload(entry.urlStorageKey).catch(() => undefined)));
  }

  private scheduleReconnect() {
    this.clearReconnect();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.snapshot.phase === 'unreachable' && online()) this.upload?.start();
    }, tuning.reconnectMs);
  }

  private clearReconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private readonly handleOffline = () => {
    const { phase } = this.snapshot;
    if (phase !== 'starting' && phase !== 'uploading' && phase !== 'retrying' && phase !== 'unreachable') return;
    // Stop the request that cannot finish; the bytes the server has are kept.
    this.clearReconnect();
    this.meter.pause();
    void this.upload?.abort(false);
    this.set({ phase: 'offline' });
  };

  private readonly handleOnline = () => {
    if (this.snapshot.phase !== 'offline' && this.snapshot.phase !== 'unreachable') return;
    this.clearReconnect();
    this.set({ phase: this.snapshot.bytesSent > 0 ? 'uploading' : 'starting' });
    this.upload?.start();
  };

  pause() {
    const { phase } = this.snapshot;
    if (phase === 'done' || phase === 'failed' || phase === 'cancelled' || phase === 'paused') return;
    this.clearReconnect();
    this.meter.pause();
    void this.upload?.abort(false);
    this.set({ phase: 'paused' });
  }

  resume() {
    if (this.snapshot.phase !== 'paused') return;
    if (!online()) {
      this.set({ phase: 'offline' });
      return;
    }
    this.set({ phase: this.snapshot.bytesSent > 0 ? 'uploading' : 'starting' });
    this.upload?.start();
  }

  /** Stops and terminates: the server removes the bytes and the browser forgets the upload. */
  async cancel(): Promise<void> {
    this.clearReconnect();
    this.set({ phase: 'cancelled' });
    this.detach();
    await this.upload?.abort(true).catch(() => undefined);
  }

  private detach() {
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.handleOffline);
      window.removeEventListener('online', this.handleOnline);
    }
  }

  /** Stops sending without terminating (the upload stays resumable) and reports nothing more. */
  dispose() {
    this.clearReconnect();
    this.detach();
    const { phase } = this.snapshot;
    if (phase !== 'done' && phase !== 'failed' && phase !== 'cancelled') void this.upload?.abort(false);
    this.disposed = true;
  }
}
