/**
 * Every migration, in order. A static list (not a folder scan) so migrations work the same under
 * tsx, jest and any bundler. Add a new file and a new entry; never edit an applied migration.
 */
import type { Migration, MigrationProvider } from 'kysely';

import * as initial from './0001_initial';
import * as accounts from './0002_accounts';
import * as wallet from './0003_wallet';
import * as videos from './0004_videos';
import * as search from './0005_search';
import * as media from './0006_media';
import * as moderation from './0007_moderation';
import * as playback from './0008_playback';
import * as viewDays from './0009_view_days';
import * as mediaGenerations from './0010_media_generations';
import * as processingStages from './0014_processing_stages';
import * as captions from './0011_captions';
import * as sharing from './0012_sharing';
import * as following from './0013_following';
import * as followingScale from './0015_following_scale';
import * as captionSearch from './0016_caption_search';
import * as videoAnnouncements from './0017_video_announcements';
import * as processingEstimates from './0018_processing_estimates';
import * as privateOriginals from './0019_private_originals';
import * as jobKinds from './0020_job_kinds';
import * as jobKeyKind from './0021_job_key_kind';

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_accounts': accounts,
  '0003_wallet': wallet,
  '0004_videos': videos,
  '0005_search': search,
  '0006_media': media,
  '0007_moderation': moderation,
  '0008_playback': playback,
  '0009_view_days': viewDays,
  '0010_media_generations': mediaGenerations,
  '0014_processing_stages': processingStages,
  '0011_captions': captions,
  '0012_sharing': sharing,
  '0013_following': following,
  '0015_following_scale': followingScale,
  '0016_caption_search': captionSearch,
  '0017_video_announcements': videoAnnouncements,
  '0018_processing_estimates': processingEstimates,
  '0019_private_originals': privateOriginals,
  '0020_job_kinds': jobKinds,
  '0021_job_key_kind': jobKeyKind,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
