/**
 * The one player engine (src/features/player/engine.ts, docs/player.md) on jsdom's own <video>,
 * its playing state stood in for, hls.js replaced by a recorder of the wrapper's surface
 * (`startHls`): which engine plays, the fallbacks in order, a play pressed before hls.js is there,
 * the cap following the box, a video with only HLS or only an MP4, and that destroy leaves nothing
 * behind.
 */
import { AUTO, createVideoEngine, type EngineOptions } from '../../src/features/player';

import { fakeHls, flush, makeVideo } from './player-fixtures';


const LADDER = [
  { index: 0, width: 426, height: 240, bitrate: 290_000 },
  { index: 1, width: 640, height: 360, bitrate: 505_000 },
  { index: 2, width: 854, height: 480, bitrate: 744_000 },
  { index: 3, width: 1280, height: 720, bitrate: 1_650_000 },
];

function sized(width: number, height: number): DOMRect {
  return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) } as DOMRect;
}

const SOURCES = { hls: '/media/v/hls/master.m3u8', mp4: '/media/v/video.mp4' };
const MSE = { mediaSource: true, nativeHls: false };
const NATIVE = { mediaSource: false, nativeHls: true };
const NEITHER = { mediaSource: false, nativeHls: false };

function start(options: EngineOptions, hls = fakeHls()) {
  const media = makeVideo();
  const engine = createVideoEngine(media.video, { loadHls: hls.load, ...options });
  return { ...media, hls, engine };
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('engine choice', () => {
  it('plays HLS through hls.js where Media Source Extensions exist, native HLS where not, the MP4 last', async () => {
    const viaHlsJs = start({ ...SOURCES, support: { ...MSE, nativeHls: true } });
    expect(viaHlsJs.engine.state().engine).toBe('starting');
    await flush();
    expect(viaHlsJs.hls.startHls).toHaveBeenCalledWith(viaHlsJs.video, SOURCES.hls, expect.anything(), expect.anything());
    expect(viaHlsJs.engine.state().engine).toBe('hlsjs');
    expect(viaHlsJs.video).not.toHaveAttribute('src');

    const native = start({ ...SOURCES, support: NATIVE });
    expect(native.engine.state().engine).toBe('native');
    expect(native.video).toHaveAttribute('src', SOURCES.hls);
    expect(native.hls.load).not.toHaveBeenCalled();

    const mp4 = start({ ...SOURCES, support: NEITHER });
    expect(mp4.engine.state().engine).toBe('mp4');
    expect(mp4.video).toHaveAttribute('src', SOURCES.mp4);
    expect(mp4.hls.load).not.toHaveBeenCalled();
  });

  it('reads native HLS renditions where asked, and switches quality by loading the variant from where it was', async () => {
    const levels = [
      { id: 0, width: 1280, height: 720, bitrate: 2_800_000, url: 'http://localhost/media/v/hls/720/index.m3u8' },
      { id: 1, width: 640, height: 360, bitrate: 800_000, url: 'http://localhost/media/v/hls/360/index.m3u8' },
    ];
    const { engine, video, loaded, play } = start({ ...SOURCES, support: NATIVE, nativeLevels: () => Promise.resolve(levels) });
    await flush();
    expect(engine.state().levels).toEqual(levels);
    loaded();
    engine.play();
    video.currentTime = 12;
    engine.setLevel(1);
    expect(engine.state().choice).toBe(1);
    expect(video).toHaveAttribute('src', levels[1]!.url);
    loaded();
    expect(video.currentTime).toBe(12);
    expect(play.mock.calls.length).toBeGreaterThanOrEqual(2);
    engine.setLevel(AUTO);
    expect(video).toHaveAttribute('src', SOURCES.hls);
  });
});

describe('fallbacks', () => {
  it('goes hls.js → native HLS → MP4 → "failed", in that order, and Retry starts over, playing', async () => {
    const { engine, hls, video, fail, play } = start({ ...SOURCES, support: { ...MSE, nativeHls: true } });
    await flush();
    hls.sessions[0]!.callbacks.onFatal('manifestLoadError');
    expect(engine.state().engine).toBe('native');
    expect(video).toHaveAttribute('src', SOURCES.hls);
    fail();
    expect(engine.state().engine).toBe('mp4');
    expect(video).toHaveAttribute('src', SOURCES.mp4);
    expect(engine.state().failed).toBe(false);
    fail();
    expect(engine.state().failed).toBe(true);

    engine.retry();
    expect(engine.state()).toMatchObject({ engine: 'starting', failed: false });
    // hls.js attaches its own media source: the MP4 was taken off.
    expect(video).not.toHaveAttribute('src');
    await flush();
    expect(engine.state().engine).toBe('hlsjs');
    expect(hls.sessions).toHaveLength(2);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('falls back when the hls.js chunk cannot load or hls.js cannot run here', async () => {
    const broken = fakeHls();
    broken.load.mockRejectedValueOnce(new Error('chunk failed'));
    const { engine, video } = start({ ...SOURCES, support: MSE }, broken);
    await flush();
    expect(engine.state().engine).toBe('mp4');
    expect(video).toHaveAttribute('src', SOURCES.mp4);

    const unsupported = start({ ...SOURCES, support: { ...MSE, nativeHls: true } }, fakeHls(false));
    await flush();
    expect(unsupported.engine.state().engine).toBe('native');
  });

  it('a play after the last failure retries instead of pressing a dead button', async () => {
    const { engine, fail, load, play } = start({ mp4: SOURCES.mp4, support: MSE });
    fail();
    expect(engine.state().failed).toBe(true);
    engine.play();
    expect(engine.state().failed).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledTimes(1);
  });
});

describe('missing sources', () => {
  it('HLS missing: the MP4 plays, hls.js is never loaded', async () => {
    const { engine, hls, video } = start({ hls: null, mp4: SOURCES.mp4, support: MSE });
    await flush();
    expect(engine.state().engine).toBe('mp4');
    expect(video).toHaveAttribute('src', SOURCES.mp4);
    expect(hls.load).not.toHaveBeenCalled();
  });

  it('MP4 missing: HLS plays; when it fails there is nothing to fall back on, and the state says so', async () => {
    const withMse = start({ hls: SOURCES.hls, mp4: '', support: MSE });
    await flush();
    expect(withMse.engine.state().engine).toBe('hlsjs');
    withMse.hls.sessions[0]!.callbacks.onFatal('networkError');
    expect(withMse.engine.state().failed).toBe(true);
    expect(withMse.video).not.toHaveAttribute('src');

    const native = start({ hls: SOURCES.hls, support: NATIVE });
    expect(native.video).toHaveAttribute('src', SOURCES.hls);
    native.fail();
    expect(native.engine.state().failed).toBe(true);

    expect(start({ hls: SOURCES.hls, support: NEITHER }).engine.state().failed).toBe(true);
  });
});

describe('a play before the engine is ready', () => {
  it('is remembered and honoured once, when hls.js is attached', async () => {
    const hls = fakeHls();
    const arrive = hls.hold();
    const { engine, play } = start({ ...SOURCES, support: MSE }, hls);
    engine.play();
    engine.play();
    await flush();
    expect(play).not.toHaveBeenCalled();
    expect(engine.state().engine).toBe('starting');
    arrive();
    await flush();
    expect(engine.state().engine).toBe('hlsjs');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('a tap on the native controls (a `play` event) counts too; a pause before ready cancels it', async () => {
    const hls = fakeHls();
    const arrive = hls.hold();
    const { engine, video, play } = start({ ...SOURCES, support: MSE }, hls);
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('pause'));
    arrive();
    await flush();
    expect(engine.state().engine).toBe('hlsjs');
    expect(play).not.toHaveBeenCalled();
  });

  it('a seek or start time before the media is loaded applies once its metadata is', () => {
    const { engine, video, loaded, play, hls } = start({ mp4: SOURCES.mp4, startAt: 30, support: NEITHER });
    expect(hls.load).not.toHaveBeenCalled();
    loaded();
    expect(video.currentTime).toBe(30);
    video.currentTime = 0;
    loaded();
    // Once only.
    expect(video.currentTime).toBe(0);
    engine.seekTo(45, true);
    expect(video.currentTime).toBe(45);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('hls.js starts loading where the start time says', async () => {
    const { hls } = start({ ...SOURCES, startAt: 12, support: MSE });
    await flush();
    expect(hls.sessions[0]!.options.startPosition()).toBe(12);
  });
});

describe('the rendition cap', () => {
  it('is answered when the levels are known, and follows resizes, fullscreen and back', async () => {
    const box = document.createElement('div');
    document.body.append(box);
    const rect = jest.spyOn(box, 'getBoundingClientRect').mockReturnValue(sized(960, 540));
    const { engine, hls } = start({ ...SOURCES, support: MSE, capBox: () => box });
    await flush();
    const session = hls.sessions[0]!;
    // 960×540 at DPR 1: 720p at most, 480p would be upscaled (the start level is chosen under it, in hlsEngine).
    expect(session.callbacks.onLevels(LADDER)).toBe(3);
    expect(engine.state().levels.map((level) => level.height)).toEqual([240, 360, 480, 720]);

    rect.mockReturnValue(sized(412, 232));
    window.dispatchEvent(new Event('resize'));
    expect(session.setCap).toHaveBeenLastCalledWith(0);

    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => box });
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(session.setCap).toHaveBeenLastCalledWith(-1);
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => null });
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(session.setCap).toHaveBeenLastCalledWith(0);

    // Twice the device pixels: 464 px tall, so 480p (the smallest rung at or above it).
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
    window.dispatchEvent(new Event('resize'));
    expect(session.setCap).toHaveBeenLastCalledWith(2);
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
    delete (document as { fullscreenElement?: unknown }).fullscreenElement;

    // A rung the viewer picks goes to hls.js as it is (it ignores the cap).
    engine.setLevel(3);
    expect(session.setLevel).toHaveBeenLastCalledWith(3);
  });
});

describe('the stall watch', () => {
  it('says so after waiting too long while playing, and clears when playback moves again', async () => {
    const { engine, video, play } = start({ mp4: SOURCES.mp4, support: NEITHER, stallMs: 20 });
    video.dispatchEvent(new Event('waiting'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Paused: waiting is not a stall.
    expect(engine.state().stalled).toBe(false);
    engine.play();
    expect(play).toHaveBeenCalledTimes(1);
    video.dispatchEvent(new Event('waiting'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(engine.state().stalled).toBe(true);
    video.dispatchEvent(new Event('timeupdate'));
    expect(engine.state().stalled).toBe(false);
  });
});

describe('destroy', () => {
  it('removes every listener it added and stops hls.js', async () => {
    const added = new Map<EventTarget, string[]>();
    const removed = new Map<EventTarget, string[]>();
    const record = (map: Map<EventTarget, string[]>) =>
      function (this: EventTarget, type: string) {
        map.set(this, [...(map.get(this) ?? []), type]);
      };
    const media = makeVideo();
    for (const target of [media.video, window, document]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      jest.spyOn(target, 'addEventListener').mockImplementation(function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
        record(added).call(target, type);
        if (listener) add(type, listener, options);
      });
      jest.spyOn(target, 'removeEventListener').mockImplementation(function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
        record(removed).call(target, type);
        if (listener) remove(type, listener, options);
      });
    }
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, support: MSE, loadHls: hls.load });
    await flush();
    const session = hls.sessions[0]!;
    const changes = jest.fn();
    engine.subscribe(changes);
    engine.destroy();
    expect(session.destroy).toHaveBeenCalled();
    for (const target of [media.video, window, document]) {
      expect([...(removed.get(target) ?? [])].sort()).toEqual([...(added.get(target) ?? [])].sort());
    }
    media.fail();
    window.dispatchEvent(new Event('resize'));
    expect(session.setCap).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();
  });

  it('drops an hls.js that arrives after it', async () => {
    const hls = fakeHls();
    const arrive = hls.hold();
    const { engine } = start({ ...SOURCES, support: MSE }, hls);
    engine.destroy();
    arrive();
    await flush();
    expect(hls.startHls).not.toHaveBeenCalled();
  });
});

describe('a video started before the engine arrived', () => {
  /** The server-rendered element, its MP4 as source, already started with the browser's own controls. */
  function startedNatively() {
    const media = makeVideo();
    media.video.setAttribute('src', SOURCES.mp4);
    void media.video.play();
    media.loaded();
    media.video.currentTime = 3.2;
    return media;
  }

  it('is adopted as it plays: no restart, no second source, hls.js not even loaded', async () => {
    const media = startedNatively();
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: MSE });
    await flush();
    expect(engine.state().engine).toBe('mp4');
    expect(media.video.getAttribute('src')).toBe(SOURCES.mp4);
    expect(media.video.currentTime).toBe(3.2);
    expect(media.load).not.toHaveBeenCalled();
    expect(hls.load).not.toHaveBeenCalled();
    expect(media.video.paused).toBe(false);
    engine.destroy();
  });

  it('hands over to hls.js at the next seek, from the position sought, and plays on', async () => {
    const media = startedNatively();
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: MSE });
    engine.seekTo(20);
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(1);
    expect(media.video.hasAttribute('src')).toBe(false);
    expect(hls.sessions[0]!.options.startPosition()).toBe(20);
    expect(engine.state().engine).toBe('hlsjs');
    // The pause the source change causes is not the viewer's: it plays on once attached.
    expect(media.play.mock.calls.length).toBeGreaterThanOrEqual(2);
    // One hand-over: later seeks stay with hls.js.
    engine.seekTo(30);
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(1);
    engine.destroy();
  });

  it('stays on the MP4 where the MP4 is all this browser plays', async () => {
    const media = startedNatively();
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: NEITHER });
    engine.seekTo(20);
    await flush();
    expect(engine.state().engine).toBe('mp4');
    expect(hls.load).not.toHaveBeenCalled();
    expect(media.video.getAttribute('src')).toBe(SOURCES.mp4);
    engine.destroy();
  });

  it('takes an element with the MP4 as source that nobody started, as always (hls.js, nothing fetched before play)', async () => {
    const media = makeVideo();
    media.video.setAttribute('src', SOURCES.mp4);
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: MSE });
    await flush();
    expect(engine.state().engine).toBe('hlsjs');
    expect(media.video.hasAttribute('src')).toBe(false);
    expect(media.play).not.toHaveBeenCalled();
    engine.destroy();
  });
});

describe('a fast-start rung started before the engine arrived', () => {
  const RUNGS = ['/media/v/240p.mp4', '/media/v/480p.mp4'];

  function startedOn(url: string, picture: { width: number; height: number }) {
    const media = makeVideo();
    media.video.setAttribute('src', url);
    Object.defineProperty(media.video, 'videoWidth', { configurable: true, value: picture.width });
    Object.defineProperty(media.video, 'videoHeight', { configurable: true, value: picture.height });
    void media.video.play();
    media.loaded();
    return media;
  }

  it('is adopted like the top MP4: no restart, hls.js not loaded', async () => {
    const media = startedOn(RUNGS[0]!, { width: 426, height: 240 });
    const box = document.createElement('div');
    document.body.append(box);
    jest.spyOn(box, 'getBoundingClientRect').mockReturnValue(sized(412, 232));
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, progressive: RUNGS, loadHls: hls.load, support: MSE, capBox: () => box });
    await flush();
    expect(engine.state().engine).toBe('mp4');
    expect(media.video.getAttribute('src')).toBe(RUNGS[0]);
    expect(media.load).not.toHaveBeenCalled();
    // A resize it still fills keeps it.
    window.dispatchEvent(new Event('resize'));
    await flush();
    expect(hls.load).not.toHaveBeenCalled();
    engine.destroy();
  });

  it('hands over to hls.js, playing on from where it was, once the box outgrows it (fullscreen, a larger window)', async () => {
    for (const grow of ['fullscreen', 'resize'] as const) {
      const media = startedOn(RUNGS[0]!, { width: 426, height: 240 });
      media.video.currentTime = 6;
      const box = document.createElement('div');
      document.body.append(box);
      const rect = jest.spyOn(box, 'getBoundingClientRect').mockReturnValue(sized(412, 232));
      const hls = fakeHls();
      const engine = createVideoEngine(media.video, { ...SOURCES, progressive: RUNGS, loadHls: hls.load, support: MSE, capBox: () => box });
      await flush();
      if (grow === 'fullscreen') {
        Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => box });
        document.dispatchEvent(new Event('fullscreenchange'));
      } else {
        rect.mockReturnValue(sized(1280, 720));
        window.dispatchEvent(new Event('resize'));
      }
      await flush();
      expect(hls.startHls).toHaveBeenCalledTimes(1);
      expect(hls.sessions[0]!.options.startPosition()).toBe(6);
      expect(engine.state().engine).toBe('hlsjs');
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
      engine.destroy();
    }
  });

  it('a seek stays on it (it fits the box, and seeks with one range request); a rebuffer still hands over', async () => {
    const media = startedOn(RUNGS[0]!, { width: 426, height: 240 });
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, progressive: RUNGS, loadHls: hls.load, support: MSE });
    await flush();
    engine.seekTo(20);
    // Waiting for the sought data is part of the seek.
    Object.defineProperty(media.video, 'seeking', { configurable: true, value: true });
    media.video.dispatchEvent(new Event('waiting'));
    await flush();
    expect(hls.load).not.toHaveBeenCalled();
    expect(engine.state().engine).toBe('mp4');
    expect(media.video.getAttribute('src')).toBe(RUNGS[0]);
    Object.defineProperty(media.video, 'seeking', { configurable: true, value: false });
    media.video.dispatchEvent(new Event('waiting'));
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(1);
    expect(hls.sessions[0]!.options.startPosition()).toBe(20);
    expect(engine.state().engine).toBe('hlsjs');
    engine.destroy();
  });

  it('an element on a source that is none of the video’s is not adopted', async () => {
    const media = startedOn('/media/other/240p.mp4', { width: 426, height: 240 });
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, progressive: RUNGS, loadHls: hls.load, support: MSE });
    await flush();
    expect(engine.state().engine).toBe('hlsjs');
    engine.destroy();
  });
});

describe('an adopted MP4 that outruns the link', () => {
  it('hands over to hls.js where it ran out of data, and plays on', async () => {
    const media = makeVideo();
    media.video.setAttribute('src', SOURCES.mp4);
    void media.video.play();
    media.loaded();
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: MSE });
    // Not yet playing anything: the first frame's own wait keeps the MP4.
    media.video.dispatchEvent(new Event('waiting'));
    await flush();
    expect(hls.load).not.toHaveBeenCalled();
    // Eight seconds in, the MP4 waits for data.
    Object.defineProperty(media.video, 'currentTime', { configurable: true, get: () => 8, set: () => undefined });
    media.video.dispatchEvent(new Event('waiting'));
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(1);
    expect(hls.sessions[0]!.options.startPosition()).toBe(8);
    expect(engine.state().engine).toBe('hlsjs');
    engine.destroy();
  });
});

describe('a tap while hls.js is on its way', () => {
  it('plays the server’s MP4 at once (its source stays until hls.js is here), which is then adopted', async () => {
    const media = makeVideo();
    media.video.setAttribute('src', SOURCES.mp4);
    const hls = fakeHls();
    const arrive = hls.hold();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: MSE });
    expect(engine.state().engine).toBe('starting');
    // The browser's own play button still has its source: the tap plays.
    expect(media.video.getAttribute('src')).toBe(SOURCES.mp4);
    void media.video.play();
    arrive();
    await flush();
    expect(hls.startHls).not.toHaveBeenCalled();
    expect(engine.state().engine).toBe('mp4');
    expect(media.video.getAttribute('src')).toBe(SOURCES.mp4);
    expect(media.load).not.toHaveBeenCalled();
    engine.destroy();
  });
});
