/**
 * Where media is stored (read by server/config/index.ts loadConfig): the local disk under
 * DATA_DIR/media by default, or an S3 bucket when S3_BUCKET is set (infra/storage/s3.ts).
 *
 * Credentials, region and endpoint are NOT read here: the AWS SDK reads its standard variables
 * itself (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION,
 * AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL, AWS_PROFILE, instance roles…). This only checks the
 * values it can judge up front, so a typo stops start-up with a message naming the variable
 * instead of failing on the first upload.
 */
export interface S3StorageConfig {
  /** S3_BUCKET: the bucket every media object goes to (keys as in infra/storage/storage.ts). */
  bucket: string;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key instead of http://bucket.host/key (MinIO & co). */
  forcePathStyle: boolean;
}

type Fail = <T>(message: string, fallback: T) => T;

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** S3's rules for bucket names (3–63 characters, lower-case letters, digits, dots and hyphens). */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** null: local disk. */
export function parseStorageConfig(read: (name: string) => string | undefined, fail: Fail): S3StorageConfig | null {
  const bucket = read('S3_BUCKET');
  const pathStyleRaw = read('S3_FORCE_PATH_STYLE')?.toLowerCase();
  let forcePathStyle = false;
  if (pathStyleRaw !== undefined) {
    if (TRUE_WORDS.includes(pathStyleRaw)) forcePathStyle = true;
    else if (!FALSE_WORDS.includes(pathStyleRaw)) {
      fail(`S3_FORCE_PATH_STYLE must be true or false (also 1/0, yes/no, on/off), got "${pathStyleRaw}"`, null);
    }
  }
  if (bucket === undefined) {
    if (pathStyleRaw !== undefined) fail('S3_FORCE_PATH_STYLE is set but S3_BUCKET is not: set S3_BUCKET to store media in S3, or remove S3_FORCE_PATH_STYLE', null);
    return null;
  }
  if (!BUCKET_PATTERN.test(bucket) || bucket.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(bucket)) {
    fail(`S3_BUCKET must be an S3 bucket name (3-63 characters: lower-case letters, digits, dots and hyphens), got "${bucket}"`, null);
  }
  for (const name of ['AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL']) {
    const value = read(name);
    if (value !== undefined && !isHttpUrl(value)) {
      fail(`${name} must be an http:// or https:// URL such as http://127.0.0.1:9000, got "${value}"`, null);
    }
  }
  // An access key without its secret (or the reverse) is always a mistake; the SDK would fall
  // through to other credential sources and fail later with a less helpful message.
  const hasKeyId = read('AWS_ACCESS_KEY_ID') !== undefined;
  const hasSecret = read('AWS_SECRET_ACCESS_KEY') !== undefined;
  if (hasKeyId !== hasSecret) {
    fail('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, to use another AWS credential source)', null);
  }
  return { bucket, forcePathStyle };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
