import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { useLocation } from 'react-router-dom';

import type { SelfieVideo, User } from '../../src/api/types';
import { server } from '../support/msw-server';

/** Self-shot videos test data in the server's exact shape (contract: toPublicVideo). */
export const owner: User = { _id: 'u42', username: 'alice', email: 'alice@example.com', verified: true, walletAddress: null, role: 'user' };
export const otherUser: User = { _id: 'u7', username: 'bob', email: 'bob@example.com', verified: true, walletAddress: null, role: 'user' };

export function makeSelfieVideo(n: number, overrides: Partial<SelfieVideo> = {}): SelfieVideo {
  const id = `v${n}`;
  return {
    _id: id,
    movieId: `m${n}`,
    title: `Selfie number ${n}`,
    description: `About selfie ${n}`,
    visibility: 'public',
    views: 100 + n,
    cdnUrl: `/media/videos/${id}.mp4`,
    thumbnailCdnUrl: `/media/thumbnails/${id}.jpg`,
    user: owner._id,
    username: owner.username,
    createdAt: '2024-03-05T14:30:00.000Z',
    updatedAt: '2024-03-06T09:00:00.000Z',
    status: 'ready',
    processingProgress: 100,
    processingError: null,
    processingErrorCode: null,
    processingStage: 'done',
    queuePosition: null,
    etaSeconds: null,
    duration: 65,
    width: 1280,
    height: 720,
    hlsUrl: null,
    posterUrl: null,
    thumbnailSources: [],
    progressiveSources: [],
    audioHlsUrl: null,
    hasAudio: null,
    storyboardUrl: null,
    chapters: [],
    resumeAt: null,
    qualities: 0,
    captions: [],
    ...overrides,
  };
}

/** Auth state for a logged-in user (the start-up check has answered). */
export const loggedInAs = (user: User) => ({ auth: { isLoggedIn: true, user, loading: false } });
/** Auth state for a visitor (the start-up check has answered). */
export const visitor = { auth: { isLoggedIn: false, user: null, loading: false } };

/** Shows the router's current path (and search). */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** Every request the app made (method, path and query), in order. */
export function recordRequests(): string[] {
  const log: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    log.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.events.on('request:start', listener);
  afterEachCleanup.push(() => server.events.removeListener('request:start', listener));
  return log;
}

const afterEachCleanup: Array<() => void> = [];
// Every suite importing these fixtures: listeners removed and spies (console, confirm…) restored.
afterEach(() => {
  while (afterEachCleanup.length) afterEachCleanup.pop()!();
  jest.restoreAllMocks();
});

type Answer = (request: Request) => Response | Promise<Response>;

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

/** Answers GET /videos/selfieVideos/:id with `video` (or `answer`), and the likes and comments the page also asks for. */
export function serveVideoPage(
  video: SelfieVideo,
  {
    answer,
    likes = { likes: 3, likedByUser: false },
  }: { answer?: Answer; likes?: { likes: number; likedByUser: boolean } | Answer } = {},
) {
  server.use(
    http.get(`*/v0/api/videos/selfieVideos/${video._id}`, ({ request }) =>
      // As the server answers one video: with the uploader's subscriber count (lists have none).
      answer ? answer(request) : json({ success: true, video: { subscriberCount: 0, subscribed: false, ...video } }),
    ),
    http.get(`*/v0/api/videos/selfieVideos/${video._id}/likes`, ({ request }) =>
      typeof likes === 'function' ? likes(request) : json(likes),
    ),
    http.get(`*/v0/api/comments/${video._id}`, () => json({ comments: [] })),
    // Related videos below the player (docs/sharing.md): none unless a test says otherwise.
    http.get(`*/v0/api/videos/selfieVideos/${video._id}/related`, () => json({ success: true, videos: [] })),
  );
}

/** A profile page's playlists section: none (tests of other parts of the profile). */
export function serveNoPlaylists() {
  server.use(http.get('*/v0/api/playlists', () => json({ success: true, playlists: [] })));
}

/** The header bell of a signed-in viewer: nothing unread (tests of other parts of the page). */
export function serveNoUnreadNotifications() {
  server.use(http.get('*/v0/api/notifications/unread', () => json({ success: true, unread: 0 })));
}

/** Lets `ms` of real time pass with React updates flushed (to see that nothing else happens). */
export async function pause(ms = 50) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** A promise the test resolves when it wants a held response to go out. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * A stand-in XMLHttpRequest for the upload: records what is sent and lets the test fire upload
 * progress events and the answer (MSW cannot emit upload progress in jsdom).
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** Fires an upload progress event of `loaded` out of `total` bytes. */
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    });
  }

  /** Answers with `status` and a JSON (or raw text) body. */
  async respond(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
      this.onload?.();
    });
  }

  /** The network failed. */
  async fail() {
    await act(async () => {
      this.onerror?.();
    });
  }

  /** The upload sent last, once it has been sent (the mutation starts it a tick after the click). */
  static async sent(count = 1): Promise<FakeXhr> {
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(count));
    return FakeXhr.instances[count - 1]!;
  }
}
