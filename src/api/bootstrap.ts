/**
 * First-screen data the server inlined into the HTML (`<script type="application/json"
 * id="bootstrap-data">`, keyed by the exact request URL), so the first query of a page does not
 * wait for the code to load before its request can start. Each answer is used once, by the
 * first request for its URL; every later request goes to the network as usual.
 */
export const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';

let entries: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  if (entries) return entries;
  entries = new Map();
  if (typeof document === 'undefined') return entries;
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element?.textContent) return entries;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object') for (const [url, body] of Object.entries(parsed)) entries.set(url, body);
  } catch {
    // A damaged block is no data: the requests go to the network.
  }
  element.remove();
  return entries;
}

/** The inlined answer for this exact URL, once; undefined when there is none (or it was used). */
export function takeBootstrapped(url: string): unknown {
  const all = load();
  if (!all.has(url)) return undefined;
  const body = all.get(url);
  all.delete(url);
  return body;
}
