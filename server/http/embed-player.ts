/**
 * The embed page's script (docs/sharing.md), served as /embed/player.js: a few kilobytes on top of
 * the browser's own <video> controls, so a page that embeds a video pays almost nothing for it.
 * It reads the options the server wrote on the element (start time, autoplay muted, loop,
 * captions language), plays HLS where the browser plays it natively and the fast-start MP4
 * elsewhere, and adds the site player's keyboard shortcuts (space/k play-pause, j/l or ←/→ seek
 * 10 s/5 s, m mute, f fullscreen, c captions, 0–9 jump to a tenth). Plain ES2017, no framework.
 */
export const EMBED_PLAYER_JS = String.raw`(function () {
  'use strict';
  var video = document.getElementById('player');
  if (!video) return;
  var data = video.dataset;
  var hls = data.hls;
  if (hls && video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = hls;
  } else if (data.mp4) {
    video.src = data.mp4;
  }
  var start = Number(data.start || 0);
  if (start > 0) {
    video.addEventListener('loadedmetadata', function once() {
      video.removeEventListener('loadedmetadata', once);
      if (isFinite(video.duration) && start < video.duration) video.currentTime = start;
    });
  }
  if (data.loop === '1') video.loop = true;
  var wantCaptions = data.captions || '';
  function showCaptions(lang) {
    var tracks = video.textTracks;
    for (var i = 0; i < tracks.length; i += 1) {
      var track = tracks[i];
      var match = lang && (track.language === lang || track.language.split('-')[0] === lang);
      track.mode = match ? 'showing' : 'disabled';
    }
  }
  if (wantCaptions) {
    showCaptions(wantCaptions);
    video.textTracks.addEventListener && video.textTracks.addEventListener('addtrack', function () { showCaptions(wantCaptions); });
  }
  if (data.autoplay === '1') {
    video.muted = true;
    video.autoplay = true;
    var started = video.play();
    if (started && started.catch) started.catch(function () {});
  }
  function seek(by) {
    var end = isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.max(0, Math.min(end, video.currentTime + by));
  }
  function toggleCaptions() {
    var tracks = video.textTracks;
    var showing = false;
    for (var i = 0; i < tracks.length; i += 1) if (tracks[i].mode === 'showing') showing = true;
    if (showing) showCaptions('');
    else if (tracks.length > 0) showCaptions(wantCaptions || tracks[0].language);
  }
  document.addEventListener('keydown', function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && target.tagName === 'A') return;
    var key = event.key;
    var handled = true;
    if (key === ' ' || key === 'k' || key === 'K') {
      if (target === video && key === ' ') return;
      if (video.paused) video.play(); else video.pause();
    } else if (key === 'ArrowLeft') seek(-5);
    else if (key === 'ArrowRight') seek(5);
    else if (key === 'j' || key === 'J') seek(-10);
    else if (key === 'l' || key === 'L') seek(10);
    else if (key === 'm' || key === 'M') video.muted = !video.muted;
    else if (key === 'c' || key === 'C') toggleCaptions();
    else if (key === 'f' || key === 'F') {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (video.requestFullscreen) video.requestFullscreen();
    } else if (/^[0-9]$/.test(key) && isFinite(video.duration)) video.currentTime = (video.duration * Number(key)) / 10;
    else handled = false;
    if (handled) event.preventDefault();
  });
})();
`;
