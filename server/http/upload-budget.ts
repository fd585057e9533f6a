/**
 * The budget of uploads under way, per user and per instance (docs/overload.md, Long-lived
 * connections). Upload bodies take no admission place (a phone sends a 1 GB file for an hour), so
 * this is what bounds them: a NEW upload (a tus creation, a multipart upload) is refused with 429 +
 * Retry-After while the user, or the instance, has as many under way as allowed. A body already
 * under way is never cut, and a resumable upload's next PATCH is never refused: it was admitted
 * when it was created.
 *
 * An upload is under way while a body of it is arriving, and between its PATCHes for `idleMs`
 * after the last one (a client between two chunks, or retrying after a cut); past that it no
 * longer counts, though it can still be resumed until it expires. Counted per instance.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { t } from '../i18n';

import { tooManyRequests } from './rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads under way (http/upload-budget.ts), shared by the multipart and the tus routes. */
    uploadBudget: UploadBudget;
  }
}

export interface UploadLimits {
  /** Uploads under way per user (UPLOADS_ACTIVE_PER_USER). */
  perUser: number;
  /** Uploads under way on this instance (UPLOADS_ACTIVE_MAX). */
  perInstance: number;
  /** How long a resumable upload without a body arriving still counts as under way. */
  idleMs: number;
}

/** Which budget is full. */
export type UploadRefusal = 'user' | 'instance';

/** A request and its response: the exchange is over when the answer is sent or either side closes. */
export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
}

function whenOver({ request, response }: Exchange, done: () => void): void {
  let over = false;
  const once = () => {
    if (over) return;
    over = true;
    done();
  };
  request.once('close', once);
  response.once('close', once);
  response.once('finish', once);
}

interface Upload {
  user: string;
  /** Bodies of it arriving now. */
  bodies: number;
  lastActive: number;
}

export class UploadBudget {
  private readonly uploads = new Map<string | symbol, Upload>();

  constructor(
    private readonly limits: UploadLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Why a new upload by `user` must wait, or undefined when it may start. */
  refusal(user: string): UploadRefusal | undefined {
    this.prune();
    if (this.limits.perInstance > 0 && this.uploads.size >= this.limits.perInstance) return 'instance';
    let mine = 0;
    for (const upload of this.uploads.values()) if (upload.user === user) mine += 1;
    return this.limits.perUser > 0 && mine >= this.limits.perUser ? 'user' : undefined;
  }

  /** A resumable upload was created: under way from now. */
  created(key: string, user: string): void {
    this.uploads.set(key, { user, bodies: 0, lastActive: this.now() });
  }

  /** A body of `key` is arriving (a PATCH): under way until its exchange ends. */
  receiving(key: string, user: string, exchange: Exchange): void {
    const upload = this.uploads.get(key) ?? { user, bodies: 0, lastActive: this.now() };
    upload.bodies += 1;
    upload.lastActive = this.now();
    this.uploads.set(key, upload);
    whenOver(exchange, () => {
      upload.bodies -= 1;
      upload.lastActive = this.now();
    });
  }

  /** A whole upload in one exchange (the multipart form): under way until it ends. */
  receivingWhole(user: string, exchange: Exchange): void {
    const key = Symbol('multipart upload');
    this.uploads.set(key, { user, bodies: 1, lastActive: this.now() });
    whenOver(exchange, () => this.uploads.delete(key));
  }

  /** Finished, refused or terminated: no longer under way. */
  ended(key: string): void {
    this.uploads.delete(key);
  }

  /** Uploads under way on this instance. */
  get size(): number {
    this.prune();
    return this.uploads.size;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, upload] of this.uploads) {
      if (upload.bodies <= 0 && now - upload.lastActive >= this.limits.idleMs) this.uploads.delete(key);
    }
  }
}

/** How long a resumable upload between two PATCHes still counts as under way. */
const UPLOAD_IDLE_MS = 2 * 60 * 1000;

/** Decorates the root instance with the one budget every upload route shares. */
export function installUploadBudget(app: FastifyInstance, limits: { uploadsPerUser: number; uploadsMax: number }): void {
  app.decorate('uploadBudget', new UploadBudget({ perUser: limits.uploadsPerUser, perInstance: limits.uploadsMax, idleMs: UPLOAD_IDLE_MS }));
}

/** The 429 for a new upload while the user's (or the instance's) uploads under way are at their limit. */
export function uploadsUnderWay(request: FastifyRequest, reply: FastifyReply, full: UploadRefusal): FastifyReply {
  return full === 'user'
    ? tooManyRequests(reply, 30, t(request, 'upload.tooManyUnderWay'))
    : tooManyRequests(reply, 60, t(request, 'upload.siteBusy'));
}
