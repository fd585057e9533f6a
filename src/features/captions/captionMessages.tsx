/**
 * The captions feature's own texts, en and zh: they ship with the edit page and the transcript's
 * chunk, not with every page's JavaScript (which has a byte budget). CaptionsIntl merges them into
 * react-intl's messages for its subtree, as the player does (videos/playerMessages.tsx). Every key
 * in both languages.
 */
import { featureIntl, type FeatureTranslate } from '../../i18n/featureIntl';

export const captionsEn = {
  'captions.section.title': 'Captions',
  'captions.section.intro': 'Add subtitles so people can follow the video without sound. Upload a SubRip (.srt) or WebVTT (.vtt) file, up to 2 MB, one per language.',
  'captions.section.auto': 'Captions in the spoken language are made automatically after processing; you can replace or remove them.',
  'captions.section.empty': 'This video has no captions yet.',
  'captions.section.notReady': 'Captions can be added once the video has finished processing.',
  'captions.section.list': 'Caption tracks',
  'captions.section.source.upload': 'Uploaded',
  'captions.section.source.auto': 'Automatic',
  'captions.section.preview': 'Preview',
  'captions.section.hidePreview': 'Hide preview',
  'captions.section.previewOf': 'Preview of {label}',
  'captions.section.replace': 'Replace',
  'captions.section.replaceTrack': 'Replace {label}',
  'captions.section.remove': 'Remove',
  'captions.section.removeTrack': 'Remove {label}',
  'captions.section.removing': 'Removing…',
  'captions.section.confirmRemove': 'Remove the {label} captions?',
  'captions.section.removed': 'Captions removed.',
  'captions.section.add': 'Add captions',
  'captions.section.language': 'Language',
  'captions.section.otherLanguage': 'Other language…',
  'captions.section.languageTag': 'Language tag (BCP 47, e.g. fr or pt-BR)',
  'captions.section.label': 'Label (optional)',
  'captions.section.file': 'Caption file (.srt or .vtt)',
  'captions.section.upload': 'Upload captions',
  'captions.section.uploading': 'Uploading…',
  'captions.section.saved': 'Captions saved.',
  'captions.section.failed': 'The captions could not be saved. Please try again.',
  'captions.section.fileMissing': 'Choose a caption file.',
  'captions.section.tagMissing': 'Enter a language tag.',
  'captions.lang.en': 'English',
  'captions.lang.zh-Hans': 'Chinese (Simplified)',
  'captions.lang.zh-Hant': 'Chinese (Traditional)',
  'captions.transcript.title': 'Transcript',
  'captions.transcript.language': 'Transcript language',
  'captions.transcript.search': 'Search the transcript',
  'captions.transcript.matches': '{count, plural, =0 {No line matches} one {# line matches} other {# lines match}}',
  'captions.transcript.copy': 'Copy transcript',
  'captions.transcript.copied': 'Transcript copied.',
  'captions.transcript.copyFailed': 'Could not copy: select the text and copy it yourself.',
  'captions.transcript.failed': 'The transcript could not be loaded.',
  'captions.transcript.retry': 'Try again',
  'captions.transcript.empty': 'This transcript has no lines.',
  'captions.transcript.lines': 'Transcript lines',
  'captions.transcript.playFrom': 'Play from',
} as const;

export type CaptionsMessageKey = keyof typeof captionsEn;

export const captionsZh: Record<CaptionsMessageKey, string> = {
  'captions.section.title': '字幕',
  'captions.section.intro': '添加字幕，让观众无需声音也能看懂视频。上传 SubRip（.srt）或 WebVTT（.vtt）文件，最大 2 MB，每种语言一个。',
  'captions.section.auto': '视频处理完成后会自动生成语音语言的字幕；您可以替换或删除它。',
  'captions.section.empty': '该视频还没有字幕。',
  'captions.section.notReady': '视频处理完成后才能添加字幕。',
  'captions.section.list': '字幕轨道',
  'captions.section.source.upload': '已上传',
  'captions.section.source.auto': '自动生成',
  'captions.section.preview': '预览',
  'captions.section.hidePreview': '隐藏预览',
  'captions.section.previewOf': '{label} 预览',
  'captions.section.replace': '替换',
  'captions.section.replaceTrack': '替换 {label}',
  'captions.section.remove': '删除',
  'captions.section.removeTrack': '删除 {label}',
  'captions.section.removing': '正在删除…',
  'captions.section.confirmRemove': '删除 {label} 字幕？',
  'captions.section.removed': '字幕已删除。',
  'captions.section.add': '添加字幕',
  'captions.section.language': '语言',
  'captions.section.otherLanguage': '其他语言…',
  'captions.section.languageTag': '语言标签（BCP 47，例如 fr 或 pt-BR）',
  'captions.section.label': '标签（可选）',
  'captions.section.file': '字幕文件（.srt 或 .vtt）',
  'captions.section.upload': '上传字幕',
  'captions.section.uploading': '正在上传…',
  'captions.section.saved': '字幕已保存。',
  'captions.section.failed': '字幕保存失败，请重试。',
  'captions.section.fileMissing': '请选择字幕文件。',
  'captions.section.tagMissing': '请输入语言标签。',
  'captions.lang.en': '英语',
  'captions.lang.zh-Hans': '简体中文',
  'captions.lang.zh-Hant': '繁体中文',
  'captions.transcript.title': '文字稿',
  'captions.transcript.language': '文字稿语言',
  'captions.transcript.search': '在文字稿中搜索',
  'captions.transcript.matches': '{count, plural, =0 {没有匹配的行} other {# 行匹配}}',
  'captions.transcript.copy': '复制文字稿',
  'captions.transcript.copied': '文字稿已复制。',
  'captions.transcript.copyFailed': '无法复制：请自行选择文字并复制。',
  'captions.transcript.failed': '文字稿加载失败。',
  'captions.transcript.retry': '重试',
  'captions.transcript.empty': '该文字稿没有内容。',
  'captions.transcript.lines': '文字稿内容',
  'captions.transcript.playFrom': '播放',
};

const captions = featureIntl({ en: captionsEn as Record<CaptionsMessageKey, string>, zh: captionsZh });
/** The app's messages plus the captions feature's, for its subtree. */
export const CaptionsIntl = captions.FeatureIntl;
/** useT inside CaptionsIntl: the app's keys and the feature's. */
export const useCaptionsT = captions.useFeatureT;
export type CaptionsTranslate = FeatureTranslate<CaptionsMessageKey>;
