/**
 * The budget of long-lived event streams (the notification bell's), kept apart from the
 * admission places that protect short requests (http/overload.ts):
 *
 * - per session and per user: past either, the oldest of that session (or user) is closed, told
 *   to step aside for a while; its tab polls meanwhile and loses nothing (the first event of a
 *   stream is the current state). A browser with many tabs open costs a few streams, not one each.
 * - per instance: a memory bound. Past it a new stream is refused (503) and the bell polls.
 *
 * The counts are this instance's: with several instances behind a balancer, one user's streams
 * may be spread over them (each still bounded).
 */
export interface StreamLimits {
  streamsPerSession: number;
  streamsPerUser: number;
  maxStreams: number;
}

/** Why a stream was closed by the budget. */
export type StreamEviction = 'session' | 'user';

interface OpenStream {
  session: string;
  evict: (reason: StreamEviction) => void;
}

export class StreamBudget {
  /** Each user's open streams, oldest first. */
  private readonly byUser = new Map<string, OpenStream[]>();
  private total = 0;

  constructor(
    private readonly limits: StreamLimits,
    private readonly onCountChange: (open: number) => void = () => undefined,
  ) {}

  /** Streams open on this instance now. */
  get size(): number {
    return this.total;
  }

  /**
   * Takes a place for a new stream of `user` in `session`, closing the oldest ones past the
   * session's and the user's budget (`evict` is called on them). Undefined when the instance is
   * full; otherwise the function that gives the place back (idempotent), for when it closes.
   */
  open(user: string, session: string, evict: (reason: StreamEviction) => void): (() => void) | undefined {
    if (this.limits.maxStreams <= 0 || this.total >= this.limits.maxStreams) return undefined;
    const stream: OpenStream = { session, evict };
    const streams = this.byUser.get(user) ?? [];
    streams.push(stream);
    this.byUser.set(user, streams);
    this.changed(1);

    const sameSession = streams.filter((other) => other.session === session);
    for (const oldest of sameSession.slice(0, Math.max(0, sameSession.length - this.limits.streamsPerSession))) {
      this.close(user, oldest, 'session');
    }
    const left = this.byUser.get(user) ?? [];
    for (const oldest of left.slice(0, Math.max(0, left.length - this.limits.streamsPerUser))) this.close(user, oldest, 'user');

    return () => this.remove(user, stream);
  }

  private close(user: string, stream: OpenStream, reason: StreamEviction): void {
    if (this.remove(user, stream)) stream.evict(reason);
  }

  private remove(user: string, stream: OpenStream): boolean {
    const streams = this.byUser.get(user);
    const index = streams?.indexOf(stream) ?? -1;
    if (!streams || index < 0) return false;
    streams.splice(index, 1);
    if (streams.length === 0) this.byUser.delete(user);
    this.changed(-1);
    return true;
  }

  private changed(by: number): void {
    this.total += by;
    this.onCountChange(this.total);
  }
}
