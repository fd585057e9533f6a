import type { SelfieVideo } from '../../api/types';
import { API_BASE_URL } from '../../config/runtime';
import { useT } from '../../i18n/useT';

import './sharing.css';

/** Where a video's download is served (`Content-Disposition: attachment`). */
export function downloadUrl(id: string, file: 'mp4' | 'original'): string {
  return `${API_BASE_URL.replace(/\/$/, '')}/videos/selfieVideos/${encodeURIComponent(id)}/download?file=${file}`;
}

/** "Download MP4" / "Download original", when the video may be downloaded (its answer says so). */
export function DownloadLinks({ video }: { video: Pick<SelfieVideo, '_id' | 'downloadEnabled'> }) {
  const t = useT();
  if (!video.downloadEnabled) return null;
  return (
    <nav className="video-downloads" aria-label={t('sharing.download.title')}>
      <a className="btn btn--small" href={downloadUrl(video._id, 'mp4')} download>
        {t('sharing.download.mp4')}
      </a>
      <a className="btn btn--small btn--ghost" href={downloadUrl(video._id, 'original')} download>
        {t('sharing.download.original')}
      </a>
    </nav>
  );
}
