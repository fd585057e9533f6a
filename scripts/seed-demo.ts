/**
 * `npm run seed:demo`: fills DATA_DIR (read by the same configuration loader as the server) with
 * a small living site for newcomers: verified demo users with a known password, playable self-shot
 * videos with thumbnails (one of them private), likes, comments and replies, and view counts.
 *
 * Everything comes from the repository: the clips are the catalogue stand-in's sample clip
 * (server/domains/catalogue/assets/clip.mp4 and clip.webm), the thumbnails are PNGs drawn here. Files and
 * rows go through the same services as real uploads (storage, content sniffing, saveVideo, likes,
 * comments). Idempotent: when the demo users exist already, nothing is changed.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

import { ConfigError, loadConfig } from '../server/config/index';
import { createDatabase, migrateToLatest } from '../server/infra/db';
import { newId, toTimestamp } from '../server/infra/db/ids';
import type { UserRow } from '../server/infra/db/schema';
import { createAccount, findUserByEmail } from '../server/domains/accounts/accounts';
import { hashPassword } from '../server/domains/accounts/passwords';
import { insertJob } from '../server/infra/jobs/queue';
import { inspectUpload } from '../server/domains/media/probe';
import { createSpool, type LocalWrite, type Spool } from '../server/domains/media/spool';
import { openStorage } from '../server/infra/storage/open';
import {
  receiveFile,
  saveVideo,
  thumbnailFileRule,
  videoFileRule,
  type FileRule,
  type ReceivedFile,
} from '../server/domains/media/uploads/uploads';

const DEMO_PASSWORD = 'demo-password';

const DEMO_USERS = [
  { key: 'alice', email: 'alice@demo.example' },
  { key: 'bora', email: 'bora@demo.example' },
  { key: 'chen', email: 'chen@demo.example' },
] as const;
type DemoUser = (typeof DEMO_USERS)[number]['key'];

type Rgb = [number, number, number];

interface DemoVideo {
  owner: DemoUser;
  title: string;
  description: string;
  visibility: 'public' | 'private';
  clip: 'clip.mp4' | 'clip.webm';
  daysAgo: number;
  views: number;
  colours: [Rgb, Rgb];
  likedBy: DemoUser[];
  comments: Array<{ by: DemoUser; text: string; replies?: Array<{ by: DemoUser; text: string }> }>;
}

const DEMO_VIDEOS: DemoVideo[] = [
  {
    owner: 'alice',
    title: 'Morning run by the river',
    description: 'Five kilometres before breakfast. The ball is me, trying to keep up.',
    visibility: 'public',
    clip: 'clip.mp4',
    daysAgo: 12,
    views: 214,
    colours: [[29, 38, 113], [195, 55, 100]],
    likedBy: ['bora', 'chen'],
    comments: [
      { by: 'bora', text: 'That sunrise gradient is unreal!', replies: [{ by: 'alice', text: 'Thanks! Six o’clock starts pay off.' }] },
      { by: 'chen', text: 'What pace were you running?' },
    ],
  },
  {
    owner: 'bora',
    title: 'Tiny balcony garden tour',
    description: 'Basil, tomatoes and one very stubborn lemon tree.',
    visibility: 'public',
    clip: 'clip.webm',
    daysAgo: 9,
    views: 87,
    colours: [[19, 120, 73], [168, 224, 99]],
    likedBy: ['alice'],
    comments: [{ by: 'alice', text: 'The lemon tree deserves its own channel.' }],
  },
  {
    owner: 'chen',
    title: 'Learning to juggle: day 12',
    description: 'Three balls, forty catches in a row. Tomorrow: four.',
    visibility: 'public',
    clip: 'clip.mp4',
    daysAgo: 7,
    views: 342,
    colours: [[255, 153, 102], [255, 94, 98]],
    likedBy: ['alice', 'bora'],
    comments: [
      {
        by: 'alice',
        text: 'Forty in a row is impressive!',
        replies: [
          { by: 'chen', text: 'Took about two hundred drops to get there.' },
          { by: 'bora', text: 'Teach me next weekend?' },
        ],
      },
    ],
  },
  {
    owner: 'bora',
    title: 'Rainy day timelapse (draft)',
    description: 'Not ready yet: private until the edit is done.',
    visibility: 'private',
    clip: 'clip.webm',
    daysAgo: 4,
    views: 3,
    colours: [[67, 67, 67], [86, 204, 242]],
    likedBy: [],
    comments: [],
  },
  {
    owner: 'chen',
    title: 'Street food at the night market',
    description: 'Dumplings, skewers and the best mango sticky rice in town.',
    visibility: 'public',
    clip: 'clip.webm',
    daysAgo: 2,
    views: 129,
    colours: [[247, 151, 30], [255, 210, 0]],
    likedBy: ['bora'],
    comments: [{ by: 'bora', text: 'Now I am hungry. Which stall was the mango one?' }],
  },
  {
    owner: 'alice',
    title: 'Bouncing ball physics, explained badly',
    description: 'A short, not very scientific look at why things bounce.',
    visibility: 'public',
    clip: 'clip.mp4',
    daysAgo: 1,
    views: 56,
    colours: [[131, 58, 180], [252, 176, 69]],
    likedBy: ['chen'],
    comments: [{ by: 'chen', text: '“Explained badly” is very honest marketing.' }],
  },
];

const ASSETS = path.resolve(__dirname, '..', 'server', 'domains', 'catalogue', 'assets');
const DAY_MS = 24 * 60 * 60 * 1000;

// ---- thumbnails: a small PNG encoder (RGB, 8 bits, no filter) ----

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 320×180 diagonal gradient with a light ball: recognisable, tiny, made from nothing. */
function thumbnailPng([from, to]: [Rgb, Rgb], width = 320, height = 180): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const ball = { x: width * 0.68, y: height * 0.58, r: height * 0.16 };
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const mix = (x / width + y / height) / 2;
      const inBall = (x - ball.x) ** 2 + (y - ball.y) ** 2 <= ball.r ** 2;
      for (let c = 0; c < 3; c += 1) {
        const value = from[c]! + (to[c]! - from[c]!) * mix;
        rows[row + 1 + x * 3 + c] = inBall ? 255 - (255 - value) * 0.15 : value;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- seeding ----

async function receive(spool: Spool, source: Readable, rule: FileRule): Promise<ReceivedFile<LocalWrite>> {
  const file = await receiveFile(spool, source, rule);
  if (!file) throw new Error('a demo file is empty');
  return file;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  let closeStorage = async (): Promise<void> => {};
  try {
    await migrateToLatest(database.db);
    const { db } = database;
    // The configured storage (S3_BUCKET or DATA_DIR/media), like the server's.
    const storage = await openStorage(config);
    closeStorage = async () => storage.close?.();
    const spool = createSpool(config.tmpDir);
    // Demo videos are queued like uploads: the server's worker makes their renditions.
    const jobs = { joinsTransactions: true, enqueue: (videoId: string, trx?: typeof db) => insertJob(trx ?? db, videoId, config.media.maxAttempts) };

    const existing = await Promise.all(DEMO_USERS.map((user) => findUserByEmail(db, user.email)));
    if (existing.some(Boolean)) {
      console.info(`Demo data is already in ${config.dataDir}: nothing changed.`);
      printAccounts(existing.filter((user): user is UserRow => Boolean(user)));
      return;
    }

    const passwordHash = await hashPassword(DEMO_PASSWORD, { cost: config.passwordHashCost });
    const users = {} as Record<DemoUser, UserRow>;
    for (const demo of DEMO_USERS) {
      users[demo.key] = await createAccount(db, { email: demo.email, passwordHash, verified: true });
    }

    const now = Date.now();
    let likes = 0;
    let comments = 0;
    for (const demo of DEMO_VIDEOS) {
      const owner = users[demo.owner];
      const videoFile = await receive(spool, createReadStream(path.join(ASSETS, demo.clip)), videoFileRule(config.maxVideoBytes));
      const video = await saveVideo(db, storage, jobs, {
        userId: owner.id,
        title: demo.title,
        description: demo.description,
        visibility: demo.visibility,
        video: videoFile,
        thumbnail: await receive(spool, Readable.from([thumbnailPng(demo.colours)]), thumbnailFileRule(config.maxThumbnailBytes)),
        info: await inspectUpload(videoFile.write.path),
        createdAt: new Date(now - demo.daysAgo * DAY_MS),
      });
      await db.updateTable('videos').set({ views: demo.views }).where('id', '=', video.id).execute();

      // Written directly: the demo's likes and comments happened while the video was ready, but
      // here it is still queued for its renditions, and the services refuse others' actions on a
      // video that is not ready yet.
      for (const liker of demo.likedBy) {
        await db.insertInto('video_likes').values({ video_id: video.id, user_id: users[liker].id, created_at: toTimestamp() }).execute();
        likes += 1;
      }
      const addComment = async (by: DemoUser, content: string, parentId: string | null): Promise<string> => {
        const id = newId();
        await db.insertInto('comments').values({ id, video_id: video.id, user_id: users[by].id, parent_id: parentId, content, created_at: toTimestamp() }).execute();
        comments += 1;
        return id;
      };
      for (const comment of demo.comments) {
        const commentId = await addComment(comment.by, comment.text, null);
        for (const reply of comment.replies ?? []) await addComment(reply.by, reply.text, commentId);
      }
      console.info(`  ${demo.visibility === 'private' ? 'private' : 'public '} “${demo.title}” by ${owner.username}`);
    }

    console.info(
      `Seeded ${config.dataDir}: ${DEMO_USERS.length} users, ${DEMO_VIDEOS.length} videos, ${likes} likes, ${comments} comments.`,
    );
    printAccounts(Object.values(users));
  } finally {
    await closeStorage();
    await database.close();
  }
}

function printAccounts(users: UserRow[]): void {
  console.info(`Demo accounts (all verified, password "${DEMO_PASSWORD}"):`);
  for (const user of users) console.info(`  ${user.email}  (${user.username})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
