/**
 * Caption tracks of a ready video (docs/captions.md): stored in the video's current renditions
 * generation folder, so they share the renditions' URLs, access rule, caching and moves
 * (docs/media-privacy.md), and listed in its rendition manifest (`captions`).
 *
 * Every change writes new files under fresh random names — the track's WebVTT, its HLS media
 * playlist and a new master playlist that lists every track as a SUBTITLES rendition — and then
 * points the row at them with a conditional update (the row's renditions unchanged since read).
 * When something else changed the row meanwhile (another caption change, a generation move), the
 * files just written are removed and the change is tried again on the new row. Old files go once
 * the row no longer names them: keys are never reused, so public ones stay `immutable`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';

import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database, VideoRow } from '../../infra/db/schema';
import type { CaptionTrackFiles, RenditionManifest } from '../media/renditions';
import type { Storage } from '../../infra/storage/storage';
import { renditionManifest } from '../videos/videos';

import { hlsVtt, type CaptionCue, type ParsedCaptions } from './parse';

export const CAPTION_LABEL_MAX_LENGTH = 80;
/** Tracks per video: more languages than any real video needs, and each track is stored and indexed. */
export const CAPTION_MAX_TRACKS = 50;
const ATTEMPTS = 4;

export class CaptionStateError extends Error {
  /** tooManyTracks: a new language for a video that has CAPTION_MAX_TRACKS already (replacing one is fine). */
  constructor(readonly reason: 'notReady' | 'notFound' | 'busy' | 'tooManyTracks') {
    super(reason);
    this.name = 'CaptionStateError';
  }
}

export interface CaptionDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** The first segment's MPEG-TS start (90 kHz) of a generation (domains/captions/subtitles.ts). */
  firstPts(prefix: string, variantPlaylist: string): Promise<number>;
}

/** A label as shown in menus: one line, no control characters, at most 80 characters. */
export function cleanLabel(label: string | undefined, lang: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = (label ?? '').replace(/[\u0000-\u001f\u007f"]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, CAPTION_LABEL_MAX_LENGTH);
  if (cleaned) return cleaned;
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

/** The HLS master playlist `base` with the tracks as SUBTITLES renditions of group "subs". */
export function masterWithSubtitles(base: string, tracks: CaptionTrackFiles[]): string {
  if (tracks.length === 0) return base;
  const media = tracks.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${track.label.replace(/"/g, "'")}",LANGUAGE="${track.lang}",` +
      `DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${track.playlist}"`,
  );
  const out: string[] = [];
  let inserted = false;
  for (const line of base.split('\n')) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      if (!inserted) {
        out.push(...media);
        inserted = true;
      }
      out.push(`${line},SUBTITLES="subs"`);
    } else {
      out.push(line);
    }
  }
  if (!inserted) out.push(...media);
  return out.join('\n');
}

/** A one-segment VOD media playlist for a whole-video WebVTT file. */
export function subtitlePlaylist(vttFile: string, duration: number): string {
  const seconds = Math.max(1, duration);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    vttFile,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

async function readRow(db: Kysely<Database>, videoId: string): Promise<VideoRow> {
  const row = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirst();
  if (!row) throw new CaptionStateError('notFound');
  return row;
}

export function captionTracksOf(manifest: RenditionManifest | null): CaptionTrackFiles[] {
  return manifest && Array.isArray(manifest.captions) ? manifest.captions : [];
}

interface Change {
  /** Files to write in the generation folder, by name. */
  files: Record<string, string>;
  manifest: RenditionManifest;
  /** Files the row stops naming. */
  obsolete: string[];
  /** The track's text for search (caption_texts), written with the row: its cues, or null to remove it. */
  text: { lang: string; cues: CaptionCue[] | null };
}

/** A track's cues as caption_texts stores them (docs/search.md#captions-in-search). */
export function captionTextRow(videoId: string, lang: string, cues: CaptionCue[], now: string) {
  const kept = cues.map((cue) => [Math.round(cue.start * 1000) / 1000, cue.text] as const);
  return { video_id: videoId, lang, cues: JSON.stringify(kept), body: kept.map(([, text]) => text).join('\n'), updated_at: now };
}

/** Writes (or removes) a track's searchable text; inside the transaction of the track's change. */
async function writeCaptionText(db: Kysely<Database>, videoId: string, text: Change['text'], now: string): Promise<void> {
  if (text.cues === null) {
    await db.deleteFrom('caption_texts').where('video_id', '=', videoId).where('lang', '=', text.lang).execute();
    return;
  }
  const row = captionTextRow(videoId, text.lang, text.cues, now);
  await db
    .insertInto('caption_texts')
    .values(row)
    .onConflict((conflict) => conflict.columns(['video_id', 'lang']).doUpdateSet({ cues: row.cues, body: row.body, updated_at: now }))
    .execute();
}

/**
 * Applies `plan` to the current row until its conditional update wins; returns the updated row.
 */
async function applyChange(deps: CaptionDeps, videoId: string, plan: (row: VideoRow, manifest: RenditionManifest, token: string) => Promise<Change | null>): Promise<VideoRow> {
  const { db, storage } = deps;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const row = await readRow(db, videoId);
    const manifest = row.status === 'ready' ? renditionManifest(row) : null;
    if (!manifest || !row.renditions_prefix) throw new CaptionStateError('notReady');
    const change = await plan(row, manifest, randomBytes(4).toString('hex'));
    if (!change) return row;
    const prefix = `${row.renditions_prefix}/`;
    const written: string[] = [];
    const dir = await mkdtemp(path.join(tmpdir(), 'captions-'));
    try {
      // Playlists last: whoever finds a playlist finds what it names.
      const names = Object.keys(change.files).sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
      for (const name of names) {
        const local = path.join(dir, name);
        await writeFile(local, change.files[name] as string);
        await storage.putFile(`${prefix}${name}`, local);
        written.push(`${prefix}${name}`);
      }
      const now = toTimestamp();
      // The track and its searchable text change together, or not at all.
      const won = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('videos')
          .set({ renditions: JSON.stringify(change.manifest), updated_at: now })
          .where('id', '=', videoId)
          .where('status', '=', 'ready')
          .where('renditions_prefix', '=', row.renditions_prefix)
          .where('renditions', '=', row.renditions)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await writeCaptionText(trx, videoId, change.text, now);
        return true;
      });
      if (won) {
        written.length = 0;
        for (const name of change.obsolete) await storage.delete(`${prefix}${name}`).catch(() => undefined);
        return readRow(db, videoId);
      }
    } finally {
      for (const key of written) await storage.delete(key).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  }
  throw new CaptionStateError('busy');
}

function smallestVariant(manifest: RenditionManifest): string | undefined {
  return [...manifest.variants].sort((a, b) => a.bandwidth - b.bandwidth)[0]?.playlist;
}

async function masterFiles(deps: CaptionDeps, prefix: string, manifest: RenditionManifest, tracks: CaptionTrackFiles[], token: string) {
  const base = manifest.hlsBase ?? manifest.hls;
  const obsolete = manifest.hls !== base ? [manifest.hls] : [];
  if (tracks.length === 0) return { files: {}, hls: base, hlsBase: undefined, obsolete };
  const baseText = (await buffer(deps.storage.createReadStream(`${prefix}${base}`))).toString('utf8');
  const name = `master-${token}.m3u8`;
  return { files: { [name]: masterWithSubtitles(baseText, tracks) }, hls: name, hlsBase: base, obsolete };
}

/** Stores (or replaces) the track of `lang`. Throws CaptionStateError (tooManyTracks for a new language past the cap). */
export async function putCaptionTrack(
  deps: CaptionDeps,
  videoId: string,
  track: { lang: string; label: string; source: 'upload' | 'auto'; parsed: ParsedCaptions },
): Promise<VideoRow> {
  let pts: number | undefined;
  return applyChange(deps, videoId, async (row, manifest, token) => {
    const previous = captionTracksOf(manifest);
    const replaced = previous.filter((existing) => existing.lang === track.lang);
    // Checked on the row the change is made on, so two adds racing for the last place cannot both win.
    if (replaced.length === 0 && previous.length >= CAPTION_MAX_TRACKS) throw new CaptionStateError('tooManyTracks');
    const prefix = `${row.renditions_prefix}/`;
    const variant = smallestVariant(manifest);
    pts ??= variant ? await deps.firstPts(prefix, variant) : 0;
    const vtt = `subs-${token}.vtt`;
    const playlist = `subs-${token}.m3u8`;
    const tracks = [
      ...previous.filter((existing) => existing.lang !== track.lang),
      { lang: track.lang, label: track.label, source: track.source, vtt, playlist, cues: track.parsed.cues.length },
    ].sort((a, b) => a.lang.localeCompare(b.lang));
    const master = await masterFiles(deps, prefix, manifest, tracks, token);
    const next: RenditionManifest = { ...manifest, captions: tracks, hls: master.hls, hlsBase: master.hlsBase };
    return {
      files: {
        [vtt]: hlsVtt(track.parsed.vtt, pts),
        [playlist]: subtitlePlaylist(vtt, Number(row.duration) || 0),
        ...master.files,
      },
      manifest: next,
      obsolete: [...replaced.flatMap((old) => [old.vtt, old.playlist]), ...master.obsolete],
      text: { lang: track.lang, cues: track.parsed.cues },
    };
  });
}

/** Removes the track of `lang`; false when there was none. Throws CaptionStateError. */
export async function deleteCaptionTrack(deps: CaptionDeps, videoId: string, lang: string): Promise<boolean> {
  let found = false;
  await applyChange(deps, videoId, async (row, manifest, token) => {
    const previous = captionTracksOf(manifest);
    const removed = previous.filter((existing) => existing.lang === lang);
    found = removed.length > 0;
    if (!found) return null;
    const tracks = previous.filter((existing) => existing.lang !== lang);
    const master = await masterFiles(deps, `${row.renditions_prefix}/`, manifest, tracks, token);
    const next: RenditionManifest = { ...manifest, captions: tracks, hls: master.hls };
    if (master.hlsBase) next.hlsBase = master.hlsBase;
    else delete next.hlsBase;
    return {
      files: master.files,
      manifest: next,
      obsolete: [...removed.flatMap((old) => [old.vtt, old.playlist]), ...master.obsolete],
      text: { lang, cues: null },
    };
  });
  return found;
}
