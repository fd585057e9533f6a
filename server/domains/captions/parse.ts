/**
 * Caption files in, WebVTT out (docs/captions.md).
 *
 * - Bytes → text: a UTF-8 (or UTF-16) byte order mark decides; else strict UTF-8 when the bytes
 *   are valid UTF-8; else the encoding chardet detects (GB18030/GBK, Big5, Shift_JIS, EUC-KR,
 *   windows-125x…) decoded by iconv-lite. NUL or other control bytes: not subtitles.
 * - Text → cues: media-captions (the WebVTT parsing rules; its SRT parser for SubRip), never
 *   regular expressions of our own. A file starting with `WEBVTT` is WebVTT, anything else is tried
 *   as SubRip. Timestamps the parser refuses (`99:99:99,999`) refuse the file.
 * - Cue text → safe WebVTT: the parser's cue-text tokens are written back keeping only what WebVTT
 *   allows (b, i, u, c.classes, v, lang, ruby, rt, timestamps); any other tag (SubRip's <font>) is
 *   dropped and its text kept. Script-like HTML (script, style, iframe, object, embed, on…=
 *   handlers, javascript: URLs) refuses the file: captions are never HTML. It is looked for in the
 *   raw cue and again in its text once entities are decoded (`&lt;script&gt;`).
 * - Cue settings (vertical, line, position, size, align) and overlapping cues are kept.
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';
import type { VTTCue, VTTNode } from 'media-captions';

export const CAPTION_MAX_BYTES = 2 * 1024 * 1024;
export const CAPTION_MAX_CUES = 20_000;
/** Characters of text in one cue: a real cue is a line or two. */
export const CAPTION_MAX_CUE_CHARS = 1_000;
/** How far past the video's end a cue may run. */
export const CAPTION_END_SLACK_SECONDS = 10;

export type CaptionProblem =
  | 'captions.tooLarge'
  | 'captions.notSubtitles'
  | 'captions.noCues'
  | 'captions.badTimestamp'
  | 'captions.tooManyCues'
  | 'captions.cueTooLong'
  | 'captions.html'
  | 'captions.pastEnd';

export class CaptionRejection extends Error {
  constructor(
    readonly problem: CaptionProblem,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(problem);
    this.name = 'CaptionRejection';
  }
}

export interface CaptionCue {
  start: number;
  end: number;
  /** Plain text (tags removed), for transcripts and search. */
  text: string;
}

export interface ParsedCaptions {
  format: 'vtt' | 'srt';
  /** What was detected and decoded (utf-8, gb18030…). */
  encoding: string;
  /** The WebVTT file to store (no timestamp map: see hlsVtt). */
  vtt: string;
  cues: CaptionCue[];
}

/** iconv-lite names for what chardet reports. */
const ENCODING_ALIASES: Record<string, string> = {
  'GB18030': 'gb18030',
  'GBK': 'gb18030',
  'GB2312': 'gb18030',
  'Big5': 'big5',
  'Shift_JIS': 'shift_jis',
  'EUC-JP': 'euc-jp',
  'EUC-KR': 'euc-kr',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
};

export function decodeCaptionBytes(bytes: Buffer): { text: string; encoding: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: strictUtf8(bytes.subarray(3)) ?? notSubtitles(), encoding: 'utf-8' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  const utf8 = strictUtf8(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8' };
  const detected = chardet.detect(bytes);
  const name = detected ? (ENCODING_ALIASES[detected] ?? detected.toLowerCase()) : undefined;
  if (!name || !iconv.encodingExists(name)) notSubtitles();
  return { text: iconv.decode(bytes, name), encoding: name };
}

function strictUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function notSubtitles(): never {
  throw new CaptionRejection('captions.notSubtitles');
}

/** Control characters other than tab, line feed, carriage return and form feed: a binary file. */
function hasBinary(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 0xfffd) return true;
  }
  return false;
}

const DANGEROUS_MARKUP = ['<script', '</script', '<style', '<iframe', '<object', '<embed', '<img', '<svg', '<a ', 'javascript:'];

function looksLikeHtml(text: string): boolean {
  const lower = text.toLowerCase();
  if (DANGEROUS_MARKUP.some((marker) => lower.includes(marker))) return true;
  // An event handler attribute inside a tag (<b onclick=…>).
  const open = lower.indexOf('<');
  return open >= 0 && /<[^>]*\son[a-z]+\s*=/.test(lower);
}

/** WebVTT timestamp hh:mm:ss.ttt. */
export function vttTimestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Text as WebVTT cue text: the three characters the format escapes. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Annotations (voice names, lang tags, classes) may not carry '>' or line breaks. */
function cleanAnnotation(value: string): string {
  return value.replace(/[<>&\r\n]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}

function classList(node: { class?: string; color?: string; bgColor?: string }): string {
  const classes = [node.class, node.color, node.bgColor ? `bg_${node.bgColor}` : undefined]
    .filter((value): value is string => typeof value === 'string' && value.length > 0)
    .flatMap((value) => value.split(/\s+/))
    .filter((value) => /^[A-Za-z0-9_-]+$/.test(value));
  return classes.length > 0 ? `.${[...new Set(classes)].join('.')}` : '';
}

/** Tokens back to WebVTT cue text, keeping only WebVTT's own tags. */
export function writeTokens(nodes: VTTNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') {
      out += escapeText(node.data);
      continue;
    }
    const inner = writeTokens(node.children);
    switch (node.type) {
      case 'b':
      case 'i':
      case 'u':
      case 'ruby':
      case 'rt':
        out += `<${node.type}${classList(node)}>${inner}</${node.type}>`;
        break;
      case 'c':
        out += `<c${classList(node)}>${inner}</c>`;
        break;
      case 'v':
        out += `<v${classList(node)} ${cleanAnnotation(node.voice) || '-'}>${inner}</v>`;
        break;
      case 'lang': {
        const lang = canonicalLanguage(node.lang);
        out += lang ? `<lang ${lang}>${inner}</lang>` : inner;
        break;
      }
      case 'timestamp':
        out += `<${vttTimestamp(node.time)}>${inner}`;
        break;
      default:
        out += inner;
    }
  }
  return out;
}

/** Plain text of the tokens (transcripts, search). */
export function plainText(nodes: VTTNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.data : plainText(node.children))).join('');
}

function cueSettings(cue: VTTCue): string {
  const settings: string[] = [];
  if (cue.vertical) settings.push(`vertical:${cue.vertical}`);
  if (cue.line !== 'auto' && Number.isFinite(cue.line)) {
    const line = cue.snapToLines ? String(Math.trunc(cue.line)) : `${cue.line}%`;
    settings.push(cue.lineAlign && cue.lineAlign !== 'start' ? `line:${line},${cue.lineAlign}` : `line:${line}`);
  }
  if (cue.position !== 'auto' && Number.isFinite(cue.position)) {
    settings.push(cue.positionAlign && cue.positionAlign !== 'auto' ? `position:${cue.position}%,${cue.positionAlign}` : `position:${cue.position}%`);
  }
  if (Number.isFinite(cue.size) && cue.size !== 100) settings.push(`size:${cue.size}%`);
  if (cue.align && cue.align !== 'center') settings.push(`align:${cue.align}`);
  return settings.length > 0 ? ` ${settings.join(' ')}` : '';
}

/** A BCP 47 tag in its canonical form (`zh-hans` → `zh-Hans`), or undefined when it is not one. */
export function canonicalLanguage(tag: string): string | undefined {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

export interface ParseOptions {
  /** The video's duration in seconds (0: unknown, not checked). */
  duration: number;
}

/**
 * Parses an uploaded caption file. Throws CaptionRejection (what is wrong, for a 400) — nothing
 * else for any input.
 */
export async function parseCaptionFile(bytes: Buffer, options: ParseOptions): Promise<ParsedCaptions> {
  if (bytes.length > CAPTION_MAX_BYTES) throw new CaptionRejection('captions.tooLarge', { max: CAPTION_MAX_BYTES / 1024 / 1024 });
  if (bytes.length === 0) notSubtitles();
  const { text: decoded, encoding } = decodeCaptionBytes(bytes);
  const text = decoded.replace(/^\ufeff/, '');
  if (hasBinary(text)) notSubtitles();
  if (!text.includes('-->')) notSubtitles();
  const format = text.trimStart().startsWith('WEBVTT') ? 'vtt' : 'srt';

  const { parseText, tokenizeVTTCue, ParseErrorCode } = await import('media-captions');
  const result = await parseText(text, { type: format, errors: true });
  if (result.errors.some((error) => error.code === ParseErrorCode.BadSignature)) notSubtitles();
  const badTime = result.errors.find((error) => error.code === ParseErrorCode.BadTimestamp);
  if (badTime) throw new CaptionRejection('captions.badTimestamp', { line: badTime.line });
  if (result.cues.length === 0) throw new CaptionRejection('captions.noCues');
  if (result.cues.length > CAPTION_MAX_CUES) throw new CaptionRejection('captions.tooManyCues', { max: CAPTION_MAX_CUES });

  const cues: CaptionCue[] = [];
  const blocks: string[] = ['WEBVTT', ''];
  let latest = 0;
  for (const cue of result.cues) {
    if (!Number.isFinite(cue.startTime) || !Number.isFinite(cue.endTime) || cue.endTime < cue.startTime) {
      throw new CaptionRejection('captions.badTimestamp', { line: 0 });
    }
    if (cue.text.length > CAPTION_MAX_CUE_CHARS) throw new CaptionRejection('captions.cueTooLong', { max: CAPTION_MAX_CUE_CHARS });
    if (looksLikeHtml(cue.text)) throw new CaptionRejection('captions.html');
    const tokens = tokenizeVTTCue(cue);
    const decoded = plainText(tokens);
    // The same rule after entities are decoded: `&lt;script&gt;` is `<script>` to whoever reads the text.
    if (looksLikeHtml(decoded)) throw new CaptionRejection('captions.html');
    const body = writeTokens(tokens).split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0).join('\n');
    const plain = decoded.replace(/\s+/g, ' ').trim();
    if (body.length === 0 || plain.length === 0) continue;
    latest = Math.max(latest, cue.endTime);
    const id = format === 'vtt' && cue.id && !cue.id.includes('-->') ? `${cleanAnnotation(cue.id)}\n` : '';
    blocks.push(`${id}${vttTimestamp(cue.startTime)} --> ${vttTimestamp(cue.endTime)}${cueSettings(cue)}`, body, '');
    cues.push({ start: cue.startTime, end: cue.endTime, text: plain });
  }
  if (cues.length === 0) throw new CaptionRejection('captions.noCues');
  if (options.duration > 0 && latest > options.duration + CAPTION_END_SLACK_SECONDS) {
    throw new CaptionRejection('captions.pastEnd', { end: vttTimestamp(latest), duration: vttTimestamp(options.duration) });
  }
  return { format, encoding, vtt: blocks.join('\n'), cues };
}

/**
 * The same WebVTT for HLS: an X-TIMESTAMP-MAP header ties local time 0 to the first segment's
 * MPEG-TS timestamp (HLS players align subtitle segments with it; `<track>` ignores it).
 */
export function hlsVtt(vtt: string, firstPts90k: number): string {
  const rest = vtt.replace(/^WEBVTT\n/, '');
  return `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${Math.max(0, Math.round(firstPts90k))},LOCAL:00:00:00.000\n${rest}`;
}
