/**
 * What an uploaded file really is, read from its first bytes (its "magic number"), never from its
 * name or the type the browser declared. Only the formats browsers play or show are recognised:
 *
 * - video: MP4 / QuickTime (an ISO BMFF `ftyp` box at offset 4), WebM / Matroska (EBML header
 *   1A 45 DF A3; the DocType tells WebM from Matroska), Ogg ("OggS");
 * - image: JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), WebP ("RIFF" … "WEBP"), GIF
 *   ("GIF87a" / "GIF89a").
 *
 * ISO BMFF also carries still images (HEIC, AVIF) and audio-only files (M4A); their major brands
 * are refused as videos.
 */

export type MediaKind = 'video' | 'image';

export interface MediaType {
  kind: MediaKind;
  /** The Content-Type files of this type are stored and served with. */
  mime: string;
  /** The storage key's extension (no dot). */
  ext: string;
}

/** How many leading bytes sniffMediaType wants (fewer is fine for short files). */
export const SNIFF_BYTES = 64;

const MP4: MediaType = { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
const QUICKTIME: MediaType = { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
const WEBM: MediaType = { kind: 'video', mime: 'video/webm', ext: 'webm' };
const MATROSKA: MediaType = { kind: 'video', mime: 'video/x-matroska', ext: 'mkv' };
const OGG: MediaType = { kind: 'video', mime: 'video/ogg', ext: 'ogv' };
const JPEG: MediaType = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
const PNG: MediaType = { kind: 'image', mime: 'image/png', ext: 'png' };
const WEBP: MediaType = { kind: 'image', mime: 'image/webp', ext: 'webp' };
const GIF: MediaType = { kind: 'image', mime: 'image/gif', ext: 'gif' };

export const MEDIA_TYPES: readonly MediaType[] = [MP4, QUICKTIME, WEBM, MATROSKA, OGG, JPEG, PNG, WEBP, GIF];

/** Every extension a stored key may end with. */
export const MEDIA_EXTENSIONS: readonly string[] = MEDIA_TYPES.map((type) => type.ext);

/** ISO BMFF major brands that are not videos: still images and audio-only files. */
const NON_VIDEO_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis', 'M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML_SIGNATURE = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

function ascii(head: Buffer, offset: number, text: string): boolean {
  return head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;
}

function bytes(head: Buffer, offset: number, signature: Buffer): boolean {
  return head.length >= offset + signature.length && head.subarray(offset, offset + signature.length).equals(signature);
}

/** The type of a file starting with `head`, or null when it is none of the accepted formats. */
export function sniffMediaType(head: Buffer): MediaType | null {
  // ISO BMFF: [size:4]['ftyp'][major brand:4]…
  if (ascii(head, 4, 'ftyp')) {
    if (head.length < 12) return null;
    const brand = head.toString('latin1', 8, 12);
    if (NON_VIDEO_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? QUICKTIME : MP4;
  }
  if (bytes(head, 0, EBML_SIGNATURE)) {
    // The EBML header names its DocType ("webm" or "matroska") within its first few dozen bytes.
    return head.includes('webm', 4, 'latin1') ? WEBM : MATROSKA;
  }
  if (ascii(head, 0, 'OggS')) return OGG;
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return JPEG;
  if (bytes(head, 0, PNG_SIGNATURE)) return PNG;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return WEBP;
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return GIF;
  return null;
}

