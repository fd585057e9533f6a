/**
 * The fast-start source picker (server/http/fast-start.ts): the constant inline script the
 * server-rendered page runs before any of the app's script, run here on jsdom elements of known
 * box sizes. It must pick what the engine's cap would (`fittingRendition`), touch nothing the
 * viewer started, survive bad data, and be allowed by the page's Content-Security-Policy.
 */
import { fittingRendition } from '../../src/features/player/engineLogic';
import { helmetOptions } from '../../server/http/security';
import { AFTER_PAINT_SCRIPT, APP_SCRIPTS_ELEMENT_ID, MEDIA_FIRST, MEDIA_FIRST_DONE, MEDIA_FIRST_MAX_MS } from '../../server/http/after-paint';
import {
  FAST_START_HASH,
  FAST_START_SCRIPT,
  FAST_START_TAG,
  PROGRESSIVE_ATTRIBUTE,
  progressiveAttribute,
  withFastStart,
} from '../../server/http/fast-start';

type Source = { url: string; width: number; height: number };

const LANDSCAPE: Source[] = [
  { url: '/media/r/240p.mp4', width: 426, height: 240 },
  { url: '/media/r/360p.mp4', width: 640, height: 360 },
  { url: '/media/r/480p.mp4', width: 854, height: 480 },
  { url: '/media/r/video.mp4', width: 1280, height: 720 },
];
const PORTRAIT: Source[] = LANDSCAPE.map((source) => ({ ...source, width: source.height, height: source.width }));

function videoIn(box: { width: number; height: number }, sources: Source[] | string, top = '/media/r/video.mp4') {
  const video = document.createElement('video');
  video.setAttribute('src', top);
  video.setAttribute('preload', 'none');
  video.setAttribute(PROGRESSIVE_ATTRIBUTE, typeof sources === 'string' ? sources : progressiveAttribute(sources));
  video.getBoundingClientRect = () => ({ ...box, x: 0, y: 0, top: 0, left: 0, right: box.width, bottom: box.height, toJSON: () => ({}) });
  document.body.append(video);
  return video;
}

/** A constant inline script as the page runs it: a classic script in the global scope. */
function runInline(script: string) {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, no-new-func
  new Function(script)();
}

/** The picker as the page runs it: it picks in the first animation frame. */
function runPicker(dpr: number) {
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: dpr });
  jest.useFakeTimers();
  runInline(FAST_START_SCRIPT);
  jest.advanceTimersByTime(50);
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete (window as unknown as Record<string, unknown>)[MEDIA_FIRST];
  jest.useRealTimers();
});

describe('media first: a play pressed before the app’s scripts holds them until it plays', () => {
  function serverPage() {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = APP_SCRIPTS_ELEMENT_ID;
    list.textContent = JSON.stringify(['/assets/runtime.1.js', '/assets/main.2.js']);
    const video = videoIn({ width: 412, height: 232 }, LANDSCAPE);
    document.body.append(list);
    return video;
  }
  const requested = () => [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

  it('holds the loader, past its fallback, until the video plays; then the scripts go in order', () => {
    jest.useFakeTimers();
    const video = serverPage();
    runPicker(1);
    runInline(AFTER_PAINT_SCRIPT);
    video.dispatchEvent(new Event('play'));
    expect((window as unknown as Record<string, unknown>)[MEDIA_FIRST]).toBe(1);
    jest.advanceTimersByTime(1600);
    expect(requested()).toEqual([]);
    const done = jest.fn();
    document.addEventListener(MEDIA_FIRST_DONE, done);
    video.dispatchEvent(new Event('playing'));
    expect(done).toHaveBeenCalledTimes(1);
    expect(requested()).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
  });

  it('gives up after a few seconds without a frame, and never holds twice', () => {
    jest.useFakeTimers();
    const video = serverPage();
    runPicker(1);
    runInline(AFTER_PAINT_SCRIPT);
    video.dispatchEvent(new Event('play'));
    jest.advanceTimersByTime(MEDIA_FIRST_MAX_MS);
    expect(requested()).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
    video.dispatchEvent(new Event('play'));
    expect((window as unknown as Record<string, unknown>)[MEDIA_FIRST]).toBe(0);
  });

  it('does not hold a page without the loader (the embed’s scripts are its own)', () => {
    const video = videoIn({ width: 412, height: 232 }, LANDSCAPE);
    runPicker(1);
    video.dispatchEvent(new Event('play'));
    expect((window as unknown as Record<string, unknown>)[MEDIA_FIRST]).toBeUndefined();
  });
});

describe('fast-start source picker', () => {
  it('plays 240p in a phone’s 232 px box, 480p at DPR 2, the top rung on a large screen', () => {
    const phone = videoIn({ width: 412, height: 232 }, LANDSCAPE);
    runPicker(1);
    expect(phone.getAttribute('src')).toBe('/media/r/240p.mp4');
    document.body.innerHTML = '';
    const dense = videoIn({ width: 412, height: 232 }, LANDSCAPE);
    runPicker(2);
    expect(dense.getAttribute('src')).toBe('/media/r/480p.mp4');
    document.body.innerHTML = '';
    const desktop = videoIn({ width: 1600, height: 900 }, LANDSCAPE);
    runPicker(1);
    expect(desktop.getAttribute('src')).toBe('/media/r/video.mp4');
  });

  it('picks in the first animation frame, not while the page is being parsed (no forced layout)', () => {
    const video = videoIn({ width: 412, height: 232 }, LANDSCAPE);
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
    jest.useFakeTimers();
    runInline(FAST_START_SCRIPT);
    expect(video.getAttribute('src')).toBe('/media/r/video.mp4');
    jest.advanceTimersByTime(50);
    expect(video.getAttribute('src')).toBe('/media/r/240p.mp4');
  });

  it('picks what the engine’s level cap picks, for any box, ratio and ladder', () => {
    // A deterministic spread of boxes and ratios, both orientations, ladders of 1 to 4 rungs.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 300; run += 1) {
      const ladder = (next() < 0.5 ? LANDSCAPE : PORTRAIT).slice(0, 1 + Math.floor(next() * 4));
      const box = { width: 80 + Math.round(next() * 1800), height: 60 + Math.round(next() * 1000) };
      const dpr = [1, 1.5, 2, 2.625, 3, 3.5][Math.floor(next() * 6)]!;
      const video = videoIn(box, ladder);
      runPicker(dpr);
      const expected = ladder[fittingRendition(ladder, Math.round(box.width * dpr), Math.round(box.height * dpr))]!.url;
      expect({ box, dpr, src: video.getAttribute('src') }).toEqual({ box, dpr, src: expected });
      document.body.innerHTML = '';
    }
  });

  it('leaves a video alone once the viewer started it, when it has no size, or when its data is bad', () => {
    const started = videoIn({ width: 412, height: 232 }, LANDSCAPE);
    Object.defineProperty(started, 'paused', { configurable: true, value: false });
    const hidden = videoIn({ width: 0, height: 0 }, LANDSCAPE);
    const broken = videoIn({ width: 412, height: 232 }, '[[');
    const odd = videoIn({ width: 412, height: 232 }, JSON.stringify([[42, 426, 240], ['/x.mp4', 'a', null]]));
    expect(() => runPicker(1)).not.toThrow();
    for (const video of [started, hidden, broken, odd]) expect(video.getAttribute('src')).toBe('/media/r/video.mp4');
  });

  it('is added only to pages with a video to choose for, and the page’s policy allows it by hash', () => {
    const page = '<html><body><div id="root"><video data-progressive="[]"></video></div></body></html>';
    expect(withFastStart(page)).toBe(page.replace('</body>', `${FAST_START_TAG}</body>`));
    const plain = '<html><body><div id="root"></div></body></html>';
    expect(withFastStart(plain)).toBe(plain);
    const csp = helmetOptions({ catalogue: { url: 'http://localhost:4000' }, cookieSecure: false } as never).contentSecurityPolicy as {
      directives: { scriptSrc: string[] };
    };
    expect(csp.directives.scriptSrc).toContain(FAST_START_HASH);
  });
});
