/**
 * Shared by the search-*.test.ts suites: a tiny hand-made word-embeddings table (so no test
 * needs the 307 MB package), self-shot videos inserted straight into the database, catalogue
 * documents, and a fake catalogue provider on 127.0.0.1:0.
 */
import Fastify, { type FastifyInstance } from 'fastify';

import type { AppInstance } from '../../server/app';
import { newId, toTimestamp } from '../../server/infra/db/ids';
import type { VideoRow, Visibility } from '../../server/infra/db/schema';
import { upsertDocuments, type NewSearchDocument } from '../../server/domains/search/documents';
import { createWordVectors, type WordVectors } from '../../server/domains/search/embeddings';
import { createTestUser } from '../support/server';

/**
 * Axes: feline, canine, vehicle, food, music, sport, youth. Enough for "kitten" to sit near
 * "cat", "automobile" near "car" and "cooking" near "recipe", each far from the others.
 */
export const TINY_VECTORS: Record<string, number[]> = {
  cat: [1, 0.35, 0, 0, 0, 0, 0.05],
  cats: [1, 0.35, 0, 0, 0, 0, 0.05],
  kitty: [0.95, 0.3, 0, 0, 0, 0, 0.25],
  feline: [1, 0.2, 0, 0, 0, 0, 0],
  kitten: [0.85, 0.35, 0, 0, 0, 0, 0.45],
  tabby: [0.9, 0.1, 0, 0, 0, 0, 0],
  dog: [0.35, 1, 0, 0, 0, 0, 0.05],
  puppy: [0.35, 0.9, 0, 0, 0, 0, 0.45],
  canine: [0.2, 1, 0, 0, 0, 0, 0],
  car: [0, 0, 1, 0, 0, 0.05, 0],
  cars: [0, 0, 1, 0, 0, 0.05, 0],
  automobile: [0, 0, 0.95, 0, 0, 0, 0],
  vehicle: [0, 0, 0.9, 0, 0, 0, 0],
  truck: [0, 0, 0.85, 0.05, 0, 0, 0],
  engine: [0, 0, 0.8, 0, 0, 0.1, 0],
  cooking: [0, 0, 0, 1, 0, 0, 0],
  recipe: [0, 0, 0, 0.9, 0.05, 0, 0],
  pasta: [0, 0, 0, 0.85, 0, 0, 0],
  kitchen: [0, 0, 0.05, 0.8, 0, 0, 0],
  dinner: [0, 0, 0, 0.85, 0.05, 0, 0],
  guitar: [0, 0, 0, 0, 1, 0, 0],
  music: [0, 0, 0, 0, 0.95, 0.05, 0],
  song: [0, 0, 0, 0, 0.9, 0, 0],
  football: [0, 0, 0, 0, 0, 1, 0],
  soccer: [0, 0, 0, 0, 0, 0.95, 0],
  goal: [0, 0, 0.05, 0, 0, 0.85, 0],
  funny: [0.1, 0.1, 0.05, 0.05, 0.1, 0.1, 0.3],
};

export function tinyVectors(): WordVectors {
  return createWordVectors(TINY_VECTORS);
}

let sequence = 0;

export interface TestVideoFields {
  title: string;
  description?: string;
  visibility?: Visibility;
  views?: number;
  createdAt?: Date;
  userId?: string;
}

/** A self-shot video row (no files: search never reads them). */
export async function insertVideo(app: AppInstance, fields: TestVideoFields): Promise<VideoRow> {
  const userId = fields.userId ?? (await createTestUser(app)).id;
  sequence += 1;
  const created = fields.createdAt ?? new Date(Date.UTC(2026, 0, 1) + sequence * 60_000);
  const id = newId(created);
  return app.db
    .insertInto('videos')
    .values({
      id,
      user_id: userId,
      title: fields.title,
      description: fields.description ?? '',
      visibility: fields.visibility ?? 'public',
      views: fields.views ?? 0,
      video_key: `videos/${id}.mp4`,
      video_type: 'video/mp4',
      video_size: 1000,
      thumbnail_key: `thumbnails/${id}.jpg`,
      thumbnail_type: 'image/jpeg',
      thumbnail_size: 100,
      created_at: toTimestamp(created),
      updated_at: toTimestamp(created),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface CatalogueFields {
  id: string;
  title: string;
  keywords?: string;
  views?: number;
  rating?: number;
  lengthSec?: number;
  added?: string;
}

export function catalogueDocument(fields: CatalogueFields): NewSearchDocument {
  return {
    source: 'catalogue',
    ref_id: fields.id,
    title: fields.title,
    keywords: fields.keywords ?? '',
    description: '',
    views: fields.views ?? 100,
    rating: fields.rating ?? 4,
    length_sec: fields.lengthSec ?? 120,
    added_at: fields.added ?? '2026-06-01T00:00:00.000Z',
  };
}

/** Writes catalogue documents straight into the index table and rebuilds the in-memory index. */
export async function seedCatalogue(app: AppInstance, documents: CatalogueFields[]): Promise<void> {
  await upsertDocuments(app.db, documents.map(catalogueDocument), new Date().toISOString());
  await app.searchIndex.reloadCatalogue();
}

/** An API video in the provider's v2 shape (only the fields the ingestion reads, plus a few). */
export function apiVideo(fields: CatalogueFields): Record<string, unknown> {
  return {
    id: fields.id,
    title: fields.title,
    keywords: fields.keywords ?? '',
    views: fields.views ?? 100,
    rate: (fields.rating ?? 4).toFixed(2),
    url: `https://provider.example/video/${fields.id}/`,
    added: (fields.added ?? '2026-06-01T00:00:00.000Z').slice(0, 19).replace('T', ' '),
    length_sec: fields.lengthSec ?? 120,
    length_min: '02:00',
    embed: `https://provider.example/embed/${fields.id}/`,
    default_thumb: { size: 'medium', width: 427, height: 240, src: 'https://provider.example/t.jpg' },
    thumbs: [],
  };
}

/**
 * A provider serving `videos` through /api/v2/video/search/ (newest first, paged), listening on
 * 127.0.0.1 with a free port. `requests` records the query strings it was asked.
 */
export async function startFakeProvider(videos: () => CatalogueFields[] | Promise<CatalogueFields[]>): Promise<{
  server: FastifyInstance;
  url: string;
  requests: Array<Record<string, string>>;
  /** This page number answers 503. */
  failPage: number | null;
}> {
  const server = Fastify({ logger: false });
  const state = { server, url: '', requests: [] as Array<Record<string, string>>, failPage: null as number | null };
  server.get('/api/v2/video/search/', async (request, reply) => {
    const query = request.query as Record<string, string>;
    state.requests.push(query);
    if (state.failPage !== null && Number(query.page) === state.failPage) {
      return reply.code(503).send({ message: 'provider trouble' });
    }
    const all = await videos();
    const perPage = Math.min(1000, Number(query.per_page ?? 30));
    const page = Number(query.page ?? 1);
    const slice = all.slice((page - 1) * perPage, page * perPage);
    return {
      count: slice.length,
      start: (page - 1) * perPage,
      per_page: perPage,
      page,
      time_ms: 0,
      total_count: all.length,
      total_pages: Math.ceil(all.length / perPage),
      videos: slice.map(apiVideo),
    };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  state.url = `http://127.0.0.1:${address.port}`;
  return state;
}
