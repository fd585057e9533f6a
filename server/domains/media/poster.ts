/** A still picture from a video, for uploads that come without a thumbnail (resumable uploads). */
import { runFfmpeg } from './ffmpeg';

const POSTER_TIMEOUT_MS = 60_000;

/** Writes a PNG of the frame at `atSeconds` (the first frame for very short clips) to `output`. */
export async function extractPoster(video: string, output: string, atSeconds: number, signal?: AbortSignal): Promise<void> {
  const args = ['-v', 'error', '-y', '-ss', atSeconds.toFixed(3), '-i', video, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', output];
  await runFfmpeg(args, { timeoutMs: POSTER_TIMEOUT_MS, signal, lowPriority: true });
}
