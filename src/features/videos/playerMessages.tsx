/**
 * The player's own texts, en and zh. They ship with the video page's chunk (not with every
 * page's JavaScript, which has a byte budget); VideoPlayer merges them into react-intl's messages
 * for its subtree (PlayerIntl). Same rules as src/i18n/messages: every key in both languages.
 */
import { featureIntl, type FeatureTranslate } from '../../i18n/featureIntl';

export const playerEn = {
  'videos.player.group': 'Player: {title}',
  'videos.player.hint': 'Keyboard shortcuts work while the player has focus; press ? for the list.',
  'videos.player.shortcuts': 'Keyboard shortcuts',
  'videos.player.shortcut.keys': 'Keys',
  'videos.player.shortcut.action': 'Action',
  'videos.player.shortcut.playPause': 'Play or pause',
  'videos.player.shortcut.seek5': 'Back or forward 5 seconds',
  'videos.player.shortcut.seek10': 'Back or forward 10 seconds',
  'videos.player.shortcut.volume': 'Volume up or down',
  'videos.player.shortcut.mute': 'Mute or unmute',
  'videos.player.shortcut.fullscreen': 'Fullscreen on or off',
  'videos.player.shortcut.captions': 'Captions on or off',
  'videos.player.shortcut.speed': 'Slower or faster',
  'videos.player.shortcut.jump': 'Jump to 0–90% of the video',
  'videos.player.shortcut.help': 'Show this list',
  'videos.player.key.space': 'Space',
  'videos.player.close': 'Close',
  'videos.player.volumeIs': 'Volume {percent}%',
  'videos.player.muted': 'Muted',
  'videos.player.unmuted': 'Sound on',
  'videos.player.noCaptions': 'This video has no captions.',
  'videos.player.captionsOn': 'Captions on',
  'videos.player.captionsOff': 'Captions off',
  'videos.player.speedIs': 'Speed {rate}×',
  'videos.player.failed': 'The video could not be played. Check your connection and try again.',
  'videos.player.stalled': 'The video is taking a long time to load. The connection may be slow.',
  'videos.player.retry': 'Retry',
  'videos.player.resume': 'Resume from {time}',
  'videos.player.startOver': 'Start over',
  'videos.player.share': 'Share',
  'videos.player.startAt': 'Start at {time}',
  'videos.player.copyLink': 'Copy link',
  'videos.player.copied': 'Link copied.',
  'videos.player.copyManually': 'Copy this link:',
  'videos.player.chapters': 'Chapters',
  'videos.player.listen': 'Listen',
  'videos.player.listening': 'Listening',
  'videos.player.listenOn': 'Listen mode on: sound only, it keeps playing with the screen off.',
  'videos.player.listenOff': 'Listen mode off: the picture is back.',
  'videos.player.noSound': 'This video has no sound',
  // --- sharing: the share panel's embed code (docs/sharing.md) ---
  'videos.player.shareLink': 'Link',
  'videos.player.embedCode': 'Embed code',
  'videos.player.copyEmbed': 'Copy embed code',
  'videos.player.embedCopied': 'Embed code copied.',
  // --- end sharing ---
} as const;

export type PlayerMessageKey = keyof typeof playerEn;

export const playerZh: Record<PlayerMessageKey, string> = {
  'videos.player.group': '播放器：{title}',
  'videos.player.hint': '播放器获得焦点时可使用键盘快捷键；按 ? 查看列表。',
  'videos.player.shortcuts': '键盘快捷键',
  'videos.player.shortcut.keys': '按键',
  'videos.player.shortcut.action': '操作',
  'videos.player.shortcut.playPause': '播放或暂停',
  'videos.player.shortcut.seek5': '后退或前进 5 秒',
  'videos.player.shortcut.seek10': '后退或前进 10 秒',
  'videos.player.shortcut.volume': '调高或调低音量',
  'videos.player.shortcut.mute': '静音或取消静音',
  'videos.player.shortcut.fullscreen': '进入或退出全屏',
  'videos.player.shortcut.captions': '开启或关闭字幕',
  'videos.player.shortcut.speed': '减速或加速',
  'videos.player.shortcut.jump': '跳到视频的 0–90%',
  'videos.player.shortcut.help': '显示此列表',
  'videos.player.key.space': '空格',
  'videos.player.close': '关闭',
  'videos.player.volumeIs': '音量 {percent}%',
  'videos.player.muted': '已静音',
  'videos.player.unmuted': '已取消静音',
  'videos.player.noCaptions': '此视频没有字幕。',
  'videos.player.captionsOn': '字幕已开启',
  'videos.player.captionsOff': '字幕已关闭',
  'videos.player.speedIs': '速度 {rate}×',
  'videos.player.failed': '视频无法播放。请检查网络连接后重试。',
  'videos.player.stalled': '视频加载时间过长，网络可能较慢。',
  'videos.player.retry': '重试',
  'videos.player.resume': '从 {time} 继续播放',
  'videos.player.startOver': '从头播放',
  'videos.player.share': '分享',
  'videos.player.startAt': '从 {time} 开始',
  'videos.player.copyLink': '复制链接',
  'videos.player.copied': '链接已复制。',
  'videos.player.copyManually': '请复制此链接：',
  'videos.player.chapters': '章节',
  'videos.player.listen': '收听',
  'videos.player.listening': '正在收听',
  'videos.player.listenOn': '收听模式已开启：只播放声音，关闭屏幕也会继续播放。',
  'videos.player.listenOff': '收听模式已关闭：画面已恢复。',
  'videos.player.noSound': '此视频没有声音',
  // --- sharing: the share panel's embed code (docs/sharing.md) ---
  'videos.player.shareLink': '链接',
  'videos.player.embedCode': '嵌入代码',
  'videos.player.copyEmbed': '复制嵌入代码',
  'videos.player.embedCopied': '嵌入代码已复制。',
  // --- end sharing ---
};

export const playerMessages = { en: playerEn as Record<PlayerMessageKey, string>, zh: playerZh };

const player = featureIntl(playerMessages);
/** The app's messages plus the player's, for the player's subtree. */
export const PlayerIntl = player.FeatureIntl;
/** useT for the player: the app's keys and the player's (inside PlayerIntl). */
export const usePlayerT = player.useFeatureT;
export type PlayerTranslate = FeatureTranslate<PlayerMessageKey>;
