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
// Menus create their items as media-chrome-menu-item, which no menu module defines itself.
import 'media-chrome/dist/menu/media-chrome-menu-item.js';
import 'media-chrome/dist/menu/media-playback-rate-menu-button.js';
import 'media-chrome/dist/menu/media-playback-rate-menu.js';
import 'media-chrome/dist/menu/media-captions-menu-button.js';
import 'media-chrome/dist/menu/media-captions-menu.js';
import { En } from 'media-chrome/dist/lang/en.js';
import { ZhCn } from 'media-chrome/dist/lang/zh-CN.js';
import { addTranslation } from 'media-chrome/dist/utils/i18n.js';

// The speed button shows "1.5x": its accessible name must contain that visible text (WCAG 2.5.3,
// axe's label-content-name-mismatch), which media-chrome's "Playback rate 1.5" does not.
addTranslation('en', { ...En, 'Playback rate {playbackRate}': '{playbackRate}x playback rate' });
addTranslation('zh-CN', { ...ZhCn, 'Playback rate {playbackRate}': '{playbackRate}x 播放速度' });

/** media-chrome's language for the site's locale (it ships zh-CN labels). */
export function mediaChromeLang(locale: string): string {
  return locale.startsWith('zh') ? 'zh-CN' : 'en';
}

export const loaded = true;
