/**
 * A real S3-protocol server for the tests: s3rver (npm registry), run in this process on a free
 * local port with its files in a temporary directory, with one bucket made through the AWS SDK.
 * Nothing is mocked: the app's storage talks S3 over HTTP to it, exactly as to AWS or MinIO.
 *
 * The AWS SDK reads credentials, region and endpoint from process.env itself (as in production),
 * so useS3Env() sets the standard AWS_* variables for the current test file and gives back a
 * function that restores the previous values.
 *
 * One bug of s3rver 3.7.1 is corrected here (fixListingWithDelimiter): it finds a common prefix
 * only when an object sits directly under it, so ListObjectsV2 with Delimiter "/" on
 * `renditions/` (objects at `renditions/<id>/<generation>/<file>`) answered nothing, where S3 and
 * MinIO answer every `<id>/`. Two operations it lacks, ListParts and AbortMultipartUpload, are
 * added unless `multipartParts: false` (addMultipartPartsApi). Everything else is s3rver as published.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { CreateBucketCommand, ListMultipartUploadsCommand, paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The AWS SDK's standard variables for this server. */
  awsEnv: Record<string, string>;
  /** The app's own variables (loadConfig): S3_BUCKET and S3_FORCE_PATH_STYLE. */
  appEnv: Record<string, string>;
  /** A client of its own, for looking into the bucket. */
  client: S3Client;
  /** Every key in the bucket (optionally under a prefix), sorted. */
  listKeys(prefix?: string): Promise<string[]>;
  /** Makes another empty bucket (e.g. one per suite or per test). */
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** s3rver accepts any key pair; these are what its documentation uses. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';
const REGION = 'us-east-1';

interface ListOptions {
  delimiter?: string;
  prefix?: string;
  maxKeys?: number;
}

interface ListResult {
  objects: Array<{ key: string }>;
  commonPrefixes: string[];
  isTruncated: boolean;
}

interface S3rverStore {
  listObjects(bucket: string, options: ListOptions): Promise<ListResult>;
}

/**
 * s3rver walks its directory tree and prunes every directory below a delimiter before looking
 * into it, so objects two levels down never produce their common prefix. Listing without the
 * delimiter and grouping afterwards gives S3's answer (fine for test-sized buckets).
 */
function fixListingWithDelimiter(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  const original = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    const { delimiter = '', prefix = '', maxKeys = Infinity } = options;
    if (!delimiter) return original(bucket, options);
    const all = await original(bucket, { ...options, delimiter: '', maxKeys: Infinity });
    const commonPrefixes = new Set<string>();
    const objects: ListResult['objects'] = [];
    for (const object of all.objects) {
      const index = object.key.slice(prefix.length).indexOf(delimiter);
      if (index === -1) objects.push(object);
      else commonPrefixes.add(object.key.slice(0, prefix.length + index + 1));
    }
    return { objects: objects.slice(0, maxKeys), commonPrefixes: [...commonPrefixes].sort(), isTruncated: objects.length > maxKeys };
  };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

/**
 * s3rver 3.7.1 has no ListParts (GET ?uploadId=) nor AbortMultipartUpload (DELETE ?uploadId=),
 * which @tus/s3-store uses on every HEAD/PATCH and on termination. Both are answered here from
 * s3rver's own part files (<bucket>/._S3rver_uploads/<uploadId>/<part number>, with .md5).
 */
function addMultipartPartsApi(server: S3rver): void {
  const store = (server as unknown as { store: { getResourcePath(bucket: string, key: undefined, resource: string): string } }).store;
  const middleware = (server as unknown as { middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>> }).middleware;
  middleware.unshift(async (ctx, next) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!uploadId || !match || !/^[A-Za-z0-9_-]+$/.test(uploadId) || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const [, bucket, key] = match;
    const dir = path.join(store.getResourcePath(bucket!, undefined, 'uploads'), uploadId);
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const names = await readdir(dir).catch(() => undefined);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number).sort((x, y) => x - y);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const [info, md5] = await Promise.all([stat(path.join(dir, String(number))), readFile(path.join(dir, `${number}.md5`), 'utf8')]);
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${decodeURIComponent(key!)}</Key>` +
      `<UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

export interface S3TestOptions {
  /**
   * false: no ListParts nor AbortMultipartUpload, as s3rver 3.7.1 is published (it answers them
   * 405 MethodNotAllowed) and as an operator who runs `npx s3rver` has it. Default true.
   */
  multipartParts?: boolean;
}

export async function startS3(bucket = 'selfie-test', options: S3TestOptions = {}): Promise<S3TestServer> {
  // The SDK's notice that its releases after January 2027 need Node 22: noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const directory = await mkdtemp(path.join(tmpdir(), 'selfie-s3-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  fixListingWithDelimiter(server);
  if (options.multipartParts !== false) addMultipartPartsApi(server);
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  const createBucket = async (name: string) => {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  };
  await createBucket(bucket);

  return {
    endpoint,
    bucket,
    awsEnv: {
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: SECRET_KEY,
      AWS_REGION: REGION,
      AWS_ENDPOINT_URL_S3: endpoint,
    },
    appEnv: { S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true' },
    client,
    createBucket,
    async listKeys(prefix = '') {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Sets the AWS_* variables of `server` in process.env; returns a function restoring the old ones. */
export function useS3Env(server: Pick<S3TestServer, 'awsEnv'>): () => void {
  const previous = Object.fromEntries(Object.keys(server.awsEnv).map((name) => [name, process.env[name]]));
  Object.assign(process.env, server.awsEnv);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** Multipart uploads still open in the bucket, or undefined when the server cannot list them (s3rver). */
export async function openMultipartUploads(server: Pick<S3TestServer, 'client' | 'bucket'>): Promise<number | undefined> {
  try {
    const page = await server.client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
    return page.Uploads?.length ?? 0;
  } catch {
    return undefined;
  }
}
