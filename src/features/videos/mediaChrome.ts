/**
 * The player's controls: media-chrome web components (only those the player uses, with its
 * Chinese labels). Its own chunk, imported by VideoPlayer once it runs in the browser: the
 * server renders a plain poster box and the page works with native controls until this arrives.
 */
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-pip-button.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import 'media-chrome/dist/media-loading-indicator.js';
import 'media-chrome/dist/menu/media-playback-rate-menu-button.js';
import 'media-chrome/dist/menu/media-playback-rate-menu.js';
import 'media-chrome/dist/menu/media-captions-menu-button.js';
import 'media-chrome/dist/menu/media-captions-menu.js';
import 'media-chrome/dist/lang/zh-CN.js';

/** media-chrome's language for the site's locale (it ships zh-CN labels). */
export function mediaChromeLang(locale: string): string {
  return locale.startsWith('zh') ? 'zh-CN' : 'en';
}

export const loaded = true;
