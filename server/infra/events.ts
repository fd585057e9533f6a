/**
 * Change events between instances: `app.events`. One small interface, two adapters side by side,
 * chosen in one place (createChangeEvents) from the configuration:
 * - in-process (no REDIS_URL): an EventEmitter; one process is the whole site;
 * - Redis (REDIS_URL): the same, and every event is also published on a Redis channel, which
 *   every other instance subscribes to and hands to its own subscribers.
 *
 * `publish` runs this instance's subscribers first and waits for them (so a request that changed
 * something answers after its own instance caught up, exactly as without Redis), then tells the
 * other instances, which run theirs when the message arrives (typically within milliseconds).
 * An instance ignores the echo of its own messages. Delivery to other instances is at most
 * once: whoever keeps state from events also re-reads it from the database now and then (the
 * search index re-syncs every few minutes), so an instance that was down misses nothing for long.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

import { REDIS_PREFIX } from './redis';

/** What a self-shot video change says: which video, and what happened to it. */
export interface VideoChange {
  videoId: string;
  change: 'created' | 'updated' | 'deleted';
}

/** Every topic and its payload (JSON-serializable). */
export interface EventTopics {
  /** A self-shot video was uploaded, edited (title, description, visibility) or deleted. */
  'video.changed': VideoChange;
  /** Notifications of these users were added or read (domains/following): live unread counts. */
  'notifications.changed': { userIds: string[] };
  /** A comment on this video was posted or deleted (by its author, the video's owner or a moderator). */
  'comments.changed': { videoId: string };
  /** What the site shows of a user changed: their name, or their suspension (their comments and profile). */
  'user.changed': { userId: string };
}

export type Topic = keyof EventTopics;
export type EventHandler<T extends Topic> = (payload: EventTopics[T]) => void | Promise<void>;

export interface ChangeEvents {
  /** 'in-process' or 'redis': for logs and the health of the set-up, never for product logic. */
  readonly kind: 'in-process' | 'redis';
  /** Runs this instance's subscribers (awaited; their failures are logged), then tells the others. */
  publish<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void>;
  /** Calls `handler` for every event on `topic`, from this instance and the others; returns the unsubscribe. */
  subscribe<T extends Topic>(topic: T, handler: EventHandler<T>): () => void;
  /** Stops listening to other instances; idempotent. */
  close(): Promise<void>;
}

/** The in-process adapter; the Redis adapter builds on it for the local half. */
class LocalEvents implements ChangeEvents {
  readonly kind: ChangeEvents['kind'] = 'in-process';
  private readonly emitter = new EventEmitter();

  constructor(protected readonly log: FastifyBaseLogger) {
    // Subscribers are few and known; no leak warning for them.
    this.emitter.setMaxListeners(0);
  }

  async publish<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void> {
    await this.deliver(topic, payload);
  }

  subscribe<T extends Topic>(topic: T, handler: EventHandler<T>): () => void {
    this.emitter.on(topic, handler);
    return () => {
      this.emitter.off(topic, handler);
    };
  }

  /** Runs every subscriber of the topic, one failing never stopping the others. */
  protected async deliver<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void> {
    const handlers = this.emitter.listeners(topic) as Array<EventHandler<T>>;
    await Promise.all(
      handlers.map(async (handler) => {
        try {
          await handler(payload);
        } catch (error) {
          this.log.error({ err: error, topic }, 'events: a subscriber failed');
        }
      }),
    );
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

interface WireMessage {
  /** The instance that published it: it ignores its own echo. */
  origin: string;
  payload: unknown;
}

const CHANNEL_PREFIX = `${REDIS_PREFIX}events:`;

/**
 * Redis pub/sub. Publishing uses the shared connection; a connection in subscriber mode can do
 * nothing else, so listening uses a duplicate of it, subscribed to every topic at start.
 */
class RedisEvents extends LocalEvents {
  override readonly kind = 'redis' as const;
  private readonly instanceId = randomUUID();
  private closed = false;

  private constructor(
    log: FastifyBaseLogger,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
    super(log);
  }

  static async open(publisher: Redis, topics: readonly Topic[], log: FastifyBaseLogger): Promise<RedisEvents> {
    const subscriber = publisher.duplicate();
    subscriber.on('error', () => undefined);
    const events = new RedisEvents(log, publisher, subscriber);
    subscriber.on('message', (channel: string, message: string) => events.receive(channel, message));
    try {
      // Resubscribed by ioredis after a reconnection (autoResubscribe).
      await subscriber.subscribe(...topics.map((topic) => CHANNEL_PREFIX + topic));
    } catch (error) {
      subscriber.disconnect();
      throw error;
    }
    return events;
  }

  override async publish<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void> {
    await this.deliver(topic, payload);
    const message: WireMessage = { origin: this.instanceId, payload };
    try {
      await this.publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify(message));
    } catch (error) {
      // This instance is up to date; the others catch up at their next re-sync.
      this.log.error({ err: error, topic }, 'events: could not tell the other instances');
    }
  }

  private receive(channel: string, text: string): void {
    if (this.closed || !channel.startsWith(CHANNEL_PREFIX)) return;
    const topic = channel.slice(CHANNEL_PREFIX.length) as Topic;
    let message: WireMessage;
    try {
      message = JSON.parse(text) as WireMessage;
    } catch {
      this.log.warn({ channel }, 'events: ignored a message that is not JSON');
      return;
    }
    if (message.origin === this.instanceId) return;
    void this.deliver(topic, message.payload as EventTopics[typeof topic]);
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await super.close();
    if (this.subscriber.status === 'ready') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
    else this.subscriber.disconnect();
  }
}

/** Every topic an instance listens to on Redis. */
export const TOPICS: readonly Topic[] = ['video.changed', 'notifications.changed', 'comments.changed', 'user.changed'];

/** The one place the adapter is chosen: Redis when there is a connection, else in-process. */
export async function createChangeEvents(redis: Redis | null, log: FastifyBaseLogger): Promise<ChangeEvents> {
  return redis ? RedisEvents.open(redis, TOPICS, log) : new LocalEvents(log);
}
