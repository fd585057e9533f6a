import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

import { en } from '../../src/i18n/messages/en';
import { formatClock } from '../../src/features/videos/media';
import {
  chapterAt,
  chapterMarks,
  chaptersToVtt,
  cleanChapters,
  nextRate,
  nextVolume,
  parseTimeParam,
  PositionThrottle,
  posterMayGo,
  prefetchMayPaint,
  resumePoint,
  seekTarget,
  shareUrl,
  sharpHeight,
  shortcutAction,
  startTimeFromUrl,
  SHORTCUTS,
} from '../../src/features/videos/playerLogic';
import { fittingRendition, levelCap, prefetchBudget, startLevelFor } from '../../src/features/player/engineLogic';
import { playerMessages } from '../../src/features/videos/playerMessages';

/** The player's decisions, without a DOM: shortcuts, `t`, resume, saving throttle, cap, chapters. */

const onPlayer = { tagName: 'DIV' };

describe('keyboard shortcuts', () => {
  it.each([
    [' ', { type: 'togglePlay' }],
    ['k', { type: 'togglePlay' }],
    ['ArrowLeft', { type: 'seekBy', seconds: -5 }],
    ['ArrowRight', { type: 'seekBy', seconds: 5 }],
    ['j', { type: 'seekBy', seconds: -10 }],
    ['l', { type: 'seekBy', seconds: 10 }],
    ['ArrowUp', { type: 'volumeBy', delta: 0.05 }],
    ['ArrowDown', { type: 'volumeBy', delta: -0.05 }],
    ['m', { type: 'toggleMute' }],
    ['f', { type: 'toggleFullscreen' }],
    ['c', { type: 'toggleCaptions' }],
    ['<', { type: 'rateBy', delta: -0.25 }],
    ['>', { type: 'rateBy', delta: 0.25 }],
    ['0', { type: 'seekToFraction', fraction: 0 }],
    ['7', { type: 'seekToFraction', fraction: 0.7 }],
    ['9', { type: 'seekToFraction', fraction: 0.9 }],
    ['?', { type: 'showShortcuts' }],
  ])('%j on the player does %j', (key, action) => {
    expect(shortcutAction({ key }, onPlayer)).toEqual(action);
  });

  it('leaves other keys and modified keys alone', () => {
    expect(shortcutAction({ key: 'x' }, onPlayer)).toBeNull();
    expect(shortcutAction({ key: 'Tab' }, onPlayer)).toBeNull();
    expect(shortcutAction({ key: 'k', ctrlKey: true }, onPlayer)).toBeNull();
    expect(shortcutAction({ key: 'l', metaKey: true }, onPlayer)).toBeNull();
    expect(shortcutAction({ key: 'f', altKey: true }, onPlayer)).toBeNull();
  });

  it('leaves controls the keys they use themselves', () => {
    // A button activates with Space/Enter; other shortcuts still work from it.
    expect(shortcutAction({ key: ' ' }, { tagName: 'BUTTON' })).toBeNull();
    expect(shortcutAction({ key: 'k' }, { tagName: 'BUTTON' })).toEqual({ type: 'togglePlay' });
    // Form fields keep every key.
    expect(shortcutAction({ key: 'k' }, { tagName: 'SELECT' })).toBeNull();
    expect(shortcutAction({ key: 'm' }, { tagName: 'INPUT' })).toBeNull();
    // media-chrome's ranges declare the arrows; menus move with them.
    expect(shortcutAction({ key: 'ArrowLeft' }, { tagName: 'MEDIA-TIME-RANGE', keysUsed: 'ArrowUp ArrowRight ArrowDown ArrowLeft' })).toBeNull();
    expect(shortcutAction({ key: ' ' }, { tagName: 'MEDIA-PLAY-BUTTON', keysUsed: 'Enter Space' })).toBeNull();
    expect(shortcutAction({ key: 'ArrowDown' }, { tagName: 'MEDIA-PLAYBACK-RATE-MENU' })).toBeNull();
    expect(shortcutAction({ key: 'f' }, { tagName: 'MEDIA-TIME-RANGE', keysUsed: 'ArrowUp ArrowRight ArrowDown ArrowLeft' })).toEqual({
      type: 'toggleFullscreen',
    });
  });

  it('keeps speed within 0.25–2× and volume within 0–1', () => {
    expect(nextRate(1, 0.25)).toBe(1.25);
    expect(nextRate(2, 0.25)).toBe(2);
    expect(nextRate(0.25, -0.25)).toBe(0.25);
    expect(nextRate(1.1, -0.25)).toBe(0.75);
    expect(nextVolume(0.98, 0.05)).toBe(1);
    expect(nextVolume(0.02, -0.05)).toBe(0);
    expect(nextVolume(0.1, 0.05)).toBe(0.15);
    expect(seekTarget(3, -5, 60)).toBe(0);
    expect(seekTarget(58, 5, 60)).toBe(60);
    expect(seekTarget(10, 10, NaN)).toBe(20);
  });
});

describe('start time of a shared link', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['1m30s', 90],
    ['1m', 60],
    ['1h2m3s', 3723],
    ['1:30', 90],
    ['1:02:03', 3723],
    ['12.5', 12.5],
    ['-4', -4],
  ])('reads %j as %j seconds', (raw, seconds) => {
    expect(parseTimeParam(raw)).toBe(seconds);
  });

  it.each([['abc'], [''], ['1m30x'], ['m'], ['1:2:3:4'], ['NaN'], ['Infinity']])('rejects %j', (raw) => {
    expect(parseTimeParam(raw)).toBeNull();
  });

  it('takes ?t= then #t=, and plays from the start for garbage, negative or past-the-end times', () => {
    expect(startTimeFromUrl('?t=90', '', 120)).toBe(90);
    expect(startTimeFromUrl('?t=1m30s', '', 120)).toBe(90);
    expect(startTimeFromUrl('', '#t=90', 120)).toBe(90);
    expect(startTimeFromUrl('?t=10', '#t=90', 120)).toBe(10);
    expect(startTimeFromUrl('?t=500', '', 120)).toBeNull();
    expect(startTimeFromUrl('?t=-5', '', 120)).toBeNull();
    expect(startTimeFromUrl('?t=%3Cscript%3E', '', 120)).toBeNull();
    expect(startTimeFromUrl('?t=0', '', 120)).toBeNull();
    expect(startTimeFromUrl('', '', 120)).toBeNull();
    // Unknown duration: any positive time is tried.
    expect(startTimeFromUrl('?t=500', '', 0)).toBe(500);
  });

  it('makes share links with or without the time, dropping an earlier one', () => {
    expect(shareUrl('https://site.example/selfieVideos/v1?t=5#t=9', 83.7)).toBe('https://site.example/selfieVideos/v1?t=83');
    expect(shareUrl('https://site.example/selfieVideos/v1?t=5', null)).toBe('https://site.example/selfieVideos/v1');
    expect(shareUrl('https://site.example/selfieVideos/v1', 0.4)).toBe('https://site.example/selfieVideos/v1');
    expect(formatClock(83)).toBe('1:23');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(0)).toBe('0:00');
  });
});

describe('resume', () => {
  it('offers resume only away from both ends', () => {
    expect(resumePoint(83, 120)).toBe(83);
    expect(resumePoint(5, 120)).toBe(5);
    expect(resumePoint(4.9, 120)).toBeNull();
    expect(resumePoint(115, 120)).toBe(115);
    expect(resumePoint(115.1, 120)).toBeNull();
    expect(resumePoint(null, 120)).toBeNull();
    expect(resumePoint(undefined, 120)).toBeNull();
    expect(resumePoint('garbage', 120)).toBeNull();
  });

  it('saves after every 10 s played and at once on pause or seek, never the same second twice', () => {
    const saved: number[] = [];
    const throttle = new PositionThrottle((seconds) => saved.push(seconds));
    for (let time = 0; time <= 9.5; time += 0.25) throttle.tick(time);
    expect(saved).toEqual([]);
    for (let time = 9.75; time <= 10.5; time += 0.25) throttle.tick(time);
    expect(saved).toEqual([10]);
    // A seek is not time watched, but is saved at once.
    throttle.tick(40);
    expect(saved).toEqual([10]);
    throttle.flush(40);
    expect(saved).toEqual([10, 40]);
    throttle.flush(40.2);
    expect(saved).toEqual([10, 40]);
    for (let time = 40.25; time < 50; time += 0.25) throttle.tick(time);
    expect(saved).toEqual([10, 40]);
    for (let time = 50; time <= 50.5; time += 0.25) throttle.tick(time);
    expect(saved).toEqual([10, 40, 50]);
    // Playing at 2× saves after 10 s of the video, not of the clock: the throttle reads media time only.
    throttle.flush(NaN);
    expect(saved).toEqual([10, 40, 50]);
  });
});

describe('rendition cap', () => {
  // hls.js's order: lowest bitrate first.
  const landscape = [
    { width: 640, height: 360 },
    { width: 854, height: 480 },
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ];
  const portrait = landscape.map(({ width, height }) => ({ width: height, height: width }));

  it('caps Auto at the smallest rendition that reaches the player in device pixels', () => {
    expect(levelCap(landscape, { width: 640, height: 360 }, 1, false)).toBe(0);
    expect(levelCap(landscape, { width: 640, height: 360 }, 2, false)).toBe(2);
    // 1440×810 device pixels: 720p would be upscaled; 1080p is the smallest at or above it.
    expect(levelCap(landscape, { width: 960, height: 540 }, 1.5, false)).toBe(3);
    expect(levelCap(landscape, { width: 960, height: 540 }, 2, false)).toBe(3);
    // A phone: 412×232 at DPR 1 → the smallest rung; at DPR 2 (824×464) → 480p, not 720p.
    expect(levelCap(landscape, { width: 412, height: 232 }, 1, false)).toBe(0);
    expect(levelCap(landscape, { width: 412, height: 232 }, 2, false)).toBe(1);
    expect(levelCap(portrait, { width: 360, height: 640 }, 1, false)).toBe(0);
    expect(levelCap(portrait, { width: 405, height: 720 }, 1, false)).toBe(1);
    expect(levelCap(portrait, { width: 480, height: 854 }, 1, false)).toBe(1);
    // A portrait picture in a wide box is as tall as the box: its height decides.
    expect(levelCap(portrait, { width: 1200, height: 600 }, 1, false)).toBe(0);
    expect(levelCap(portrait, { width: 1200, height: 700 }, 1, false)).toBe(1);
    // Smaller than every rendition: the smallest one; larger than all: the largest.
    expect(levelCap(landscape, { width: 200, height: 112 }, 1, false)).toBe(0);
    expect(levelCap(landscape, { width: 2560, height: 1440 }, 1, false)).toBe(3);
  });

  it('finds the fitting rendition in any order, ignoring renditions without a size', () => {
    const shuffled = [landscape[2]!, { width: 0, height: 0 }, landscape[0]!, landscape[3]!, landscape[1]!];
    expect(fittingRendition(shuffled, 824, 464)).toBe(4);
    expect(fittingRendition(shuffled, 5000, 3000)).toBe(3);
    expect(fittingRendition([{ width: 0, height: 0 }], 100, 100)).toBe(-1);
  });

  it('lifts the cap in fullscreen and while the size is unknown', () => {
    expect(levelCap(landscape, { width: 640, height: 360 }, 1, true)).toBe(-1);
    expect(levelCap(landscape, { width: 0, height: 0 }, 1, false)).toBe(-1);
    expect(levelCap([], { width: 640, height: 360 }, 1, false)).toBe(-1);
  });
});

describe('start level', () => {
  const ladder = [
    { width: 426, height: 240, bitrate: 270_000 },
    { width: 640, height: 360, bitrate: 500_000 },
    { width: 854, height: 480, bitrate: 750_000 },
    { width: 1280, height: 720, bitrate: 1_650_000 },
    { width: 1920, height: 1080, bitrate: 5_300_000 },
  ];

  it('picks the best level whose first fragment arrives within half a second, never above the cap', () => {
    // 1.6 Mbit/s: a 2 s fragment at ≤ 400 kbit/s.
    expect(startLevelFor(ladder, -1, 1_600_000)).toBe(0);
    expect(startLevelFor(ladder, -1, 4_000_000)).toBe(2);
    expect(startLevelFor(ladder, -1, 50_000_000)).toBe(4);
    // A phone's box caps it, however fast the link.
    expect(startLevelFor(ladder, 2, 50_000_000)).toBe(2);
  });

  it('falls back to the lowest level on a slow or unknown link', () => {
    expect(startLevelFor(ladder, -1, 100_000)).toBe(0);
    // Unknown: 500 kbit/s assumed.
    expect(startLevelFor(ladder, -1, undefined)).toBe(0);
    expect(startLevelFor([...ladder].reverse(), -1, 100_000)).toBe(4);
    expect(startLevelFor([], -1, 1_000_000)).toBe(-1);
  });
});

describe('the poster before play', () => {
  // The ladder of a 720p upload, in hls.js's order.
  const ladder = [
    { width: 426, height: 240, bitrate: 290_000 },
    { width: 640, height: 360, bitrate: 505_000 },
    { width: 854, height: 480, bitrate: 744_000 },
    { width: 1280, height: 720, bitrate: 1_650_000 },
  ];
  // The video page's player in a 1280×720 window, and on a 412 px wide phone.
  const desktop = { width: 960, height: 540 };
  const phone = { width: 380, height: 214 };

  it('a desktop box needs the 720p rung to stand in for the poster; the start level is still the quick one', () => {
    // 540 px tall: 480p would be upscaled, so the smallest rung at or above it is 720p.
    expect(sharpHeight(ladder, desktop, 1, false)).toBe(720);
    const cap = levelCap(ladder, desktop, 1, false);
    expect(cap).toBe(3);
    // Chromium's estimate for an unmeasured link (~1.5 Mbit/s): 240p starts, quickly.
    const start = startLevelFor(ladder, cap, 1_550_000);
    expect(ladder[start]!.height).toBe(240);
    // Its prefetched frame does not replace the poster before play…
    expect(posterMayGo({ played: false, frameHeight: 240, sharp: 720 })).toBe(false);
    expect(posterMayGo({ played: false, frameHeight: 480, sharp: 720 })).toBe(false);
    // …so it may be fetched only while the poster layer covers it.
    expect(prefetchMayPaint(240, 720, true)).toBe(true);
    expect(prefetchMayPaint(240, 720, false)).toBe(false);
    // A fast link starts at the rung that fits the box, which may show as soon as it is decoded.
    expect(ladder[startLevelFor(ladder, cap, 20_000_000)]!.height).toBe(720);
    expect(posterMayGo({ played: false, frameHeight: 720, sharp: 720 })).toBe(true);
    expect(prefetchMayPaint(720, 720, false)).toBe(true);
    // A smaller window's box (854×480) is served by 480p.
    expect(sharpHeight(ladder, { width: 854, height: 480 }, 1, false)).toBe(480);
  });

  it('a phone box is served by the 240p rung: its frame may take the poster’s place', () => {
    expect(sharpHeight(ladder, phone, 1, false)).toBe(240);
    const start = startLevelFor(ladder, levelCap(ladder, phone, 1, false), 1_550_000);
    expect(ladder[start]!.height).toBe(240);
    expect(posterMayGo({ played: false, frameHeight: 240, sharp: 240 })).toBe(true);
    expect(prefetchMayPaint(240, 240, false)).toBe(true);
    // At 2 dpr the box is 760×428 device pixels: the poster waits for 480p (or for play); at 2.6
    // (988×556) for 720p.
    expect(sharpHeight(ladder, phone, 2, false)).toBe(480);
    expect(sharpHeight(ladder, phone, 2.6, false)).toBe(720);
  });

  it('goes once playback starts, whatever the rung; fullscreen or an unknown box asks for the top rung', () => {
    expect(posterMayGo({ played: true, frameHeight: 240, sharp: 720 })).toBe(true);
    expect(posterMayGo({ played: true, frameHeight: 0, sharp: 720 })).toBe(true);
    // No decoded frame: nothing to show instead.
    expect(posterMayGo({ played: false, frameHeight: 0, sharp: 0 })).toBe(false);
    expect(sharpHeight(ladder, desktop, 1, true)).toBe(720);
    expect(sharpHeight(ladder, { width: 0, height: 0 }, 1, false)).toBe(720);
    // The MP4 (no renditions known): its one picture will do.
    expect(sharpHeight([], desktop, 1, false)).toBe(0);
    expect(posterMayGo({ played: false, frameHeight: 720, sharp: 0 })).toBe(true);
  });
});

describe('prefetch budget', () => {
  it('keeps all media before play within 100 KB: poster, playlists and the first fragment', () => {
    // Nothing spent yet, poster done: the fragment's own cap.
    expect(prefetchBudget(0, false)).toBe(64 * 1024);
    // A 22 KB poster and 3 KB of playlists: still the cap (75 KB would be left).
    expect(prefetchBudget(25 * 1024, false)).toBe(64 * 1024);
    // A 60 KB poster: 37 KB left for the fragment.
    expect(prefetchBudget(63 * 1024, false)).toBe(37 * 1024);
    // The poster still loading counts with its 40 KB allowance.
    expect(prefetchBudget(3 * 1024, true)).toBe(57 * 1024);
    expect(prefetchBudget(150 * 1024, false)).toBe(0);
  });
});

describe('chapters', () => {
  const chapters = cleanChapters(
    [
      { start: 30, title: 'Middle' },
      { start: 0, title: 'Intro <b>&</b>' },
      { start: 'x', title: 'Broken' },
      { start: 90, title: '   ' },
      { start: 500, title: 'Past the end' },
      null,
      { start: 75.5, title: 'End' },
    ],
    120,
  );

  it('keeps the usable ones in order', () => {
    expect(chapters).toEqual([
      { start: 0, title: 'Intro <b>&</b>' },
      { start: 30, title: 'Middle' },
      { start: 75.5, title: 'End' },
    ]);
    expect(cleanChapters(undefined, 120)).toEqual([]);
  });

  it('marks the seek bar where each chapter after the first starts', () => {
    expect(chapterMarks(chapters, 120)).toEqual([0.25, 75.5 / 120]);
    expect(chapterMarks(chapters, 0)).toEqual([]);
  });

  it('knows the chapter playing', () => {
    expect(chapterAt(chapters, 0)).toBe(0);
    expect(chapterAt(chapters, 29.9)).toBe(0);
    expect(chapterAt(chapters, 30)).toBe(1);
    expect(chapterAt(chapters, 119)).toBe(2);
    expect(chapterAt([{ start: 10, title: 'Late' }], 5)).toBe(-1);
  });

  it('writes a WebVTT chapters track, each cue to the next chapter, titles as text', () => {
    expect(chaptersToVtt(chapters, 120)).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:00.000 --> 00:00:30.000',
        'Intro &lt;b&gt;&amp;&lt;/b&gt;',
        '',
        '2',
        '00:00:30.000 --> 00:01:15.500',
        'Middle',
        '',
        '3',
        '00:01:15.500 --> 00:02:00.000',
        'End',
        '',
      ].join('\n'),
    );
  });
});

describe('player messages (their own catalogue, shipped with the video page)', () => {
  const names = (elements: MessageFormatElement[]): string[] =>
    elements.flatMap((element) => (element.type === TYPE.argument || element.type === TYPE.number ? [element.value] : [])).sort();

  it('have every key in en and zh, translated, with the same arguments, none clashing with the app’s', () => {
    const enKeys = Object.keys(playerMessages.en).sort();
    expect(Object.keys(playerMessages.zh).sort()).toEqual(enKeys);
    for (const key of enKeys) {
      const english = playerMessages.en[key as keyof typeof playerMessages.en];
      const chinese = playerMessages.zh[key as keyof typeof playerMessages.zh];
      expect(chinese.trim()).not.toBe('');
      expect(chinese).not.toBe(english);
      expect(names(parse(chinese))).toEqual(names(parse(english)));
      expect(key in en).toBe(false);
    }
    for (const shortcut of SHORTCUTS) expect(enKeys).toContain(shortcut.message);
  });
});
