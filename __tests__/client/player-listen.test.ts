/**
 * Listen mode in the one player engine (src/features/player/engine.ts `setListening`,
 * docs/player.md "Listen mode"), on jsdom's <video> with hls.js's wrapper stood in for: the
 * element goes to the audio-only playlist at the current time and back to the master, playing or
 * paused as it was; native HLS sets the source; the MP4 and a video without an audio playlist keep
 * their source (picture hidden, hls.js capped to the lowest rung).
 */
import { createVideoEngine, type EngineOptions } from '../../src/features/player';

import { fakeHls, flush, makeVideo as makeAnyVideo } from './player-fixtures';

/** The listen suite's <video> loads as browsers do: a new source stops playback. */
const makeVideo = () => makeAnyVideo({ loadResets: true });

const LADDER = [
  { index: 0, width: 426, height: 240, bitrate: 290_000 },
  { index: 1, width: 640, height: 360, bitrate: 505_000 },
  { index: 2, width: 1280, height: 720, bitrate: 1_650_000 },
];
const SOURCES = { hls: '/media/v/master.m3u8', mp4: '/media/v/video.mp4', audio: '/media/v/audio.m3u8' };
const MSE = { mediaSource: true, nativeHls: false };
const NATIVE = { mediaSource: false, nativeHls: true };
const NEITHER = { mediaSource: false, nativeHls: false };

function start(options: EngineOptions) {
  const hls = fakeHls();
  const media = makeVideo();
  const engine = createVideoEngine(media.video, { loadHls: hls.load, ...options });
  return { ...media, hls, engine };
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('listen mode through hls.js', () => {
  it('plays on from the same time on the audio playlist (no quality menu), and back on the master', async () => {
    const { engine, hls, video, loaded, play } = start({ ...SOURCES, support: MSE });
    await flush();
    hls.sessions[0]!.callbacks.onLevels(LADDER);
    expect(engine.state().levels).toHaveLength(3);
    loaded();
    engine.play();
    video.currentTime = 12.5;
    const plays = play.mock.calls.length;

    engine.setListening(true);
    await flush();
    expect(hls.sessions[0]!.destroy).toHaveBeenCalled();
    expect(hls.startHls).toHaveBeenCalledTimes(2);
    const listen = hls.sessions[1]!;
    expect(listen.url).toBe(SOURCES.audio);
    expect(listen.options.startPosition()).toBe(12.5);
    // The audio playlist's one level is no quality to choose, nor capped.
    expect(listen.callbacks.onLevels([{ index: 0, width: 0, height: 0, bitrate: 100_000 }])).toBe(-1);
    expect(engine.state()).toMatchObject({ engine: 'hlsjs', listening: true, audioOnly: true, levels: [] });
    // The pause the source change causes is not the viewer's: it plays on.
    expect(play.mock.calls.length).toBeGreaterThan(plays);

    video.currentTime = 20;
    engine.setListening(false);
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(3);
    const back = hls.sessions[2]!;
    expect(back.url).toBe(SOURCES.hls);
    expect(back.options.startPosition()).toBe(20);
    back.callbacks.onLevels(LADDER);
    expect(engine.state()).toMatchObject({ engine: 'hlsjs', listening: false, audioOnly: false });
    expect(engine.state().levels).toHaveLength(3);
    engine.destroy();
  });

  it('keeps a paused video paused', async () => {
    const { engine, hls, video, loaded, play } = start({ ...SOURCES, support: MSE });
    await flush();
    loaded();
    video.currentTime = 7;
    engine.setListening(true);
    await flush();
    expect(hls.sessions[1]!.url).toBe(SOURCES.audio);
    expect(hls.sessions[1]!.options.startPosition()).toBe(7);
    expect(play).not.toHaveBeenCalled();
    engine.destroy();
  });

  it('the same again does nothing; a retry while listening stays on the audio playlist', async () => {
    const { engine, hls } = start({ ...SOURCES, support: MSE });
    await flush();
    engine.setListening(true);
    engine.setListening(true);
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(2);
    engine.retry();
    await flush();
    expect(hls.sessions[2]!.url).toBe(SOURCES.audio);
    engine.destroy();
  });
});

describe('listen mode elsewhere', () => {
  it('native HLS: the audio playlist becomes the source at the current time, then the master again', async () => {
    const levels = [{ id: 0, width: 640, height: 360, bitrate: 800_000, url: 'http://localhost/media/v/360p.m3u8' }];
    const nativeLevels = jest.fn(() => Promise.resolve(levels));
    const { engine, video, loaded, play, reset } = start({ ...SOURCES, support: NATIVE, nativeLevels });
    await flush();
    loaded();
    engine.play();
    video.currentTime = 30;
    engine.setListening(true);
    reset();
    expect(video).toHaveAttribute('src', SOURCES.audio);
    expect(engine.state()).toMatchObject({ engine: 'native', listening: true, audioOnly: true, levels: [] });
    loaded();
    expect(video.currentTime).toBe(30);
    expect(play.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(nativeLevels).toHaveBeenCalledTimes(1);

    engine.setListening(false);
    expect(video).toHaveAttribute('src', SOURCES.hls);
    await flush();
    expect(engine.state()).toMatchObject({ listening: false, audioOnly: false, levels });
    engine.destroy();
  });

  it('only the MP4 plays here: it plays on, the picture hidden', async () => {
    const { engine, hls, video, loaded, load } = start({ ...SOURCES, support: NEITHER });
    loaded();
    engine.play();
    video.currentTime = 4;
    engine.setListening(true);
    await flush();
    expect(engine.state()).toMatchObject({ engine: 'mp4', listening: true, audioOnly: false });
    expect(video).toHaveAttribute('src', SOURCES.mp4);
    expect(video.currentTime).toBe(4);
    expect(load).not.toHaveBeenCalled();
    expect(hls.load).not.toHaveBeenCalled();
    engine.setListening(false);
    expect(engine.state().listening).toBe(false);
    engine.destroy();
  });

  it('no audio playlist (a video made before them): the source stays, hls.js holds the lowest rung until listening ends', async () => {
    const { engine, hls } = start({ hls: SOURCES.hls, mp4: SOURCES.mp4, support: MSE });
    await flush();
    hls.sessions[0]!.callbacks.onLevels(LADDER);
    engine.setListening(true);
    await flush();
    expect(hls.startHls).toHaveBeenCalledTimes(1);
    expect(hls.sessions[0]!.setCap).toHaveBeenLastCalledWith(0);
    expect(engine.state()).toMatchObject({ engine: 'hlsjs', listening: true, audioOnly: false });
    engine.setListening(false);
    expect(hls.sessions[0]!.setCap).toHaveBeenLastCalledWith(expect.any(Number));
    expect(hls.sessions[0]!.setCap.mock.calls.at(-1)![0]).not.toBe(0);
    engine.destroy();
  });

  it('an MP4 the viewer started before the engine came: listening goes to the audio playlist through hls.js', async () => {
    const media = makeVideo();
    media.video.setAttribute('src', SOURCES.mp4);
    void media.video.play();
    media.loaded();
    media.video.currentTime = 3.2;
    const hls = fakeHls();
    const engine = createVideoEngine(media.video, { ...SOURCES, loadHls: hls.load, support: MSE });
    await flush();
    expect(engine.state().engine).toBe('mp4');
    engine.setListening(true);
    await flush();
    expect(hls.sessions[0]!.url).toBe(SOURCES.audio);
    expect(hls.sessions[0]!.options.startPosition()).toBe(3.2);
    expect(media.video.hasAttribute('src')).toBe(false);
    expect(engine.state()).toMatchObject({ engine: 'hlsjs', listening: true, audioOnly: true });
    engine.destroy();
  });
});
