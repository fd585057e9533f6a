import { http, HttpResponse } from 'msw';

import { server } from '../support/msw-server';

/** One upload the mock tus server holds. */
export interface MockUpload {
  id: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
  headers: Record<string, string>;
}

type PatchHook = (upload: MockUpload, request: Request, index: number) => Promise<Response | void> | Response | void;

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };

function parseMetadata(header: string | null): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

/**
 * A tus 1.0 server in MSW handlers, as /v0/api/uploads answers: OPTIONS → Tus-Version; POST →
 * 201 + Location; HEAD → Upload-Offset; PATCH → 204 + the new Upload-Offset (the completing one
 * also Video-Id); DELETE → 204. `onPatch` may hold a PATCH (a gate), fail it or answer instead.
 * `log` records every request (`POST`, `HEAD <id>`, `PATCH <id> <offset>+<bytes>`, `DELETE <id>`).
 */
export function mockTusServer({ videoId = 'tus-video-1', onPatch }: { videoId?: string; onPatch?: PatchHook } = {}) {
  const uploads = new Map<string, MockUpload>();
  const log: string[] = [];
  let patches = 0;
  let created = 0;
  const state = { onPatch, createAnswer: undefined as (() => Response) | undefined };

  server.use(
    http.options('*/v0/api/uploads', () =>
      new HttpResponse(null, {
        status: 204,
        headers: { ...TUS_HEADERS, 'Tus-Version': '1.0.0', 'Tus-Extension': 'creation,termination,expiration' },
      }),
    ),
    http.post('*/v0/api/uploads', ({ request }) => {
      log.push('POST');
      if (state.createAnswer) return state.createAnswer();
      created += 1;
      const id = `u42-${String(created).padStart(32, '0')}`;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => (headers[key] = value));
      uploads.set(id, {
        id,
        length: Number(request.headers.get('Upload-Length')),
        offset: 0,
        metadata: parseMetadata(request.headers.get('Upload-Metadata')),
        headers,
      });
      return new HttpResponse(null, { status: 201, headers: { ...TUS_HEADERS, Location: `/v0/api/uploads/${id}` } });
    }),
    http.head('*/v0/api/uploads/:id', ({ params }) => {
      const upload = uploads.get(String(params.id));
      log.push(`HEAD ${String(params.id)}`);
      if (!upload) return new HttpResponse(null, { status: 404, headers: TUS_HEADERS });
      return new HttpResponse(null, {
        status: 200,
        headers: {
          ...TUS_HEADERS,
          'Upload-Offset': String(upload.offset),
          'Upload-Length': String(upload.length),
          'Cache-Control': 'no-store',
        },
      });
    }),
    http.patch('*/v0/api/uploads/:id', async ({ request, params }) => {
      const upload = uploads.get(String(params.id));
      const offset = Number(request.headers.get('Upload-Offset'));
      const index = patches++;
      if (!upload) return new HttpResponse(null, { status: 404, headers: TUS_HEADERS });
      const answer = await state.onPatch?.(upload, request, index);
      if (answer) {
        log.push(`PATCH ${upload.id} ${offset} refused`);
        return answer;
      }
      if (offset !== upload.offset) return new HttpResponse(null, { status: 409, headers: TUS_HEADERS });
      const bytes = (await request.arrayBuffer()).byteLength;
      log.push(`PATCH ${upload.id} ${offset}+${bytes}`);
      upload.offset += bytes;
      const done = upload.offset === upload.length;
      return new HttpResponse(null, {
        status: 204,
        headers: { ...TUS_HEADERS, 'Upload-Offset': String(upload.offset), ...(done ? { 'Video-Id': videoId } : {}) },
      });
    }),
    http.delete('*/v0/api/uploads/:id', ({ params }) => {
      log.push(`DELETE ${String(params.id)}`);
      uploads.delete(String(params.id));
      return new HttpResponse(null, { status: 204, headers: TUS_HEADERS });
    }),
  );

  return {
    uploads,
    log,
    /** Changes what PATCHes do from now on. */
    setOnPatch(hook?: PatchHook) {
      state.onPatch = hook;
    },
    /** Answers creation with this instead (a refusal). */
    refuseCreation(answer: () => Response) {
      state.createAnswer = answer;
    },
  };
}
