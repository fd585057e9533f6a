/** How a self-shot video row is shown to the SPA (the selfie video wire shape, plus the media fields). */
import type { VideoRow, VideoStatus, Visibility } from '../../infra/db/schema';
import { DEFAULT_LANGUAGE, translate, type Language, type MessageKey } from '../../i18n';
import type { RenditionManifest } from '../media/renditions';
import { parseChapters, type Chapter } from '../playback/chapters';

/** Where uploaded media is served from (see domains/media/media-routes.ts); keys are storage keys. */
export const MEDIA_PREFIX = '/media';

export function videoMediaUrl(key: string): string {
  return `${MEDIA_PREFIX}/${key}`;
}

export interface PublicVideo {
  _id: string;
  /**
   * The storage key of the file `cdnUrl` plays (`cdnUrl` is `/media/<movieId>`): the MP4 rendition,
   * or the uploaded file of a video made before the pipeline; '' while processing or failed. Never
   * the key of an original kept beside renditions (docs/media-privacy.md#originals).
   */
  movieId: string;
  title: string;
  description: string;
  visibility: Visibility;
  views: number;
  /** The progressive H.264 MP4 once ready (a video made before the pipeline: its uploaded file); '' before. */
  cdnUrl: string;
  /** The uploaded thumbnail. */
  thumbnailCdnUrl: string;
  /** Owner id. */
  user: string;
  username: string;
  createdAt: string;
  updatedAt: string;
  /** Only while moderators hide it (only its owner and moderators ever see such a video). */
  hiddenReason?: string;
  status: VideoStatus;
  /** 0–100. */
  processingProgress: number;
  /** Why processing failed, in the request's language; null unless failed. */
  processingError: string | null;
  /** The same reason as a stable code (for the client's own texts); null unless failed. */
  processingErrorCode: ProcessingErrorCode | null;
  /** queued, probing, transcoding, packaging, storyboard while processing; done; failed. */
  processingStage: ProcessingStage;
  /** 1-based place among the waiting jobs (owner's single-video and processing answers); null otherwise. */
  queuePosition: number | null;
  /** Estimated seconds until ready (owner's single-video and processing answers); null when unknown. */
  etaSeconds: number | null;
  /** Seconds. */
  duration: number;
  /** Displayed size (rotation applied). */
  width: number;
  height: number;
  /** HLS master playlist; null until ready. */
  hlsUrl: string | null;
  /** A frame of the video for the player; null until made. */
  posterUrl: string | null;
  /** WebP card images of the thumbnail, narrowest first; [] until made. */
  thumbnailSources: Array<{ width: number; url: string }>;
  /** Every rung as a progressive MP4, smallest first (the last is cdnUrl's); [] until ready or without renditions. */
  progressiveSources: Array<{ url: string; width: number; height: number }>;
  /** WebVTT index of the seek-preview sprite sheets (`sprite.jpg#xywh=x,y,w,h` cues); null until made. */
  storyboardUrl: string | null;
  /** The audio-only HLS media playlist (listen mode); null without sound, until ready, or not made yet. */
  audioHlsUrl: string | null;
  /** Whether the video has sound; null when not known (processing, no renditions). */
  hasAudio: boolean | null;
  /** From the description's `0:00 Intro` lines (domains/playback/chapters.ts); [] when none. */
  chapters: Chapter[];
  /** The signed-in viewer's saved position (seconds) in the single-video answer; null otherwise. */
  resumeAt: number | null;
  /**
   * Qualities the HLS playlist offers (0 until ready): the page reserves the player's quality
   * toolbar from its first paint when there is a choice, instead of it appearing (and pushing
   * the page down) once the playlist has been read.
   */
  qualities: number;
  /** Caption tracks (docs/captions.md), WebVTT; [] when none. */
  captions: PublicCaptionTrack[];
  /**
   * Whether viewers may download it (docs/sharing.md): its owner allows it and the site has
   * downloads on. Single-video answers only: the owner's always carry it (false included), anyone
   * else's only when true.
   */
  downloadEnabled?: boolean;
}

export interface PublicCaptionTrack {
  /** BCP 47 (`en`, `zh-Hans`). */
  lang: string;
  label: string;
  url: string;
  source: 'upload' | 'auto';
}

/** What only some answers know (the viewer's own position; the owner's queue place and ETA). */
export interface PublicVideoExtras {
  resumeAt?: number | null;
  queuePosition?: number | null;
  etaSeconds?: number | null;
  /** The site has downloads on (DOWNLOADS): single-video answers then say whether this one may be downloaded. */
  downloadsAllowed?: boolean;
  /** The answer goes to the video's owner: its settings are always present (downloadEnabled false, not absent). */
  forOwner?: boolean;
}

/** Where a video is in the pipeline (server/domains/media/progress.ts writes the running stages). */
export const PROCESSING_STAGE_VALUES = ['queued', 'probing', 'transcoding', 'packaging', 'storyboard', 'done', 'failed'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGE_VALUES)[number];

/** Stable reasons a video failed (processingErrorCode); the message keys say them in words. */
export const PROCESSING_ERROR_CODES = ['unsupported', 'tooLong', 'tooLarge', 'corrupt', 'timeout', 'missingOriginal', 'transcode'] as const;
export type ProcessingErrorCode = (typeof PROCESSING_ERROR_CODES)[number];

const ERROR_CODES: Record<string, ProcessingErrorCode> = {
  'media.failedUnsupported': 'unsupported',
  'media.failedTooLong': 'tooLong',
  'media.failedTooLarge': 'tooLarge',
  'media.failedUndecodable': 'corrupt',
  'media.failedTimeout': 'timeout',
  'media.failedMissingOriginal': 'missingOriginal',
  'media.failedTranscode': 'transcode',
};

/** The code of a failed video's stored reason (a message key); `transcode` for anything else. */
export function processingErrorCodeOf(key: string | null): ProcessingErrorCode {
  return (key && ERROR_CODES[key]) || 'transcode';
}

/** The stage shown on the wire for a row: done when ready, failed when failed, else the job's stage. */
export function processingStageOf(video: Pick<VideoRow, 'status' | 'processing_stage'>): ProcessingStage {
  if (video.status === 'ready') return 'done';
  if (video.status === 'failed') return 'failed';
  return video.processing_stage ?? 'queued';
}

/** The stored manifest of a ready video, or null (processing, failed, or made before the pipeline). */
export function renditionManifest(video: Pick<VideoRow, 'renditions' | 'renditions_prefix'>): RenditionManifest | null {
  if (!video.renditions || !video.renditions_prefix) return null;
  try {
    return JSON.parse(video.renditions) as RenditionManifest;
  } catch {
    return null;
  }
}

/**
 * True when the uploaded file is what the video plays: ready without renditions (made before the
 * media pipeline). Otherwise the uploaded file is an original, its owner's only (domains/media/media-routes.ts,
 * the download route): never named in an answer.
 */
export function originalIsPlayback(video: Pick<VideoRow, 'status' | 'renditions' | 'renditions_prefix'>): boolean {
  return video.status === 'ready' && renditionManifest(video) === null;
}

/** The storage key of the progressive file a video plays (movieId, cdnUrl); null while there is none. */
export function playbackKey(video: Pick<VideoRow, 'status' | 'renditions' | 'renditions_prefix' | 'video_key'>): string | null {
  const manifest = video.status === 'ready' ? renditionManifest(video) : null;
  if (manifest) return `${video.renditions_prefix}/${manifest.mp4}`;
  return originalIsPlayback(video) ? video.video_key : null;
}

/** A generation's progressive MP4s, smallest first; a manifest made before them has its one MP4. */
/**
 * Sound, from the renditions: an audio rendition says so; without one (made before them, or the
 * backfill found none or failed) the variants' codecs do (`mp4a` in a muxed or grouped variant).
 */
function hasAudioOf(manifest: RenditionManifest): boolean {
  if (manifest.audio) return true;
  return Array.isArray(manifest.variants) && manifest.variants.some((variant) => typeof variant.codecs === 'string' && variant.codecs.includes('mp4a'));
}

function progressiveSourcesOf(manifest: RenditionManifest, url: (file: string) => string): PublicVideo['progressiveSources'] {
  const files = Array.isArray(manifest.progressive) && manifest.progressive.length > 0
    ? manifest.progressive
    : [{ file: manifest.mp4, width: manifest.mp4Width, height: manifest.mp4Height }];
  return files.filter((file) => file.width > 0 && file.height > 0).map((file) => ({ url: url(file.file), width: file.width, height: file.height }));
}

export function toPublicVideo(
  video: VideoRow & { username: string },
  language: Language = DEFAULT_LANGUAGE,
  extras: PublicVideoExtras = {},
): PublicVideo {
  const status = video.status;
  const manifest = status === 'ready' ? renditionManifest(video) : null;
  const rendition = (file: string) => videoMediaUrl(`${video.renditions_prefix}/${file}`);
  const playback = playbackKey(video);
  const downloadable = extras.downloadsAllowed === true && Number(video.download_enabled) === 1;
  return {
    _id: video.id,
    movieId: playback ?? '',
    title: video.title,
    description: video.description,
    visibility: video.visibility,
    views: Number(video.views),
    cdnUrl: playback ? videoMediaUrl(playback) : '',
    thumbnailCdnUrl: videoMediaUrl(video.thumbnail_key),
    user: video.user_id,
    username: video.username,
    createdAt: video.created_at,
    updatedAt: video.updated_at,
    ...(video.hidden_at !== null ? { hiddenReason: video.hidden_reason ?? '' } : {}),
    status,
    processingProgress: status === 'ready' ? 100 : Math.max(0, Math.min(100, Math.floor(Number(video.processing_progress) || 0))),
    processingError:
      status === 'failed' ? translate(language, (video.processing_error ?? 'media.failedTranscode') as MessageKey) : null,
    processingErrorCode: status === 'failed' ? processingErrorCodeOf(video.processing_error) : null,
    processingStage: processingStageOf(video),
    queuePosition: status === 'processing' ? (extras.queuePosition ?? null) : null,
    etaSeconds: status === 'processing' ? (extras.etaSeconds ?? null) : null,
    duration: Number(video.duration) || 0,
    width: Number(video.width) || 0,
    height: Number(video.height) || 0,
    hlsUrl: manifest ? rendition(manifest.hls) : null,
    posterUrl: manifest?.posterWebp ? rendition(manifest.posterWebp) : manifest?.poster ? rendition(manifest.poster) : null,
    thumbnailSources: manifest ? manifest.cards.map((card) => ({ width: card.width, url: rendition(card.file) })) : [],
    progressiveSources: manifest ? progressiveSourcesOf(manifest, rendition) : [],
    storyboardUrl: manifest?.storyboard ? rendition(manifest.storyboard.vtt) : null,
    audioHlsUrl: manifest?.audio ? rendition(manifest.audio.playlist) : null,
    hasAudio: manifest ? hasAudioOf(manifest) : null,
    chapters: parseChapters(video.description, Number(video.duration) || 0),
    resumeAt: extras.resumeAt ?? null,
    qualities: manifest && Array.isArray(manifest.variants) ? manifest.variants.length : 0,
    captions: manifest && Array.isArray(manifest.captions)
      ? manifest.captions.map((track) => ({ lang: track.lang, label: track.label, url: rendition(track.vtt), source: track.source }))
      : [],
    ...(downloadable || extras.forOwner ? { downloadEnabled: downloadable } : {}),
  };
}
