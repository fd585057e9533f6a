/** The player's framework-free parts, shared by the video page and the embed (docs/player.md). */
export { attachMediaSession, SESSION_SEEK_SECONDS, type MediaSessionDetails } from './mediaSession';
