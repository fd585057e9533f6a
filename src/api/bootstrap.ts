/**
 * First-screen answers the server inlined into the HTML (`<script type="application/json"
 * id="bootstrap-data">`, keyed by the exact request URL), so a page's first queries do not wait
 * for the code to load before their requests can start — and so the server can render the first
 * screen with the very data the browser then hydrates with.
 *
 * Each store has its own source (the thunk `extra` argument, which RTK Query hands to every
 * query): the document's block in the browser, the server's answers while it renders a page.
 * Each answer is used once, by the first request for its URL; every later request goes to the
 * network as usual.
 */
export const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';

export interface InlinedAnswers {
  /** The answer for this exact URL, once; undefined when there is none (or it was used). */
  take(url: string): unknown;
  /**
   * True while the server renders a page: a query with no inlined answer must not reach the
   * network (the page is then not server-rendered; the browser asks as usual).
   */
  readonly offline: boolean;
}

/** What a store's thunks receive as `extra`. */
export interface StoreExtra {
  inlined: InlinedAnswers;
}

/** Answers from a plain record (the server's, or a test's). */
export function inlinedAnswers(record: Record<string, unknown>, { offline = false } = {}): InlinedAnswers {
  const entries = new Map(Object.entries(record));
  return {
    offline,
    take(url) {
      if (!entries.has(url)) return undefined;
      const body = entries.get(url);
      entries.delete(url);
      return body;
    },
  };
}

/** The document's data block, read (and removed from the page) on first use. */
export function documentAnswers(): InlinedAnswers {
  let answers: InlinedAnswers | undefined;
  const load = () => {
    if (answers) return answers;
    let record: Record<string, unknown> = {};
    const element = typeof document === 'undefined' ? null : document.getElementById(BOOTSTRAP_ELEMENT_ID);
    if (element?.textContent) {
      try {
        const parsed: unknown = JSON.parse(element.textContent);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) record = parsed as Record<string, unknown>;
      } catch {
        // A damaged block is no data: the requests go to the network.
      }
    }
    element?.remove();
    answers = inlinedAnswers(record);
    return answers;
  };
  return {
    offline: false,
    take: (url) => load().take(url),
  };
}

/** The inlined answers of the store a query runs in (none for a store made without them). */
export function inlinedFor(extra: unknown): InlinedAnswers | undefined {
  const inlined = (extra as Partial<StoreExtra> | undefined)?.inlined;
  return inlined && typeof inlined.take === 'function' ? inlined : undefined;
}

/** The error a server-side render gets for a query it has no answer for. */
export const NOT_INLINED_ERROR = { status: 'CUSTOM_ERROR', error: 'not inlined' } as const;
