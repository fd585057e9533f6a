import { File as NodeFile } from 'node:buffer';

import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo } from '../../src/api/types';
import { createSpeedMeter, setUploadTuning } from '../../src/features/videos/resumableUpload';
import { ProfilePage } from '../../src/features/profile/ProfilePage';
import { EditVideoPage } from '../../src/features/videos/EditVideoPage';
import { UploadPage } from '../../src/features/videos/UploadPage';
import { VideoPage } from '../../src/features/videos/VideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { mockTusServer } from './tus-fixtures';
import { LocationProbe, loggedInAs, makeSelfieVideo, otherUser, owner, serveNoPlaylists, serveVideoPage } from './videos-fixtures';

/**
 * The Upload page over tus (tus-js-client's browser build against a tus server in MSW): chunks,
 * pause and resume, automatic retries, the offline message, resumption after a reload through the
 * stored fingerprint, speed and time left, cancel; then the thumbnail and the processing stage.
 */

const CHUNK = 10 * 1024;
const LAST_MODIFIED = 1_700_000_000_000;

beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

beforeEach(() => {
  setUploadTuning({ chunkSize: CHUNK, retryDelays: [0, 0], reconnectMs: 60_000 });
  serveNoPlaylists();
});
afterEach(() => setUploadTuning());

const videoFile = (chunks = 3) =>
  new NodeFile([new Uint8Array(chunks * CHUNK)], 'clip.mp4', { type: 'video/mp4', lastModified: LAST_MODIFIED }) as unknown as File;
const imageFile = () => new NodeFile(['image-bytes'], 'thumb.png', { type: 'image/png' }) as unknown as File;

function renderUpload(locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/upload-movie" element={<UploadPage />} />
        <Route path="/selfieVideos/:id" element={<h1>Video page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/upload-movie', preloadedState: loggedInAs(owner), locale },
  );
}

/** The thumbnail route and the processing route of the new video. */
function serveAfterUpload(videoId = 'tus-video-1', processing: Record<string, unknown> = { status: 'processing', processingProgress: 0 }) {
  const thumbnails: string[] = [];
  server.use(
    http.put(`*/v0/api/videos/selfieVideos/${videoId}/thumbnail`, async ({ request }) => {
      const form = await request.formData();
      thumbnails.push((form.get('thumbnailFile') as File).name);
      return HttpResponse.json({ success: true, message: 'Thumbnail updated.', video: makeSelfieVideo(1, { _id: videoId }) });
    }),
    http.get(`*/v0/api/videos/selfieVideos/${videoId}/processing`, () =>
      HttpResponse.json({ success: true, processingError: null, hlsUrl: null, ...processing }),
    ),
  );
  return thumbnails;
}

async function fillAndSend(user: ReturnType<typeof renderUpload>['user'], file = videoFile()) {
  await user.type(screen.getByLabelText('Title'), 'My first selfie');
  await user.type(screen.getByLabelText('Description'), 'Filmed at dawn');
  await user.upload(screen.getByLabelText('Video file'), file);
  await user.upload(screen.getByLabelText('Thumbnail image'), imageFile());
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

/**
 * Holds the PATCH number `index` (0-based): it never gets an answer, like a request cut off in a
 * browser (an aborted XMLHttpRequest settles nothing). `reached` says when it has arrived.
 */
function holdPatch(index: number) {
  const reached = { now: false };
  return {
    reached,
    hook: (_upload: unknown, _request: Request, at: number): Promise<Response | undefined> | undefined => {
      if (at !== index) return undefined;
      reached.now = true;
      return new Promise<never>(() => undefined);
    },
  };
}

describe('Resumable upload (tus)', () => {
  it('sends the file in chunks with the form as Upload-Metadata, then the thumbnail; shows the success message, the link and the processing stage', async () => {
    const tus = mockTusServer();
    const thumbnails = serveAfterUpload('tus-video-1', {
      status: 'processing',
      processingProgress: 0,
      processingStage: 'queued',
      queuePosition: 3,
      etaSeconds: 200,
    });
    const { user } = renderUpload();
    await fillAndSend(user);

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    const [upload] = [...tus.uploads.values()];
    expect(upload!.metadata).toEqual({
      filename: 'clip.mp4',
      filetype: 'video/mp4',
      title: 'My first selfie',
      description: 'Filmed at dawn',
      visibility: 'public',
    });
    expect(upload!.headers['accept-language']).toBe('en');
    expect(tus.log).toEqual([
      'POST',
      `PATCH ${upload!.id} 0+${CHUNK}`,
      `PATCH ${upload!.id} ${CHUNK}+${CHUNK}`,
      `PATCH ${upload!.id} ${2 * CHUNK}+${CHUNK}`,
    ]);
    expect(thumbnails).toEqual(['thumb.png']);
    expect(screen.getByRole('link', { name: 'Watch your video' })).toHaveAttribute('href', '/selfieVideos/tus-video-1');
    // The form is ready for the next video; the upload's own bar is gone.
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();

    // What happens to the video now, live.
    const processing = await screen.findByRole('region', { name: 'Processing of your video' });
    expect(await within(processing).findByText('Waiting — 2 videos ahead — about 3 min left')).toBeInTheDocument();
    expect(within(processing).getByText('Processing… 0%')).toBeInTheDocument();
    expect(within(processing).getByRole('progressbar', { name: 'Processing progress' })).toBeInTheDocument();
    // Finished uploads are not kept for resuming.
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
  });

  it('pauses (the request stops) and resumes from the offset the server has (HEAD, then the rest)', async () => {
    const hold = holdPatch(1);
    const tus = mockTusServer({ onPatch: hold.hook });
    serveAfterUpload();
    const { user } = renderUpload();
    await fillAndSend(user);
    await waitFor(() => expect(hold.reached.now).toBe(true));
    expect(screen.getByText('Uploading… 33%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText('Paused at 33%.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();

    tus.setOnPatch(undefined);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    const id = [...tus.uploads.keys()][0]!;
    // One creation only: after the pause it asked where it was and sent the rest.
    expect(tus.log.filter((entry) => entry === 'POST')).toHaveLength(1);
    expect(tus.log.slice(-3)).toEqual([`HEAD ${id}`, `PATCH ${id} ${CHUNK}+${CHUNK}`, `PATCH ${id} ${2 * CHUNK}+${CHUNK}`]);
  });

  it('retries by itself when a chunk fails (a cut connection, then a server error)', async () => {
    const tus = mockTusServer({
      onPatch: (_upload, _request, index) => {
        if (index === 1) return HttpResponse.error();
        if (index === 2) return new HttpResponse('busy', { status: 503 });
        return undefined;
      },
    });
    serveAfterUpload();
    const { user } = renderUpload();
    await fillAndSend(user);

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    const id = [...tus.uploads.keys()][0]!;
    expect(tus.log).toEqual([
      'POST',
      `PATCH ${id} 0+${CHUNK}`,
      `PATCH ${id} ${CHUNK} refused`,
      `HEAD ${id}`,
      `PATCH ${id} ${CHUNK} refused`,
      `HEAD ${id}`,
      `PATCH ${id} ${CHUNK}+${CHUNK}`,
      `PATCH ${id} ${2 * CHUNK}+${CHUNK}`,
    ]);
  });

  it('says when the browser is offline, waits, and carries on (message gone) when it is back', async () => {
    const hold = holdPatch(1);
    const tus = mockTusServer({ onPatch: hold.hook });
    serveAfterUpload();
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    const { user } = renderUpload();
    await fillAndSend(user);
    await waitFor(() => expect(hold.reached.now).toBe(true));

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are offline. The upload will continue by itself when the connection is back.',
    );
    tus.setOnPatch(undefined);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    expect(tus.log.filter((entry) => entry.startsWith('HEAD'))).toHaveLength(1);
  });

  it('says when the server cannot be reached after the retries, in Chinese too, and carries on when the network is back', async () => {
    let broken = true;
    mockTusServer({ onPatch: (_upload, _request, index) => (index >= 1 && broken ? HttpResponse.error() : undefined) });
    serveAfterUpload();
    const { user } = renderUpload('zh');
    await user.type(screen.getByLabelText('标题'), '你好');
    await user.upload(screen.getByLabelText('视频文件'), videoFile());
    await user.upload(screen.getByLabelText('缩略图'), imageFile());
    await user.click(screen.getByRole('button', { name: '上传' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('无法连接服务器。网络恢复后上传会自动继续。');
    broken = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('视频上传成功！')).toBeInTheDocument();
    expect(screen.queryByText(/无法连接服务器/)).not.toBeInTheDocument();
  });

  it('after a reload, lists the unfinished upload and offers to resume it when the same file is chosen again; it continues without a new creation', async () => {
    const hold = holdPatch(1);
    const tus = mockTusServer({ onPatch: hold.hook });
    serveAfterUpload();
    const first = renderUpload();
    await fillAndSend(first.user);
    await waitFor(() => expect(hold.reached.now).toBe(true));
    // The page goes away (a reload, a closed browser): the upload stays resumable.
    first.unmount();
    tus.setOnPatch(undefined);

    const { user } = renderUpload();
    const unfinished = await screen.findByRole('region', { name: 'Unfinished uploads' });
    expect(within(unfinished).getByText(/clip\.mp4 — “My first selfie”, started/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Video file'), videoFile());
    await user.upload(screen.getByLabelText('Thumbnail image'), imageFile());
    await user.click(await screen.findByRole('button', { name: 'Resume the upload of clip.mp4' }));

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    const id = [...tus.uploads.keys()][0]!;
    expect(tus.log.filter((entry) => entry === 'POST')).toHaveLength(1);
    expect(tus.log.slice(-3)).toEqual([`HEAD ${id}`, `PATCH ${id} ${CHUNK}+${CHUNK}`, `PATCH ${id} ${2 * CHUNK}+${CHUNK}`]);
    expect(tus.uploads.get(id)!.metadata.title).toBe('My first selfie');
  });

  it('shows speed and time left, smoothed, from the bytes the server took', async () => {
    let clock = 0;
    setUploadTuning({ now: () => clock });
    const hold = holdPatch(3);
    mockTusServer({
      onPatch: async (upload, request, index) => {
        clock += 10_000;
        return hold.hook(upload, request, index);
      },
    });
    serveAfterUpload();
    const { user } = renderUpload();
    await fillAndSend(user, videoFile(20));
    await waitFor(() => expect(hold.reached.now).toBe(true));

    // 10 KB every 10 s: 1 kB/s; 17 chunks (170 KB) left: about 3 minutes.
    expect(await screen.findByText(/1 kB\/s · about 3 min left/)).toBeInTheDocument();
    expect(screen.getByText(/^30 kB of 200 kB/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
  });

  it('cancels: the server drops the upload and the browser forgets it', async () => {
    const hold = holdPatch(1);
    const tus = mockTusServer({ onPatch: hold.hook });
    const { user } = renderUpload();
    await fillAndSend(user);
    await waitFor(() => expect(hold.reached.now).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('The upload was cancelled.')).toBeInTheDocument();
    const id = [...tus.uploads.keys()][0] ?? tus.log.find((entry) => entry.startsWith('DELETE'))?.slice(7);
    await waitFor(() => expect(tus.log).toContain(`DELETE ${id}`));
    await waitFor(() => expect(Object.keys(window.localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]));
    // The form keeps what was entered.
    expect(screen.getByLabelText('Title')).toHaveValue('My first selfie');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('shows the server message when it refuses the upload', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const tus = mockTusServer();
    tus.refuseCreation(() => HttpResponse.json({ success: false, message: 'The title is too long.' }, { status: 400 }));
    const { user } = renderUpload();
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The title is too long.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('does not offer to resume an upload the server refused when it completed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    mockTusServer({
      onPatch: (_upload, _request, index) =>
        index === 2 ? HttpResponse.json({ success: false, message: 'The video file must be an MP4, MOV, WebM, MKV or Ogg video.' }, { status: 415 }) : undefined,
    });
    const { user } = renderUpload();
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The video file must be an MP4, MOV, WebM, MKV or Ogg video.');
    await waitFor(() => expect(Object.keys(window.localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]));
  });
});

describe('speed meter', () => {
  it('smooths the rate and ignores the time spent paused', () => {
    let now = 0;
    const meter = createSpeedMeter(() => now, 4000);
    meter.sample(0);
    now = 1000;
    meter.sample(1000);
    expect(meter.bytesPerSecond()).toBe(1000);
    // A burst moves the estimate only part of the way.
    now = 2000;
    meter.sample(5000);
    expect(meter.bytesPerSecond()).toBeGreaterThan(1000);
    expect(meter.bytesPerSecond()).toBeLessThan(4000);
    const before = meter.bytesPerSecond();
    meter.pause();
    now = 60_000;
    meter.sample(5000);
    expect(meter.bytesPerSecond()).toBe(before);
  });
});

describe('processing stage, queue and time left', () => {
  const processingVideo = (overrides: Partial<SelfieVideo> = {}) =>
    makeSelfieVideo(1, { status: 'processing', processingProgress: 0, hlsUrl: null, user: owner._id, ...overrides });

  function renderVideo(locale: 'en' | 'zh' = 'en') {
    return renderWithProviders(
      <Routes>
        <Route path="/selfieVideos/:id" element={<VideoPage />} />
      </Routes>,
      { route: '/selfieVideos/v1', preloadedState: loggedInAs(owner), locale },
    );
  }

  function serveProcessing(answers: Array<Record<string, unknown>>) {
    let polls = 0;
    server.use(
      http.get('*/v0/api/videos/selfieVideos/v1/processing', () => {
        const answer = answers[Math.min(polls, answers.length - 1)]!;
        polls += 1;
        return HttpResponse.json({ success: true, processingError: null, hlsUrl: null, ...answer });
      }),
    );
  }

  it.each([
    ['en', { processingStage: 'queued', queuePosition: 1, etaSeconds: null }, 'Waiting — next in line'],
    ['en', { processingStage: 'transcoding', processingProgress: 42, etaSeconds: 70 }, 'Transcoding… 42% — about 1 min left'],
    ['en', { processingStage: 'packaging', etaSeconds: 20 }, 'Packaging for streaming… — less than a minute left'],
    ['zh', { processingStage: 'queued', queuePosition: 3, etaSeconds: 200 }, '排队中 — 前面还有 2 个视频 — 剩余约 3 分钟'],
    ['zh', { processingStage: 'transcoding', processingProgress: 42, etaSeconds: 70 }, '正在转码… 42% — 剩余约 1 分钟'],
  ] as const)('%s: %j → "%s", with the percent and its bar', async (locale, answer, text) => {
    serveVideoPage(processingVideo());
    serveProcessing([{ status: 'processing', processingProgress: 0, ...answer }]);
    renderVideo(locale);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: locale === 'en' ? 'Processing progress' : '处理进度' })).toBeInTheDocument();
  });

  it('shows no stage line when the server sends none', async () => {
    serveVideoPage(processingVideo());
    serveProcessing([{ status: 'processing', processingProgress: 12 }]);
    renderVideo();
    expect(await screen.findByText('Processing… 12%')).toBeInTheDocument();
    expect(document.querySelector('.processing-stage')).toBeNull();
  });

  it('offers the owner "Try again" on a failed video; the retry puts it back in the queue', async () => {
    let failed = true;
    const retries: string[] = [];
    serveVideoPage(processingVideo(), {
      answer: () =>
        HttpResponse.json({
          success: true,
          video: failed
            ? processingVideo({ status: 'failed', processingError: 'The file is corrupt.' })
            : processingVideo({ processingStage: 'queued', queuePosition: 2 } as Partial<SelfieVideo>),
        }),
    });
    serveProcessing([{ status: 'processing', processingProgress: 0, processingStage: 'queued', queuePosition: 2 }]);
    server.use(
      http.post('*/v0/api/videos/selfieVideos/v1/retry', ({ request }) => {
        retries.push(request.method);
        failed = false;
        return HttpResponse.json({ success: true, message: 'Processing again.', video: processingVideo() });
      }),
    );
    const { user } = renderVideo();

    expect(await screen.findByText('Reason: The file is corrupt.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Waiting — 1 video ahead')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(retries).toEqual(['POST']);
  });

  it('shows the server message when the retry is refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serveVideoPage(processingVideo({ status: 'failed', processingError: 'Too long.' }));
    server.use(
      http.post('*/v0/api/videos/selfieVideos/v1/retry', () =>
        HttpResponse.json({ success: false, message: 'Only a failed video can be tried again.' }, { status: 409 }),
      ),
    );
    const { user } = renderVideo();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Only a failed video can be tried again.')).toBeInTheDocument();
  });
});

describe('Replace video file (edit page)', () => {
  it('sends the new file as a resumable upload with `replaces` = the video id, then follows the processing again', async () => {
    const tus = mockTusServer({ videoId: 'v1' });
    let replaced = false;
    const video = makeSelfieVideo(1, { user: owner._id, title: 'Old cut', status: 'ready' });
    serveVideoPage(video, {
      answer: () =>
        HttpResponse.json({
          success: true,
          video: replaced ? { ...video, status: 'processing', processingProgress: 5, processingStage: 'probing' } : video,
        }),
    });
    server.use(
      http.get('*/v0/api/videos/selfieVideos/v1/processing', () =>
        HttpResponse.json({ success: true, status: 'processing', processingProgress: 5, processingError: null, hlsUrl: null, processingStage: 'probing' }),
      ),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/selfieVideos/edit/:id" element={<EditVideoPage />} />
      </Routes>,
      { route: '/selfieVideos/edit/v1', preloadedState: loggedInAs(owner) },
    );
    const section = await screen.findByRole('region', { name: 'Replace video file' });
    expect(within(section).getByRole('button', { name: 'Upload the new file' })).toBeDisabled();
    await user.upload(within(section).getByLabelText('Video file'), videoFile(2));
    replaced = true;
    await user.click(within(section).getByRole('button', { name: 'Upload the new file' }));

    expect(await within(section).findByText('The new file is uploaded. The video is being processed again.')).toBeInTheDocument();
    const [upload] = [...tus.uploads.values()];
    expect(upload!.metadata).toMatchObject({ replaces: 'v1', title: 'Old cut', filename: 'clip.mp4' });
    // The page follows the new processing.
    expect(await screen.findByText('Checking the file…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toBeInTheDocument();
  });
});

describe("the owner's profile cards", () => {
  it('show the stage under the percent, and Try again on a failed video (only to the owner)', async () => {
    const failed = makeSelfieVideo(2, { title: 'Broken upload', status: 'failed', processingError: 'The file is corrupt.', user: owner._id });
    const waiting = makeSelfieVideo(1, { title: 'Waiting one', status: 'processing', processingProgress: 0, hlsUrl: null, user: owner._id });
    const retried: string[] = [];
    server.use(
      http.get('*/v0/api/users/:id', () =>
        HttpResponse.json({
          success: true,
          user: { _id: owner._id, username: owner.username, email: owner.email },
          videos: [waiting, failed],
          likedVideos: [],
        }),
      ),
      http.get('*/v0/api/videos/selfieVideos/v1/processing', () =>
        HttpResponse.json({ success: true, status: 'processing', processingProgress: 0, processingError: null, hlsUrl: null, processingStage: 'queued', queuePosition: 4 }),
      ),
      http.post('*/v0/api/videos/selfieVideos/:id/retry', ({ params }) => {
        retried.push(String(params.id));
        return HttpResponse.json({ success: true, message: 'Processing again.', video: { ...failed, status: 'processing' } });
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/profile/:id" element={<ProfilePage />} />
      </Routes>,
      { route: '/profile/u42', preloadedState: loggedInAs(owner) },
    );
    const uploaded = await screen.findByRole('region', { name: 'Uploaded Videos' });
    expect(await within(uploaded).findByText('Waiting — 3 videos ahead')).toBeInTheDocument();
    await user.click(within(uploaded).getByRole('button', { name: 'Try again: Broken upload' }));
    await waitFor(() => expect(retried).toEqual([failed._id]));
  });

  it('offer no Try again to another signed-in user', async () => {
    const failed = makeSelfieVideo(2, { title: 'Broken upload', status: 'failed', processingError: 'The file is corrupt.', user: owner._id });
    server.use(
      http.get('*/v0/api/users/:id', () =>
        HttpResponse.json({ success: true, user: { _id: owner._id, username: owner.username }, videos: [failed], likedVideos: [] }),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route path="/profile/:id" element={<ProfilePage />} />
      </Routes>,
      { route: '/profile/u42', preloadedState: loggedInAs(otherUser) },
    );
    expect(await screen.findByText('Reason: The file is corrupt.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
  });
});
