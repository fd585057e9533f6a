/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, default simulated throttling) over the
 * routes of bench:web, as a visitor and signed in, printing the four category scores per route.
 *
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) is started by chrome-launcher
 * headless, a fresh one per run. Signed in: the demo user's session cookie is put in the browser's
 * cookie jar and the SPA's persisted auth slice into localStorage first (storage is then not
 * reset by Lighthouse), as for a returning user.
 *
 * Like bench:web, it starts the site itself on BENCH_WEB_PORT with a seeded DATA_DIR, or measures
 * BENCH_WEB_URL. BENCH_WEB_ONLY=text limits the routes; BENCH_LIGHTHOUSE_JSON=file writes the scores.
 */
import fs from 'node:fs';

import { routesFor, signIn, startServer, waitForHealth, waitForProcessing, type Route, type SignedIn } from './bench-web';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Scores {
  route: Route;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits below a full score outside performance, to fix. */
  failing: string[];
  /** Lab metrics behind the performance score (ms; CLS unitless). */
  metrics: Record<string, number | undefined>;
  /** The Largest Contentful Paint element, as Lighthouse quotes it. */
  lcpElement: string;
}

/** Sends one CDP command over a page's WebSocket and waits for its answer. */
function cdpSession(webSocketUrl: string) {
  const socket = new WebSocket(webSocketUrl);
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('no DevTools connection')));
  });
  return {
    async send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
      await opened;
      const id = (next += 1);
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Signs the browser in as a returning user is: the session cookie in its cookie jar and the SPA's
 * persisted auth slice in the origin's localStorage, from a tab closed afterwards. (Lighthouse's
 * `extraHeaders` Cookie would be dropped by Chromium as soon as the page sets a cookie of its own
 * — the language and time-zone cookies — so later requests went out signed out and got 401s.)
 */
async function saveSignedIn(port: number, base: string, user: SignedIn): Promise<void> {
  const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const cdp = cdpSession(target.webSocketDebuggerUrl);
  try {
    await cdp.send('Page.enable');
    await cdp.send('Network.enable');
    await cdp.send('Network.setCookie', {
      name: user.cookie.name,
      value: user.cookie.value,
      url: base,
      httpOnly: true,
      sameSite: 'Lax',
    });
    await cdp.send('Page.navigate', { url: `${base}/health` });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await cdp.send('Runtime.evaluate', {
      expression: `localStorage.setItem('persist:user', ${JSON.stringify(user.persistedAuth)})`,
    });
  } finally {
    cdp.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  }
}

/** Lighthouse could not measure the page (its own trace failed); not a score of the page. */
class AuditFailed extends Error {}

async function auditWithRetries(base: string, route: Route, user: SignedIn, attempts = 3): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(base, route, user);
    } catch (error) {
      if (!(error instanceof AuditFailed) || attempt >= attempts) throw error;
      console.warn(`  Lighthouse failed to measure (${error.message}); auditing again`);
    }
  }
}

async function audit(base: string, route: Route, user: SignedIn): Promise<Scores> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    if (route.signedIn) await saveSignedIn(chrome.port, base, user);
    const result = await lighthouse(base + route.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(route.signedIn ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${route.path}`);
    // A failed trace (NO_NAVSTART and the like) is no measurement: the caller audits again.
    if (result.lhr.runtimeError) throw new AuditFailed(`${route.path}: ${result.lhr.runtimeError.code}`);
    const { categories, audits } = result.lhr;
    // The whole report, for a closer look at a route (BENCH_LIGHTHOUSE_LHR=directory).
    if (process.env.BENCH_LIGHTHOUSE_LHR) {
      const name = `${route.signedIn ? 'signed-in' : 'visitor'}${route.path.replace(/[^\w-]+/g, '_')}.json`;
      fs.writeFileSync(`${process.env.BENCH_LIGHTHOUSE_LHR}/${name}`, JSON.stringify(result.lhr));
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
    ) as Scores['scores'];
    const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    );
    const lcp = audits['largest-contentful-paint']?.numericValue;
    const cls = audits['cumulative-layout-shift']?.numericValue;
    // Lighthouse 13 names the LCP element in the LCP breakdown insight (a `node` item).
    const breakdown = audits['lcp-breakdown-insight']?.details as
      | { items?: Array<{ type?: string; selector?: string; nodeLabel?: string }> }
      | undefined;
    const node = breakdown?.items?.find((item) => item.type === 'node');
    const lcpElement = node ? `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 40)}"` : '?';
    if (lcp !== undefined && lcp > 2500) failing.push(`performance:LCP element ${lcpElement}`);
    if (cls !== undefined && cls >= 0.01) failing.push(`performance:CLS ${cls.toFixed(3)}`);
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
        (id) => [id, audits[id]?.numericValue],
      ),
    );
    return { route, scores, failing, metrics, lcpElement };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const server = process.env.BENCH_WEB_URL ? undefined : startServer();
  const base = (process.env.BENCH_WEB_URL ?? server!.base).replace(/\/+$/, '');
  try {
    await waitForHealth(base, server?.child, 300_000);
    if (server) await waitForProcessing(server.dataDir);
    const user = await signIn(base);
    const only = process.env.BENCH_WEB_ONLY;
    const routes = (await routesFor(base, user)).filter((route) => !only || route.path.includes(only) || route.name.includes(only));
    const results: Scores[] = [];
    for (const route of routes) {
      const scores = await auditWithRetries(base, route, user);
      results.push(scores);
      const { metrics } = scores;
      const ms = (id: string) => `${((metrics[id] ?? 0) / 1000).toFixed(2)} s`;
      console.info(
        `  audited ${route.path}${route.signedIn ? ' signed in' : ''}: FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, ` +
          `TBT ${Math.round(metrics['total-blocking-time'] ?? 0)} ms, SI ${ms('speed-index')}, LCP element ${scores.lcpElement}` +
          (scores.failing.length ? `; ${scores.failing.join(', ')}` : ''),
      );
    }
    console.info('\nbench:lighthouse — Lighthouse mobile preset, simulated throttling\n');
    console.info('| who | route | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|---|');
    for (const { route, scores } of results) {
      console.info(
        `| ${route.signedIn ? 'signed in' : 'visitor'} | ${route.name} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} |`,
      );
    }
    const missed = results.filter(
      ({ scores }) => scores.performance < 98 || scores.accessibility < 100 || scores['best-practices'] < 100 || scores.seo < 100,
    );
    console.info(missed.length === 0 ? '\nall targets met' : `\nmissed on: ${missed.map((r) => `${r.route.name}${r.route.signedIn ? ' signed in' : ''}`).join('; ')}`);
    if (process.env.BENCH_LIGHTHOUSE_JSON) fs.writeFileSync(process.env.BENCH_LIGHTHOUSE_JSON, JSON.stringify(results, null, 2));
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
