/**
 * A video as the API answers it, shared by every area that answers with videos (the list, one
 * video, uploads, search, profiles, playlists, feeds, sharing, captions). Titles name the shared
 * shapes in the OpenAPI document (components.schemas) and so in the SPA's generated types.
 */
import { Type } from 'typebox';

/** Where an upload is in the media pipeline: `ready` plays everywhere; `failed` never will. */
export const VideoStatusSchema = Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')], { title: 'VideoStatus' });
const VisibilitySchema = Type.Union([Type.Literal('public'), Type.Literal('unlisted'), Type.Literal('private')], { title: 'Visibility' });
/** One WebP card image of a video, `width` pixels wide (for `srcset`). */
const ThumbnailSourceSchema = Type.Object({ width: Type.Integer({ minimum: 1 }), url: Type.String() }, { title: 'ThumbnailSource' });

const ProgressiveSourceSchema = Type.Object(
  { url: Type.String(), width: Type.Integer({ minimum: 1 }), height: Type.Integer({ minimum: 1 }) },
  { title: 'ProgressiveSource', description: 'One rung as a progressive MP4 (docs/playback.md, "Fast start")' },
);

/** Where a video is in the pipeline (server/domains/media/progress.ts). */
const ProcessingStageSchema = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('probing'),
    Type.Literal('transcoding'),
    Type.Literal('packaging'),
    Type.Literal('storyboard'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ],
  {
  title: 'ProcessingStage',
    description: 'queued (waiting for a worker), probing, transcoding, packaging, storyboard while processing; done when ready; failed when failed',
  },
);
/** Why processing failed, as a stable code (processingError says it in words). */
const ProcessingErrorCodeSchema = Type.Union(
  [
    ...([
      Type.Literal('unsupported'),
      Type.Literal('tooLong'),
      Type.Literal('tooLarge'),
      Type.Literal('corrupt'),
      Type.Literal('timeout'),
      Type.Literal('missingOriginal'),
      Type.Literal('transcode'),
    ] as const),
    Type.Null(),
  ],
  {
  title: 'ProcessingErrorCode',
    description:
      'unsupported format, too long, picture too large, corrupt file, processing took too long (timeout), original missing, other transcode failure; null unless failed',
  },
);
/** The processing fields every answer about one video's state carries. */
export const processingFields = {
  processingStage: ProcessingStageSchema,
  processingErrorCode: ProcessingErrorCodeSchema,
  queuePosition: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: "1-based place among the waiting jobs, for the video's owner while it is queued; null otherwise",
  }),
  etaSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: "Estimated seconds until ready, for the video's owner while it is processing, from this site's measured speed; null when unknown",
  }),
};
/** One caption track of a video (docs/captions.md). */
export const CaptionTrackSchema = Type.Object(
  {
    lang: Type.String({ description: 'BCP 47 language tag, canonical (en, zh-Hans)' }),
    label: Type.String(),
    url: Type.String({ description: 'The WebVTT file (text/vtt), under the same access rule as the video' }),
    source: Type.Union([Type.Literal('upload'), Type.Literal('auto')], { description: 'upload: sent by the owner; auto: made by the transcription engine' }),
  },
  { title: 'CaptionTrack' },
);

/** A selfie video, as domains/videos/videos.ts toPublicVideo builds it. */
export const SelfieVideoSchema = Type.Object({
  _id: Type.String(),
  movieId: Type.String({
    description:
      "The storage key of the file cdnUrl plays (the MP4 rendition; a video made before the media pipeline: its uploaded file); '' until ready. Never an original's key",
  }),
  title: Type.String(),
  description: Type.String(),
  visibility: VisibilitySchema,
  views: Type.Number(),
  cdnUrl: Type.String({ description: "The progressive MP4 (/media/<movieId>); '' until ready" }),
  thumbnailCdnUrl: Type.String(),
  user: Type.String(),
  username: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Present only while moderators hide the video (seen by its owner and moderators). */
  hiddenReason: Type.Optional(Type.String()),
  // The media pipeline (server/domains/media): processing state and renditions.
  status: VideoStatusSchema,
  processingProgress: Type.Integer({ minimum: 0, maximum: 100 }),
  processingError: Type.Union([Type.String(), Type.Null()]),
  ...processingFields,
  duration: Type.Number({ minimum: 0 }),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
  hlsUrl: Type.Union([Type.String(), Type.Null()]),
  posterUrl: Type.Union([Type.String(), Type.Null()]),
  thumbnailSources: Type.Array(ThumbnailSourceSchema),
  progressiveSources: Type.Array(ProgressiveSourceSchema, {
    description:
      'Every rung as a progressive MP4, smallest first (the last is cdnUrl): the server-rendered player offers the one that fits the viewer\'s box, so play works before any script. [] until ready, and for a video made before the media pipeline',
  }),
  // Playback (docs/playback.md).
  storyboardUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'WebVTT index of seek-preview sprite sheets (cues point at sprite.jpg#xywh=x,y,w,h); null until made',
  }),
  audioHlsUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      'The audio-only HLS media playlist (AAC; the master playlist\'s audio group, or cut later for older videos) that listen mode plays; null without sound, until ready, or not made yet',
  }),
  hasAudio: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'Whether the video has sound; null when not known (processing, or a video made before the media pipeline)',
  }),
  chapters: Type.Array(Type.Object({ start: Type.Number({ minimum: 0, description: 'Seconds' }), title: Type.String() }, { title: 'VideoChapter' }), {
    description: 'From "0:00 Intro" lines of the description; [] when none',
  }),
  downloadEnabled: Type.Optional(
    Type.Boolean({
      description:
        'Whether viewers may download the video: its owner allows it and the site has downloads on (single-video answers only). ' +
        "Always present in the owner's answers (false included); in anyone else's only when true",
    }),
  ),
  resumeAt: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
    description: "The signed-in viewer's saved position in seconds (single-video answers only); null otherwise",
  }),
  subscriberCount: Type.Optional(
    Type.Integer({ minimum: 0, description: "How many users follow the video's uploader (GET of one video only)" }),
  ),
  subscribed: Type.Optional(
    Type.Boolean({ description: "Whether the signed-in viewer follows the video's uploader (GET of one video, signed-in viewers only)" }),
  ),
  qualities: Type.Integer({
    minimum: 0,
    description: 'Qualities the HLS playlist offers (0 until ready): the player reserves its quality menu from the first paint',
  }),
  captions: Type.Array(CaptionTrackSchema, { description: 'Caption tracks (WebVTT); [] when none' }),
}, { title: 'SelfieVideo' });
