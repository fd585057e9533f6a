/**
 * Captions and transcripts (docs/captions.md): the edit page's captions section, the video page's
 * transcript (its panel is a lazy chunk), what the player needs to choose a track, and the clock
 * it shares with the transcript.
 */
export { CaptionsSection } from './CaptionsSection';
export { Transcript } from './Transcript';
export { createPlaybackClock, type PlaybackClock } from './playbackClock';
export { chooseCaptionTrack, readCaptionChoice, saveCaptionChoice, trackFor, CAPTIONS_OFF } from './captionChoice';
export { captionsApi, usePutCaptionsMutation, useDeleteCaptionsMutation, type PutCaptionsArgs } from './captionsApi';
export { formatCueTime } from './cueTime';
