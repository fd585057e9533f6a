/**
 * Seek previews (docs/playback.md): the storyboard of a video, as PeerTube and Video.js
 * (videojs-vtt-thumbnails) make it — sprite sheets of small thumbnails and a WebVTT index whose
 * cues name a tile by media fragment, `storyboard-…-0.jpg#xywh=x,y,w,h` (relative to the VTT).
 *
 * - One tile every `interval` seconds, a multiple of the 2 s keyframe grid chosen so there are at
 *   most MAX_TILES tiles; tiles TILE_WIDTH wide (height from the aspect ratio), JPEG, in grids of
 *   at most GRID×GRID per sheet (a short video gets a narrower sheet, not a mostly black one).
 * - Only keyframes are decoded (`-skip_frame nokey`): every rendition has one every 2 s, so this is
 *   a fraction of a full decode even of the 1080p MP4; a tile is the keyframe at its cue's start.
 * - The files are made in a work folder and committed next to the renditions, in the video's
 *   current generation folder, so they share the renditions' URLs, access rule and caching (and
 *   whatever moves the renditions moves them: they are listed in the manifest).
 * - File names carry a random token: two runs for the same video (a backfill racing a retry) never
 *   overwrite each other's files, and the loser removes only its own.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { GOP_SECONDS, type StoryboardInfo } from './renditions';
import { runFfmpeg } from './ffmpeg';
import { fencedInput } from './probe';

export const MAX_TILES = 100;
export const TILE_WIDTH = 160;
export const GRID = 10;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

export interface StoryboardPlan {
  interval: number;
  tiles: number;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  sheets: number;
}

/** The layout for a video of this duration and displayed size. */
export function planStoryboard(duration: number, width: number, height: number): StoryboardPlan {
  const seconds = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const interval = Math.max(GOP_SECONDS, Math.ceil(seconds / MAX_TILES / GOP_SECONDS) * GOP_SECONDS);
  const tiles = Math.max(1, Math.min(MAX_TILES, Math.ceil(seconds / interval)));
  const tileWidth = TILE_WIDTH;
  const tileHeight = width > 0 && height > 0 ? even((TILE_WIDTH * height) / width) : 90;
  const columns = Math.min(GRID, tiles);
  const rows = Math.min(GRID, Math.ceil(tiles / columns));
  return { interval, tiles, tileWidth, tileHeight, columns, rows, sheets: Math.ceil(tiles / (columns * rows)) };
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT index: one cue per tile, the last one ending at the video's end. */
export function storyboardVtt(plan: StoryboardPlan, duration: number, sheetName: (index: number) => string): string {
  const perSheet = plan.columns * plan.rows;
  const end = Number.isFinite(duration) && duration > 0 ? duration : plan.tiles * plan.interval;
  const cues: string[] = ['WEBVTT', ''];
  for (let i = 0; i < plan.tiles; i += 1) {
    const start = i * plan.interval;
    const stop = i === plan.tiles - 1 ? Math.max(end, start + 0.001) : Math.min((i + 1) * plan.interval, end);
    const within = i % perSheet;
    const x = (within % plan.columns) * plan.tileWidth;
    const y = Math.floor(within / plan.columns) * plan.tileHeight;
    cues.push(`${vttTime(start)} --> ${vttTime(stop)}`, `${sheetName(Math.floor(i / perSheet))}#xywh=${x},${y},${plan.tileWidth},${plan.tileHeight}`, '');
  }
  return cues.join('\n');
}

export interface StoryboardOptions {
  /** A local video file (a rendition: keyframes every 2 s). */
  input: string;
  outputDir: string;
  duration: number;
  width: number;
  height: number;
  signal?: AbortSignal;
}

/** Makes the sprite sheets and the VTT in outputDir; throws MediaToolError when ffmpeg fails. */
export async function makeStoryboard(options: StoryboardOptions): Promise<StoryboardInfo> {
  const plan = planStoryboard(options.duration, options.width, options.height);
  const token = randomBytes(4).toString('hex');
  const sheetName = (index: number) => `storyboard-${token}-${index}.jpg`;
  const filter = [
    // The first keyframe, then the first one at least an interval (less a quarter GOP) later:
    // keyframes between grid marks (the 1 s start segment's, a copied source's) are skipped. Not
    // the fps filter: fed keyframes only, it drops the last tile (it waits for a later frame).
    `select='isnan(prev_selected_t)+gte(t-prev_selected_t,${plan.interval - GOP_SECONDS / 4})'`,
    `trim=end_frame=${plan.tiles}`,
    `scale=${plan.tileWidth}:${plan.tileHeight}:flags=bilinear`,
    'setsar=1',
    `tile=${plan.columns}x${plan.rows}`,
  ].join(',');
  await runFfmpeg(
    [
      // A rendition this pipeline wrote: opened as MP4 (never guessed), local files only.
      '-v', 'error', '-skip_frame', 'nokey', ...fencedInput(options.input, 'mov'), '-an', '-sn', '-vf', filter,
      '-q:v', '5', '-start_number', '0', '-f', 'image2',
      path.join(options.outputDir, `storyboard-${token}-%d.jpg`),
    ],
    { timeoutMs: 120_000 + options.duration * 1000, lowPriority: true, signal: options.signal },
  );
  const vtt = `storyboard-${token}.vtt`;
  await writeFile(path.join(options.outputDir, vtt), storyboardVtt(plan, options.duration, sheetName));
  return {
    vtt,
    sprites: Array.from({ length: plan.sheets }, (_, i) => sheetName(i)),
    interval: plan.interval,
    tileWidth: plan.tileWidth,
    tileHeight: plan.tileHeight,
    columns: plan.columns,
    rows: plan.rows,
    tiles: plan.tiles,
  };
}
