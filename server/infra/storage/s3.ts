/**
 * The Storage interface (infra/storage/storage.ts) on an S3 bucket, through the AWS SDK v3. Selected
 * by S3_BUCKET (infra/storage/open.ts); the SDK reads credentials, region and endpoint from
 * its standard variables itself (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION,
 * AWS_ENDPOINT_URL_S3, profiles, instance roles…); S3_FORCE_PATH_STYLE=true for servers that
 * have no per-bucket host names (MinIO, Ceph, s3rver…).
 *
 * Keys are the storage keys themselves (`videos/…`, `thumbnails/…`, `renditions/…`), checked
 * against the same strict patterns as on disk before any request is made.
 *
 * - Writes stream through @aws-sdk/lib-storage's Upload: at most `queueSize` parts of `partSize`
 *   bytes are held in memory, never a whole file. beginWrite's stream feeds an Upload whose body
 *   is only ended by commit(), so the object appears (PutObject for a small file,
 *   CompleteMultipartUpload for a large one) exactly at commit and whole; abort() fails the body,
 *   and the Upload then aborts its multipart upload: nothing is left under the key.
 * - Reads are GetObject with the HTTP Range passed through; stat is HeadObject (404 → null).
 * - deletePrefix lists with ListObjectsV2 and removes each page (up to 1000 keys) with
 *   DeleteObjects, listing again from the start until nothing is left (no continuation state to
 *   lose); listChildren lists with Delimiter "/" through the SDK's paginator.
 * - move / movePrefix (media generations): S3 has no rename, so each object is copied
 *   server-side (CopyObject: no bytes pass through the app) and deleted afterwards; a copy whose
 *   source is gone counts as moved already (another mover, or a run before a crash, did it).
 *   CopyObject takes objects up to 5 GB, far above what uploads and renditions are today.
 * - sweepIncompleteWrites aborts multipart uploads (ListMultipartUploads) of our keys older than
 *   the given age — leftovers of a process killed mid-upload. Servers that do not implement
 *   ListMultipartUploads (s3rver) answer 501 and nothing is swept; on AWS a bucket lifecycle rule
 *   (AbortIncompleteMultipartUpload) does the same job without us.
 */
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { PassThrough, Readable, Writable } from 'node:stream';

import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import { MEDIA_TYPES } from './media-types';
import { isGenerationPrefix, isStorageKey, isStoragePrefix, type ByteRange, type Storage, type StorageWrite } from './storage';

export interface S3StorageOptions {
  bucket: string;
  forcePathStyle?: boolean;
  /** Bytes per multipart part (lib-storage minimum 5 MiB; default 8 MiB). */
  partSize?: number;
  /** Parts uploaded at once per file (default 2): memory per upload ≈ (queueSize + 1) × partSize. */
  queueSize?: number;
  /**
   * Extra client settings. Production passes none: the SDK's own configuration chain applies.
   * (Tests pass nothing here either: they set the AWS_* variables like an operator would.)
   */
  client?: S3ClientConfig;
}

export interface S3Storage extends Storage {
  readonly bucket: string;
  readonly client: S3Client;
  /** HeadBucket: throws a readable error when the bucket cannot be reached with this configuration. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const DEFAULT_QUEUE_SIZE = 2;
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

const CONTENT_TYPES: Record<string, string> = {
  ...Object.fromEntries(MEDIA_TYPES.map((type) => [type.ext, type.mime])),
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  vtt: 'text/vtt; charset=utf-8',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a valid storage key: ${JSON.stringify(key)}`);
}

function checkPrefix(prefix: string): void {
  if (!isStoragePrefix(prefix)) throw new Error(`not a valid storage prefix: ${JSON.stringify(prefix)}`);
}

interface SdkError {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const { name } = (error ?? {}) as SdkError;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404;
}

function isNotImplemented(error: unknown): boolean {
  const { name, Code } = (error ?? {}) as SdkError;
  return name === 'NotImplemented' || Code === 'NotImplemented' || statusOf(error) === 501;
}

/**
 * A Readable that sends GetObject on the first read (createReadStream is synchronous) and passes
 * the body on with back-pressure. Destroying it (a client that went away) aborts the request.
 * Exactly `length` bytes are passed on: a body that ends short is an error (never a silently
 * truncated file), and a server that sends more than the range asked for (s3rver answers
 * `bytes=0-0` with the whole object) is cut at the length the HTTP response announced.
 */
class ObjectReadStream extends Readable {
  private readonly controller = new AbortController();
  private body: Readable | undefined;
  private started = false;

  constructor(private readonly open: (signal: AbortSignal) => Promise<{ body: Readable; length: number | undefined }>) {
    super();
  }

  override _read(): void {
    if (this.body) {
      this.body.resume();
      return;
    }
    if (this.started) return;
    this.started = true;
    this.open(this.controller.signal).then(
      ({ body, length }) => {
        if (this.destroyed) {
          body.destroy();
          return;
        }
        this.body = body;
        let received = 0;
        let complete = false;
        body.on('data', (chunk: Buffer) => {
          if (complete) return;
          let part = chunk;
          if (length !== undefined && received + part.length >= length) {
            part = part.subarray(0, length - received);
            complete = true;
          }
          received += part.length;
          const more = this.push(part);
          if (complete) {
            this.push(null);
            body.destroy();
          } else if (!more) body.pause();
        });
        body.once('end', () => {
          if (complete) return;
          if (length !== undefined && received !== length) {
            this.destroy(new Error(`object body ended after ${received} of ${length} bytes`));
          } else {
            this.push(null);
          }
        });
        body.once('error', (error) => this.destroy(error));
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.controller.abort();
    this.body?.destroy();
    callback(error);
  }
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;
  const queueSize = options.queueSize ?? DEFAULT_QUEUE_SIZE;
  const client = new S3Client({ forcePathStyle: options.forcePathStyle ?? false, ...options.client });

  const upload = (key: string, body: Readable) =>
    new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: contentTypeOf(key) },
      partSize,
      queueSize,
      // On any failure the multipart upload is aborted: no parts are left behind.
      leavePartsOnError: false,
    });

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (result.Errors ?? []).filter((entry) => entry.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(`could not delete ${failed.length} object(s), e.g. ${first?.Key ?? '?'}: ${first?.Code ?? ''} ${first?.Message ?? ''}`.trim());
      }
    }
  }

  /** Server-side copy; false when the source does not exist. */
  async function copy(from: string, to: string): Promise<boolean> {
    checkKey(from);
    checkKey(to);
    try {
      await client.send(
        new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  return {
    bucket,
    client,

    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const { name, message } = (error ?? {}) as SdkError;
        const status = statusOf(error);
        const reason =
          status === 404
            ? 'it does not exist'
            : status === 403 || status === 401
              ? 'access denied (check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)'
              : `${name ?? 'Error'}: ${message ?? String(error)}`;
        throw new Error(
          `S3_BUCKET "${bucket}" cannot be used: ${reason}. The AWS SDK reads AWS_REGION, AWS_ENDPOINT_URL_S3 and the credentials from the environment; self-hosted servers usually need S3_FORCE_PATH_STYLE=true.`,
          { cause: error },
        );
      }
    },

    async close() {
      client.destroy();
    },

    async beginWrite(key) {
      checkKey(key);
      // The Upload's body: ended by commit() only, so nothing is completed before commit.
      const body = new PassThrough();
      // lib-storage learns of a failed body through its reader; this keeps an error emitted
      // before that reader is attached from being an uncaught 'error' event.
      body.on('error', () => undefined);
      const uploading = upload(key, body);
      let uploadError: Error | undefined;
      let state: 'writing' | 'committed' | 'aborted' = 'writing';
      const done = uploading.done().then(
        () => undefined,
        (error: unknown) => {
          uploadError = error instanceof Error ? error : new Error(String(error));
          // The writer learns of it at once (e.g. a refused part), not only at commit.
          if (!stream.destroyed) stream.destroy(uploadError);
        },
      );

      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (uploadError) {
            callback(uploadError);
            return;
          }
          if (body.write(chunk)) {
            callback();
            return;
          }
          // Back-pressure: wait until lib-storage has taken the buffered bytes.
          const onDrain = () => {
            body.off('close', onClose);
            callback();
          };
          const onClose = () => {
            body.off('drain', onDrain);
            callback(uploadError ?? new Error('the upload stopped'));
          };
          body.once('drain', onDrain);
          body.once('close', onClose);
        },
        final(callback) {
          // Deliberately does not end `body`: see commit().
          callback(uploadError);
        },
        destroy(error, callback) {
          // Destroyed before it finished (a failed pipeline): the upload stops too, even if the
          // caller never gets to abort(). (After 'finish' the stream destroys itself: no effect.)
          if (!this.writableFinished && state === 'writing') body.destroy(error ?? new Error('the write was destroyed'));
          callback(error);
        },
      });

      const write: StorageWrite = {
        key,
        stream,
        async commit() {
          if (state !== 'writing') throw new Error(`cannot commit a write that is ${state}`);
          if (!stream.writableFinished) throw new Error('cannot commit before the stream has finished');
          state = 'committed';
          body.end();
          await done;
          if (uploadError) throw uploadError;
        },
        async abort() {
          if (state !== 'writing') return;
          state = 'aborted';
          if (!stream.destroyed) stream.destroy();
          // Failing the body makes the Upload stop and abort its multipart upload (if it had
          // started one); `done` settles once that is finished.
          body.destroy(new Error('write aborted'));
          await done;
        },
      };
      return write;
    },

    async stat(key) {
      if (!isStorageKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    createReadStream(key, range?: ByteRange) {
      checkKey(key);
      return new ObjectReadStream(async (abortSignal) => {
        const result = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
          { abortSignal },
        );
        if (!result.Body) throw new Error(`GetObject returned no body for ${key}`);
        const body = result.Body as Readable;
        if (!range) return { body, length: result.ContentLength };
        // The bytes must start where asked: a server that ignored the Range is an error.
        const start = /^bytes (\d+)-\d+\/\d+$/.exec(result.ContentRange ?? '')?.[1];
        if (start === undefined || Number(start) !== range.start) {
          body.destroy();
          throw new Error(`GetObject ${key}: asked for bytes ${range.start}-${range.end}, got ${result.ContentRange ?? 'no Content-Range'}`);
        }
        return { body, length: range.end - range.start + 1 };
      });
    },

    async delete(key) {
      checkKey(key);
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async putFile(key, localPath) {
      checkKey(key);
      // Streamed from disk in parts; the object appears whole when the upload completes.
      await upload(key, createReadStream(localPath)).done();
      await unlink(localPath).catch(() => undefined);
    },

    async deletePrefix(prefix) {
      checkPrefix(prefix);
      // Each page is deleted before the next listing, which then starts from the beginning
      // again: no continuation state, and nothing listed can be skipped.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
        const keys = (page.Contents ?? []).map((object) => object.Key).filter((key): key is string => key !== undefined);
        if (keys.length > 0) await deleteKeys(keys);
        if (!page.IsTruncated || keys.length === 0) return;
      }
    },

    async move(from, to) {
      if (!(await copy(from, to))) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
      return true;
    },

    async movePrefix(from, to) {
      if (!isGenerationPrefix(from) || !isGenerationPrefix(to)) throw new Error(`not generation prefixes: ${JSON.stringify([from, to])}`);
      let moved = 0;
      // Like deletePrefix: each page is copied, then deleted, and the listing starts again.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: from }));
        const keys = (page.Contents ?? []).map((object) => object.Key).filter((key): key is string => key !== undefined);
        for (const key of keys) {
          if (await copy(key, `${to}${key.slice(from.length)}`)) moved += 1;
        }
        if (keys.length > 0) await deleteKeys(keys);
        if (!page.IsTruncated || keys.length === 0) return moved;
      }
    },

    async listChildren(prefix) {
      checkPrefix(prefix);
      const names = new Set<string>();
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix, Delimiter: '/' })) {
        for (const common of page.CommonPrefixes ?? []) {
          const name = common.Prefix?.slice(prefix.length).replace(/\/$/, '');
          if (name) names.add(name);
        }
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          if (name) names.add(name);
        }
      }
      return [...names];
    },

    async sweepIncompleteWrites(maxAgeMs) {
      const cutoff = Date.now() - maxAgeMs;
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        let page;
        try {
          page = await client.send(
            new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
          );
        } catch (error) {
          // Not every S3-protocol server lists uploads (s3rver does not): nothing to sweep then.
          if (isNotImplemented(error)) return removed;
          throw error;
        }
        for (const entry of page.Uploads ?? []) {
          if (!entry.Key || !entry.UploadId || !isStorageKey(entry.Key)) continue;
          if (!entry.Initiated || entry.Initiated.getTime() >= cutoff) continue;
          await client
            .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: entry.Key, UploadId: entry.UploadId }))
            .catch((error: unknown) => {
              if (!isNotFound(error)) throw error;
            });
          removed += 1;
        }
        if (!page.IsTruncated) return removed;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
        if (keyMarker === undefined && uploadIdMarker === undefined) return removed;
      }
    },
  };
}
