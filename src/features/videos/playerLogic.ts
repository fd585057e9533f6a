/**
 * The player's decisions as pure functions (no DOM, no clock): keyboard shortcuts, the `t` start
 * time of shared links, the resume offer, the throttle of position saving, the poster rules and
 * the chapters' WebVTT. VideoPlayer wires them to the media element. The engine's own decisions
 * (engine choice, fallbacks, rendition cap, start level, prefetch budget) live with the engine in
 * src/features/player/engineLogic.ts.
 */
import { levelCap, type Rendition } from '../player';

import type { PlayerMessageKey } from './playerMessages';

/** What a key press asks of the player. */
export type PlayerAction =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'seekToFraction'; fraction: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  | { type: 'toggleCaptions' }
  | { type: 'rateBy'; delta: number }
  | { type: 'showShortcuts' };

export const VOLUME_STEP = 0.05;
export const RATE_STEP = 0.25;
export const MIN_RATE = 0.25;
export const MAX_RATE = 2;
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The shortcut list the "?" dialog shows: keys and the message id that describes them. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; message: PlayerMessageKey }> = [
  { keys: ['Space', 'k'], message: 'videos.player.shortcut.playPause' },
  { keys: ['←', '→'], message: 'videos.player.shortcut.seek5' },
  { keys: ['j', 'l'], message: 'videos.player.shortcut.seek10' },
  { keys: ['↑', '↓'], message: 'videos.player.shortcut.volume' },
  { keys: ['m'], message: 'videos.player.shortcut.mute' },
  { keys: ['f'], message: 'videos.player.shortcut.fullscreen' },
  { keys: ['c'], message: 'videos.player.shortcut.captions' },
  { keys: ['<', '>'], message: 'videos.player.shortcut.speed' },
  { keys: ['0', '…', '9'], message: 'videos.player.shortcut.jump' },
  { keys: ['?'], message: 'videos.player.shortcut.help' },
];

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Where the key was pressed: controls keep the keys they use themselves. */
export interface KeyTarget {
  tagName: string;
  /** media-chrome's `keysused` attribute ("Enter Space"…), when the control declares one. */
  keysUsed?: string | null;
  role?: string | null;
  isContentEditable?: boolean;
}

const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

function targetUsesKey(key: string, target: KeyTarget): boolean {
  const tag = target.tagName.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select' || target.isContentEditable) return true;
  const used = (target.keysUsed ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => (name === 'Space' ? ' ' : name));
  if (used.includes(key)) return true;
  const role = target.role ?? '';
  if ((tag === 'button' || tag === 'a' || role === 'button' || role === 'checkbox') && (key === ' ' || key === 'Enter')) return true;
  // Menus move between their items with the arrows and pick with Space/Enter.
  if ((/menu/.test(tag) || /^menu/.test(role) || role === 'slider') && (ARROWS.includes(key) || key === ' ' || key === 'Enter')) return true;
  return false;
}

/** The action a key press asks for while the player has focus; null when it is not a shortcut. */
export function shortcutAction(press: KeyPress, target: KeyTarget): PlayerAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const { key } = press;
  if (targetUsesKey(key, target)) return null;
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'togglePlay' };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -5 };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: 5 };
    case 'j':
    case 'J':
      return { type: 'seekBy', seconds: -10 };
    case 'l':
    case 'L':
      return { type: 'seekBy', seconds: 10 };
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case 'm':
    case 'M':
      return { type: 'toggleMute' };
    case 'f':
    case 'F':
      return { type: 'toggleFullscreen' };
    case 'c':
    case 'C':
      return { type: 'toggleCaptions' };
    case '<':
      return { type: 'rateBy', delta: -RATE_STEP };
    case '>':
      return { type: 'rateBy', delta: RATE_STEP };
    case '?':
      return { type: 'showShortcuts' };
    default:
      if (/^[0-9]$/.test(key)) return { type: 'seekToFraction', fraction: Number(key) / 10 };
      return null;
  }
}

/** The playback rate one step from `rate`, kept within 0.25–2×. */
export function nextRate(rate: number, delta: number): number {
  const current = Number.isFinite(rate) && rate > 0 ? rate : 1;
  const stepped = Math.round((current + delta) / RATE_STEP) * RATE_STEP;
  return Math.min(MAX_RATE, Math.max(MIN_RATE, stepped));
}

/** The volume one step from `volume`, kept within 0–1 (rounded: 0.1 + 0.05 stays 0.15). */
export function nextVolume(volume: number, delta: number): number {
  const current = Number.isFinite(volume) ? volume : 1;
  return Math.min(1, Math.max(0, Math.round((current + delta) * 100) / 100));
}

/** Where a seek by `seconds` lands, within the video. */
export function seekTarget(current: number, seconds: number, duration: number): number {
  const to = (Number.isFinite(current) ? current : 0) + seconds;
  const end = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.min(end, Math.max(0, to));
}

/**
 * A `t` value of a shared link in seconds: "90", "90s", "1m30s", "1h2m3s", "1:30", "1:02:03".
 * Null for anything else (garbage, empty); negative numbers give a negative result for
 * `startTime` to reject.
 */
export function parseTimeParam(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const value = raw.trim().toLowerCase();
  if (!value) return null;
  if (/^-?\d+(\.\d+)?s?$/.test(value)) return Number.parseFloat(value);
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(value);
  if (units && (units[1] || units[2] || units[3])) {
    return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  }
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  return null;
}

/**
 * The start time a page URL asks for (`?t=` first, then `#t=`), made safe to use: garbage or a
 * negative time gives null (play from the start), a time at or beyond the end gives null too
 * (a link past the end plays the video rather than showing its last frame).
 */
export function startTimeFromUrl(search: string, hash: string, duration: number): number | null {
  const fromSearch = new URLSearchParams(search).get('t');
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  const seconds = parseTimeParam(fromSearch ?? fromHash);
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (Number.isFinite(duration) && duration > 0 && seconds >= duration) return null;
  return seconds;
}

/** A share link: the page URL without any earlier `t`, with `?t=<seconds>` when asked. */
export function shareUrl(pageUrl: string, seconds: number | null): string {
  const url = new URL(pageUrl);
  url.searchParams.delete('t');
  url.hash = '';
  if (seconds !== null && Number.isFinite(seconds) && seconds >= 1) url.searchParams.set('t', String(Math.floor(seconds)));
  return url.href;
}

/** Resume is offered only away from both ends (5 s): near the start or the end it means nothing. */
export const RESUME_MARGIN = 5;

export function resumePoint(resumeAt: unknown, duration: number): number | null {
  const at = Number(resumeAt);
  if (resumeAt === null || resumeAt === undefined || !Number.isFinite(at) || at < RESUME_MARGIN) return null;
  if (Number.isFinite(duration) && duration > 0 && at > duration - RESUME_MARGIN) return null;
  return at;
}

/**
 * Decides when the watching position is saved: after every `every` seconds actually played, and
 * at once on pause or seek (`flush`). Fed with the media element's times; it never reads a
 * clock, so it is deterministic under test.
 */
export class PositionThrottle {
  private played = 0;
  private last: number | null = null;
  private lastSaved: number | null = null;

  constructor(
    private readonly save: (seconds: number) => void,
    private readonly every = 10,
  ) {}

  /** A `timeupdate` while playing. */
  tick(time: number): void {
    if (!Number.isFinite(time)) return;
    if (this.last !== null) {
      const delta = time - this.last;
      // Ordinary progress only: a jump (seek) or going back is not time watched.
      if (delta > 0 && delta < 3) this.played += delta;
    }
    this.last = time;
    if (this.played >= this.every) this.flush(time);
  }

  /** Saves now (pause, seek, page hide) unless this very second was just saved. */
  flush(time: number): void {
    if (!Number.isFinite(time) || time < 0) return;
    this.played = 0;
    this.last = time;
    const whole = Math.floor(time);
    if (this.lastSaved === whole) return;
    this.lastSaved = whole;
    this.save(whole);
  }
}

/**
 * How tall (pixels) a picture must be to take the poster's place in this box: the rung the cap
 * allows (`levelCap`: the sharpest "Auto" shows here), the top rung where nothing caps (fullscreen,
 * a size not known yet); 0 while no rendition is known (the MP4: its one picture will do).
 */
export function sharpHeight(renditions: Rendition[], box: { width: number; height: number }, dpr: number, fullscreen: boolean): number {
  if (renditions.length === 0) return 0;
  const cap = levelCap(renditions, box, dpr, fullscreen);
  if (cap >= 0) return renditions[cap]!.height || 0;
  return Math.max(0, ...renditions.map((rendition) => rendition.height || 0));
}

/**
 * Whether the poster may leave the player: once playback has started (moving pictures beat a
 * still, however sharp), or before that when the frame the video holds (`frameHeight`, 0 while no
 * frame is decoded) is at least `sharp` tall. A blocky prefetched start-rung frame never replaces
 * a sharp poster before play.
 */
export function posterMayGo(state: { played: boolean; frameHeight: number; sharp: number }): boolean {
  return state.played || (state.frameHeight > 0 && state.frameHeight >= state.sharp);
}

/**
 * Whether the start level's first fragment may be fetched before play as far as the picture goes
 * (the byte budget decides too): when the poster layer covers what it paints, or when its frame
 * (`levelHeight`) is sharp enough to be seen in the poster's place.
 */
export function prefetchMayPaint(levelHeight: number, sharp: number, posterCovers: boolean): boolean {
  return posterCovers || (levelHeight > 0 && levelHeight >= sharp);
}

export interface Chapter {
  start: number;
  title: string;
}

/** The usable chapters, in order: finite starts within the video, non-empty titles. */
export function cleanChapters(chapters: unknown, duration: number): Chapter[] {
  if (!Array.isArray(chapters)) return [];
  const end = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return chapters
    .filter(
      (chapter): chapter is Chapter =>
        Boolean(chapter) &&
        typeof chapter === 'object' &&
        Number.isFinite(Number((chapter as Chapter).start)) &&
        typeof (chapter as Chapter).title === 'string' &&
        (chapter as Chapter).title.trim() !== '',
    )
    .map((chapter) => ({ start: Math.max(0, Number(chapter.start)), title: chapter.title.trim() }))
    .filter((chapter) => chapter.start < end)
    .sort((a, b) => a.start - b.start);
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(rest).padStart(3, '0')}`;
}

/**
 * The chapters as a WebVTT chapters track (each cue runs to the next chapter, the last to the
 * end): media-chrome draws the marks on the seek bar and names the chapter in the preview from
 * it. Titles are text in a cue, never markup (`<` and `&` escaped).
 */
export function chaptersToVtt(chapters: Chapter[], duration: number): string {
  const end = Number.isFinite(duration) && duration > 0 ? duration : (chapters[chapters.length - 1]?.start ?? 0) + 1;
  const cues = chapters.map((chapter, index) => {
    const until = Math.max(chapter.start + 0.001, chapters[index + 1]?.start ?? end);
    const text = chapter.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, ' ');
    return `${index + 1}\n${vttTime(chapter.start)} --> ${vttTime(until)}\n${text}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** The chapter playing at `time` (the last that started), or -1 before the first. */
export function chapterAt(chapters: Chapter[], time: number): number {
  let found = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.start <= time) found = index;
  });
  return found;
}

/** The chapter marks on the seek bar, as fractions of the video (the first, at 0, has none). */
export function chapterMarks(chapters: Chapter[], duration: number): number[] {
  if (!(Number.isFinite(duration) && duration > 0)) return [];
  return chapters.filter((chapter) => chapter.start > 0 && chapter.start < duration).map((chapter) => chapter.start / duration);
}
