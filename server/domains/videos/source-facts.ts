/**
 * What the processing estimate needs to know of an upload's video besides its size and length
 * (server/domains/media/progress.ts): the input kind, whose encode speed differs (HDR is tone-mapped,
 * HEVC decodes slower than H.264), and the frame rate the encode will run at (capped at 60).
 */
export const MAX_ENCODE_FPS = 60;

export function sourceKind(info: { videoCodec: string; hdr: 'hlg' | 'pq' | null }): string {
  return info.hdr ? 'hdr' : (info.videoCodec || 'unknown').toLowerCase();
}

export function sourceFacts(info: { videoCodec: string; hdr: 'hlg' | 'pq' | null; fps: number }): { source_kind: string; source_fps: number | null } {
  return { source_kind: sourceKind(info), source_fps: info.fps > 0 ? Math.min(MAX_ENCODE_FPS, info.fps) : null };
}
