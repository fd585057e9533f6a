/**
 * hls.js ships no typings for its "light" build (same API, fewer features: no subtitles, EME or
 * alternate audio renditions); they are the full build's.
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

/** A file bundled as an asset: its URL (webpack's `?url` rule). */
declare module '*?url' {
  const url: string;
  export default url;
}
