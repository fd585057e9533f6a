/**
 * A caption track's cues as plain text, parsed by media-captions (the WebVTT parsing rules):
 * tags are dropped, text is text — nothing from the file is ever inserted as HTML.
 */
import { parseText, tokenizeVTTCue, type VTTNode } from 'media-captions';

export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

function plain(nodes: VTTNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.data : plain(node.children))).join('');
}

export async function parseCues(text: string): Promise<TranscriptCue[]> {
  const { cues } = await parseText(text, { type: 'vtt' });
  return cues
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plain(tokenizeVTTCue(cue)).replace(/\s+/g, ' ').trim() }))
    .filter((cue) => cue.text.length > 0)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

export async function loadCues(url: string, signal?: AbortSignal): Promise<TranscriptCue[]> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`captions: HTTP ${response.status}`);
  return parseCues(await response.text());
}
