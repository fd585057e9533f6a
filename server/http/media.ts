/**
 * Uploaded videos and thumbnails under /media, with HTTP Range support so players can seek.
 * (A later change adds access checks for private videos here.)
 */
import { fastifyStatic } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';

export async function registerMedia(app: FastifyInstance, config: Pick<AppConfig, 'mediaDir'>): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    index: false,
    list: false,
    decorateReply: false,
    dotfiles: 'ignore',
    acceptRanges: true,
  });
}
