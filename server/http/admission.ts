/**
 * Admission control for one class of requests, before any database or render work: at most
 * `maxInFlight` worked on at once and at most STARTS_PER_TURN started per turn of the event loop;
 * the next ones wait in a FIFO queue of at most `maxQueue`. Past that bound a request is refused
 * at once; a waiter not started within `maxWaitMs` is refused then. Either way the caller answers
 * 503 with Retry-After, having spent nothing on it but the parse.
 *
 * Why wait rather than refuse everything over the cap: clients that are refused come back at once
 * (a script retrying, a reload, a benchmark's closed loop) and every refusal costs a parse, a
 * route lookup and an answer. Over a cap without a queue the CPU goes to refusing and the useful
 * answers per second collapse as connections grow (1,095 → 534 list answers/s from 100 to 200
 * connections before this). Waiting costs a timer and a closure, keeps every place busy, and the
 * deadline bounds both the latency of the admitted (≤ maxWaitMs queued) and how often one client
 * can be refused (once per deadline). Why not refuse at arrival those expected to wait too long
 * (from the completion rate): that is the same collapse for clients that do not back off.
 */
/** Why a request was not admitted: the queue is full (or there is none), it waited past its deadline, its client left. */
export type Refusal = 'busy' | 'deadline' | 'gone';
export type Admitted = (admitted: boolean, refusal?: Refusal) => void;

export interface AdmissionLimits {
  /** Requests worked on at once; 0 admits everything (no limit). */
  maxInFlight: number;
  /** Longest wait for a place, in ms; 0: no queue, refused at once when every place is taken. */
  maxWaitMs: number;
  /** Most requests waiting at once (a memory bound, whatever the rate). */
  maxQueue: number;
}

interface Waiter {
  admitted: Admitted;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Requests started per turn of the event loop. With SQLite a request runs from start to answer
 * in one turn, so a place is free again before the next request is read: the places alone would
 * never bind, and a turn would run every request the sockets had ready (the queue then lives,
 * unseen and unbounded, in the sockets and in the loop's delay). Past this many, the next ones
 * wait for a later turn, where their wait is measured and bounded like any other.
 */
export const STARTS_PER_TURN = 32;

export class AdmissionGate {
  private running = 0;
  private startedThisTurn = 0;
  private turnScheduled = false;
  /** Insertion-ordered: the first is the oldest; removal of any waiter is O(1). */
  private readonly waiting = new Set<Waiter>();
  /** Refused so far (for metrics and tests). */
  refused = 0;
  /** When a waiter last ran out of time (performance.now()). */
  private lastDeadline = -Infinity;

  constructor(private readonly limits: AdmissionLimits) {}

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.size;
  }

  /** Every place is taken. */
  full(): boolean {
    return this.limits.maxInFlight > 0 && this.running >= this.limits.maxInFlight;
  }

  /**
   * Turning requests away (what /health reports as overloaded): every place is taken and one
   * arriving now would be refused (no queue, or the queue is full), or a waiter ran out of time
   * within the last wait period. A gate that is merely full is doing its job, working through its
   * queue within the deadline; a load balancer that took such an instance out would move the
   * same traffic onto the others and take them out in turn.
   */
  shedding(): boolean {
    if (!this.full()) return false;
    const { maxWaitMs, maxQueue } = this.limits;
    if (maxWaitMs <= 0 || this.waiting.size >= maxQueue) return true;
    return performance.now() - this.lastDeadline < maxWaitMs;
  }

  /**
   * Asks for a place. `admitted(true)` once the request may go on (at once when a place is
   * free), `admitted(false)` when it is refused. When the request waits, returns a function that
   * withdraws it (the client went away: `admitted(false)`); it does nothing once decided.
   */
  enter(admitted: Admitted): (() => void) | undefined {
    const { maxInFlight, maxWaitMs, maxQueue } = this.limits;
    if (maxInFlight <= 0) {
      admitted(true);
      return undefined;
    }
    // First come, first served: nobody passes those already waiting.
    if (this.waiting.size === 0 && this.canStart()) {
      this.start(admitted);
      return undefined;
    }
    if (maxWaitMs <= 0 || this.waiting.size >= maxQueue) {
      this.refused += 1;
      admitted(false, 'busy');
      return undefined;
    }
    const waiter: Waiter = { admitted, timer: undefined };
    waiter.timer = setTimeout(() => {
      if (!this.waiting.delete(waiter)) return;
      this.refused += 1;
      this.lastDeadline = performance.now();
      waiter.admitted(false, 'deadline');
    }, maxWaitMs);
    this.waiting.add(waiter);
    this.scheduleTurn();
    return () => {
      if (!this.waiting.delete(waiter)) return;
      clearTimeout(waiter.timer);
      waiter.admitted(false, 'gone');
    };
  }

  /** Frees a place taken by `enter`. Call once per admitted request. */
  leave(): void {
    this.running = Math.max(0, this.running - 1);
    if (this.waiting.size > 0) this.scheduleTurn();
  }

  private canStart(): boolean {
    return this.running < this.limits.maxInFlight && this.startedThisTurn < STARTS_PER_TURN;
  }

  private start(admitted: Admitted): void {
    this.running += 1;
    this.startedThisTurn += 1;
    this.scheduleTurn();
    admitted(true);
  }

  /** Next turn (check phase, after this turn's I/O): a new budget of starts, and the oldest waiters start. */
  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.startedThisTurn = 0;
      for (let next = this.waiting.values().next(); !next.done && this.canStart(); next = this.waiting.values().next()) {
        const waiter = next.value;
        this.waiting.delete(waiter);
        clearTimeout(waiter.timer);
        this.start(waiter.admitted);
      }
    });
  }
}
