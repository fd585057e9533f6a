/**
 * Start-up work that may take long — the search index, with the Chinese dictionary and the word
 * embeddings a fresh machine builds first — runs once the app is ready: after every plugin has
 * loaded and every onReady hook has returned, so outside Fastify's plugin time limit
 * (`pluginTimeout`, 10 s per plugin and per hook). On a busy machine that work took longer than
 * the limit and the process exited before it listened; now it listens at once and /health
 * answers 503 `{ status: 'starting', … }` (http/health.ts) until every step has settled, so a
 * load balancer keeps the instance out until it is ready.
 *
 * A step that fails is logged and counts as settled: the instance serves what it has (the
 * search answers without what failed, as it always has), rather than staying out for ever.
 */
import type { FastifyInstance } from 'fastify';

export interface Startup {
  /** Runs `task` once the app is ready; until it settles, /health says the instance is starting. */
  add(name: string, task: () => Promise<unknown>): void;
  /** Names of the steps not settled yet (all of them until the app is ready). */
  pending(): string[];
  /** Settles once the steps have begun and every one of them has settled (tests, scripts). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    startup: Startup;
  }
}

interface Step {
  name: string;
  task: () => Promise<unknown>;
  settled: boolean;
  done?: Promise<void>;
}

export function installStartup(app: FastifyInstance): Startup {
  const steps: Step[] = [];
  let begun = false;
  let closing = false;
  let markBegun: () => void = () => undefined;
  const begin = new Promise<void>((resolve) => {
    markBegun = resolve;
  });

  const run = (step: Step) => {
    step.done = (async () => {
      try {
        // A step not begun before the app closes has nothing left to do.
        if (!closing) await step.task();
      } catch (error) {
        if (!closing) app.log.error({ err: error, step: step.name }, `start-up: ${step.name} failed`);
      } finally {
        step.settled = true;
        if (!closing && steps.every((other) => other.settled)) app.log.info('start-up work done: the instance is ready');
      }
    })();
  };

  const startup: Startup = {
    add(name, task) {
      const step: Step = { name, task, settled: false };
      steps.push(step);
      if (begun) run(step);
    },
    pending: () => steps.filter((step) => !step.settled).map((step) => step.name),
    settled: async () => {
      await begin;
      await Promise.all(steps.map((step) => step.done));
    },
  };

  app.decorate('startup', startup);
  app.addHook('onReady', async () => {
    // Inside an onReady hook, ready() is the promise every caller of ready() waits on: it settles
    // once every onReady hook has. The steps begin then, never inside the time limit.
    void app.ready().then(
      () =>
        setImmediate(() => {
          begun = true;
          steps.forEach(run);
          markBegun();
        }),
      () => undefined,
    );
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  return startup;
}
