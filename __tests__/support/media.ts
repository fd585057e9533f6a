/**
 * Helpers for the upload, video and media suites: multipart bodies built by hand (so tests
 * control part order, declared types, and can cut a body short), the tiny media fixtures, and
 * a look at what the storage directory holds.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import type { LightMyRequestResponse } from 'fastify';

import type { AppInstance } from '../../server/app';
import type { Visibility } from '../../server/infra/db/schema';
import {
  receiveFile,
  saveVideo,
  thumbnailFileRule,
  videoFileRule,
  type ReceivedFile,
  type VideoWithOwner,
} from '../../server/domains/media/uploads/uploads';
import { inspectUpload, type MediaInfo } from '../../server/domains/media/probe';
import { syncMediaGenerationNow } from '../../server/domains/media/generations/rotate';
import type { LocalWrite } from '../../server/domains/media/spool';

const FIXTURES = path.join(__dirname, '..', 'fixtures');

/** Real media: 1-second 160×90 clips and 160×90 images (see __tests__/fixtures/README.md). */
export const fixtures = {
  mp4: readFileSync(path.join(FIXTURES, 'tiny.mp4')),
  webm: readFileSync(path.join(FIXTURES, 'tiny.webm')),
  png: readFileSync(path.join(FIXTURES, 'tiny.png')),
  jpg: readFileSync(path.join(FIXTURES, 'tiny.jpg')),
};

export interface FieldPart {
  name: string;
  value: string;
}

export interface FilePart {
  name: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

export type Part = FieldPart | FilePart;

export interface MultipartBody {
  body: Buffer;
  contentType: string;
}

/** A multipart/form-data body with the parts in the given order. */
export function multipart(parts: Part[]): MultipartBody {
  const boundary = `----jest${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadForm {
  /** null leaves the field out. */
  title?: string | null;
  description?: string;
  visibility?: string;
  video?: FilePart | null;
  thumbnail?: FilePart | null;
}

export function videoPart(data: Buffer = fixtures.mp4, filename = 'clip.mp4', contentType = 'video/mp4'): FilePart {
  return { name: 'movieFile', filename, contentType, data };
}

export function thumbnailPart(data: Buffer = fixtures.png, filename = 'thumb.png', contentType = 'image/png'): FilePart {
  return { name: 'thumbnailFile', filename, contentType, data };
}

/** The SPA's form: fields first, then the files; `null` leaves a file out, undefined uses a fixture. */
export function uploadParts(form: UploadForm = {}): Part[] {
  const parts: Part[] = [];
  if (form.title !== null) parts.push({ name: 'title', value: form.title ?? 'My clip' });
  if (form.description !== undefined) parts.push({ name: 'description', value: form.description });
  if (form.visibility !== undefined) parts.push({ name: 'visibility', value: form.visibility });
  const video = form.video === undefined ? videoPart() : form.video;
  const thumbnail = form.thumbnail === undefined ? thumbnailPart() : form.thumbnail;
  if (video) parts.push(video);
  if (thumbnail) parts.push(thumbnail);
  return parts;
}

export function postUpload(app: AppInstance, cookie: string | undefined, body: MultipartBody | Part[]): Promise<LightMyRequestResponse> {
  const { body: payload, contentType } = Array.isArray(body) ? multipart(body) : body;
  return app.inject({
    method: 'POST',
    url: '/v0/api/movies/upload',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** Every file under `dir`, hidden ones (temporary writes) included, relative and sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export interface TestVideoFields {
  /**
   * 'ready' (default): stored like an upload, then marked ready without renditions — like videos
   * uploaded before the media pipeline, which play their original. 'processing': left queued.
   */
  status?: 'ready' | 'processing';
  title?: string;
  description?: string;
  visibility?: Visibility;
  createdAt?: Date;
  video?: Buffer;
  thumbnail?: Buffer;
}

/**
 * What inspectUpload says of each fixture, asked once per suite: the same bytes always inspect
 * the same, and three ffmpeg/ffprobe starts per made video were most of the time of the suites
 * that make many videos (videos-api: 60 s, 25 s without them).
 * The upload and media suites, which test inspection itself, go through the real routes.
 */
const inspectionOf = new WeakMap<Buffer, Promise<MediaInfo>>();
function inspectFixture(data: Buffer, file: string): Promise<MediaInfo> {
  let info = inspectionOf.get(data);
  if (!info) {
    info = inspectUpload(file);
    inspectionOf.set(data, info);
    info.catch(() => inspectionOf.delete(data));
  }
  return info;
}

/** A video stored the way uploads store it (services, not HTTP): files in storage and its row. */
export async function createTestVideo(app: AppInstance, userId: string, fields: TestVideoFields = {}): Promise<VideoWithOwner> {
  const receive = async (data: Buffer, rule: Parameters<typeof receiveFile>[2]): Promise<ReceivedFile<LocalWrite>> => {
    const file = await receiveFile(app.media.spool, Readable.from([data]), rule);
    if (!file) throw new Error('empty test file');
    return file;
  };
  const videoBytes = fields.video ?? fixtures.mp4;
  const video = await receive(videoBytes, videoFileRule(Number.MAX_SAFE_INTEGER));
  const saved = await saveVideo(app.db, app.storage, app.media.queue, {
    userId,
    title: fields.title ?? 'Test video',
    description: fields.description ?? '',
    visibility: fields.visibility ?? 'public',
    video,
    thumbnail: await receive(fields.thumbnail ?? fixtures.png, thumbnailFileRule(Number.MAX_SAFE_INTEGER)),
    info: await inspectFixture(videoBytes, video.write.path),
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  });
  if ((fields.status ?? 'ready') === 'processing') {
    app.media.queue.notify();
    return saved;
  }
  await app.db.deleteFrom('media_jobs').where('video_id', '=', saved.id).execute();
  await app.db.updateTable('videos').set({ status: 'ready', processing_progress: 100 }).where('id', '=', saved.id).execute();
  // As the pipeline does once a video is ready: record who its media keys are handed to.
  await syncMediaGenerationNow(app.db, saved.id);
  const ready = await app.db.selectFrom('videos').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
  return { ...ready, username: saved.username };
}
