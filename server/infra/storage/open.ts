/**
 * The one place the configured storage is made: an S3 bucket when S3_BUCKET is set
 * (infra/storage/s3.ts, checked with HeadBucket so a wrong bucket, endpoint or key stops
 * start-up with a clear message), else files under DATA_DIR/media (infra/storage/storage.ts).
 */
import type { AppConfig } from '../../config/index';

import { createLocalStorage, type Storage } from './storage';

export async function openStorage(config: Pick<AppConfig, 's3' | 'mediaDir'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(config.mediaDir);
  // Loaded only when used: the local default never pays for the SDK.
  const { createS3Storage } = await import('./s3');
  const storage = createS3Storage({ bucket: config.s3.bucket, forcePathStyle: config.s3.forcePathStyle });
  try {
    await storage.verify();
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}
