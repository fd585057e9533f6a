/**
 * The README and docs/ as a newcomer reads them: every link into the repository leads to a file
 * (and, with a #fragment, to a heading of that file), and no document points at texts that are
 * not in the repository (a specification, an issue tracker, a design card) instead of saying
 * what it means.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** README.md and every Markdown file under docs/, as repository-relative paths. */
function documents(): string[] {
  const found = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  if (existsSync(path.join(ROOT, 'docs'))) walk('docs');
  return found;
}

/** The text without fenced code blocks, HTML comments and inline code: links there are examples. */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/`[^`\n]*`/g, '');
}

/** Targets of inline links and images, `[text](target "title")`, and of reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) targets.push(match[1]!);
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers (duplicates get -1, -2… as on GitHub). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = match[1]!.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = headingSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of withoutCode.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) result.add(match[1]!);
  return result;
}

const read = (relative: string): string => readFileSync(path.join(ROOT, relative), 'utf8');

describe('the README and docs/', () => {
  const files = documents();

  it('include the front door, the index and the moved documents', () => {
    for (const expected of [
      'README.md',
      'docs/README.md',
      'docs/product.md',
      'docs/architecture.md',
      'docs/operations.md',
      'docs/development.md',
      'docs/benchmarks.md',
    ]) {
      expect(files).toContain(expected);
    }
  });

  it('keep the README a short front door', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(130);
  });

  it.each(documents())('%s: every link into the repository resolves, fragments included', (file) => {
    const problems: string[] = [];
    for (const target of linkTargets(read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: … — outside the repository
      const [rawPath = '', fragment] = target.split('#', 2);
      const linkPath = decodeURIComponent(rawPath);
      const resolved = linkPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath));
      if (resolved.startsWith('..') || path.posix.isAbsolute(resolved)) {
        problems.push(`${target}: leaves the repository`);
        continue;
      }
      if (!existsSync(path.join(ROOT, resolved))) {
        problems.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (fragment && resolved.endsWith('.md') && statSync(path.join(ROOT, resolved)).isFile()) {
        if (!anchors(read(resolved)).has(fragment)) problems.push(`${target}: no heading #${fragment} in ${resolved}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(documents())('%s: names no document outside the repository', (file) => {
    const text = read(file);
    const outside = [
      /\bSPEC(?:\.md)?\b/, // the product specification
      /\bARCHITECTURE\.md\b/,
      /\b(?:issue|ticket)s?\s*#?\d+/i, // "issue 15", "issues #3"
      /(?:^|[\s(])#\d+\b/, // "#15" as a tracker reference
      /\bdesign card\b/i,
      /\bthe brief\b/i,
    ];
    const lines = text.split('\n');
    const hits = lines.flatMap((line, index) =>
      outside.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [],
    );
    expect(hits).toEqual([]);
  });

  it('the slug rule matches the anchors the documents use', () => {
    expect(headingSlug('Object storage (S3)')).toBe('object-storage-s3');
    expect(headingSlug('Node.js 24')).toBe('nodejs-24');
    expect(headingSlug('bench:web — the first screen on a phone')).toBe('benchweb--the-first-screen-on-a-phone');
    expect(headingSlug('Playback, processing states and card images')).toBe('playback-processing-states-and-card-images');
  });

  it('a link checker that finds nothing would prove nothing: the README has links to check', () => {
    expect(linkTargets(read('README.md')).filter((target) => !/^[a-z]+:/i.test(target)).length).toBeGreaterThan(5);
  });
});
