/**
 * The lock-screen and headset controls (src/features/player/mediaSession.ts). jsdom has no Media
 * Session, so the browser's object is stood in for by a recorder with the same surface; the media
 * element is jsdom's own, its playing state driven through its events.
 */
import { attachMediaSession, SESSION_SEEK_SECONDS } from '../../src/features/player';

type Handler = ((details: MediaSessionActionDetails) => void) | null;

class FakeMetadata {
  title: string;
  artist: string;
  artwork: Array<{ src: string }>;
  constructor(init: { title: string; artist: string; artwork: Array<{ src: string }> }) {
    this.title = init.title;
    this.artist = init.artist;
    this.artwork = init.artwork;
  }
}

function fakeSession() {
  const handlers = new Map<string, Handler>();
  const positions: MediaPositionState[] = [];
  const session = {
    metadata: null as FakeMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler(action: string, handler: Handler) {
      // As older browsers do for actions they lack.
      if (action === 'seekto') throw new TypeError('not supported');
      if (handler) handlers.set(action, handler);
      else handlers.delete(action);
    },
    setPositionState(state: MediaPositionState) {
      positions.push(state);
    },
  };
  return { session, handlers, positions };
}

/** A video element whose duration, time and paused state the test sets. */
function mediaElement(duration = 120) {
  const media = document.createElement('video');
  let paused = true;
  let time = 0;
  Object.defineProperty(media, 'duration', { get: () => duration });
  Object.defineProperty(media, 'paused', { get: () => paused });
  Object.defineProperty(media, 'currentTime', { get: () => time, set: (value: number) => (time = value) });
  media.play = jest.fn(async () => {
    paused = false;
    media.dispatchEvent(new Event('play'));
  });
  media.pause = jest.fn(() => {
    paused = true;
    media.dispatchEvent(new Event('pause'));
  });
  return media;
}

describe('attachMediaSession', () => {
  let fake: ReturnType<typeof fakeSession>;

  beforeEach(() => {
    fake = fakeSession();
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: fake.session });
    Object.defineProperty(globalThis, 'MediaMetadata', { configurable: true, value: FakeMetadata });
  });

  afterEach(() => {
    delete (navigator as { mediaSession?: unknown }).mediaSession;
    delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
  });

  it('claims the session when the video plays: title, uploader, absolute artwork, and the controls', async () => {
    const media = mediaElement();
    const next = jest.fn();
    attachMediaSession(media, { title: 'Sunset walk', artist: 'ana', artwork: '/media/poster.jpg', onNext: next });
    // Nothing before play: another player on the page may hold the session.
    expect(fake.session.metadata).toBeNull();
    expect(fake.handlers.size).toBe(0);

    await media.play();
    expect(fake.session.metadata).toEqual({ title: 'Sunset walk', artist: 'ana', artwork: [{ src: 'http://localhost/media/poster.jpg' }] });
    expect(fake.session.playbackState).toBe('playing');
    // 'seekto' threw (unsupported here): the others are wired all the same.
    expect([...fake.handlers.keys()].sort()).toEqual(['nexttrack', 'pause', 'play', 'seekbackward', 'seekforward']);
    expect(fake.positions.at(-1)).toEqual({ duration: 120, position: 0, playbackRate: 1 });

    fake.handlers.get('pause')!({ action: 'pause' });
    expect(media.pause).toHaveBeenCalled();
    expect(fake.session.playbackState).toBe('paused');
    fake.handlers.get('play')!({ action: 'play' });
    expect(media.play).toHaveBeenCalledTimes(2);

    fake.handlers.get('seekforward')!({ action: 'seekforward' });
    expect(media.currentTime).toBe(SESSION_SEEK_SECONDS);
    fake.handlers.get('seekforward')!({ action: 'seekforward', seekOffset: 500 });
    // Never past the end, nor before the start.
    expect(media.currentTime).toBe(120);
    fake.handlers.get('seekbackward')!({ action: 'seekbackward', seekOffset: 1000 });
    expect(media.currentTime).toBe(0);

    fake.handlers.get('nexttrack')!({ action: 'nexttrack' });
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('offers no "next" without a next video, and gives the session back on detach', async () => {
    const media = mediaElement();
    const detach = attachMediaSession(media, { title: 'Alone' });
    await media.play();
    expect(fake.handlers.has('nexttrack')).toBe(false);
    expect(fake.session.metadata?.artist).toBe('');
    detach();
    expect({ metadata: fake.session.metadata, state: fake.session.playbackState, handlers: fake.handlers.size }).toEqual({
      metadata: null,
      state: 'none',
      handlers: 0,
    });
  });

  it('leaves the session alone on detach when this player never played (another one may hold it)', () => {
    fake.session.metadata = new FakeMetadata({ title: 'The other player', artist: '', artwork: [] });
    const detach = attachMediaSession(mediaElement(), { title: 'Never played' });
    detach();
    expect(fake.session.metadata?.title).toBe('The other player');
  });

  it('does nothing where the browser has no Media Session', () => {
    delete (navigator as { mediaSession?: unknown }).mediaSession;
    const media = mediaElement();
    const detach = attachMediaSession(media, { title: 'Anywhere' });
    expect(() => media.dispatchEvent(new Event('play'))).not.toThrow();
    expect(() => detach()).not.toThrow();
  });
});
