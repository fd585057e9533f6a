import { MAX_CHAPTERS, TITLE_MAX, parseChapterLine, parseChapters } from '../../server/domains/playback/chapters';

describe('parseChapterLine', () => {
  it.each([
    ['0:00 Intro', 0, 'Intro'],
    ['00:00 Intro', 0, 'Intro'],
    ['1:23 Verse', 83, 'Verse'],
    ['12:05 Bridge', 725, 'Bridge'],
    ['75:00 Long minutes', 4500, 'Long minutes'],
    ['1:23:45 Finale', 5025, 'Finale'],
    ['01:02:03 Padded hours', 3723, 'Padded hours'],
    ['0:00 - Intro', 0, 'Intro'],
    ['0:00 – Intro', 0, 'Intro'],
    ['0:00 — Intro', 0, 'Intro'],
    ['0:00: Intro', 0, 'Intro'],
    ['0:00 | Intro', 0, 'Intro'],
    ['0:00. Intro', 0, 'Intro'],
    ['[0:00] Intro', 0, 'Intro'],
    ['(1:30) Part two', 90, 'Part two'],
    ['   0:10\tIndented  ', 10, 'Indented'],
    ['0:20 Title - with - dashes', 20, 'Title - with - dashes'],
    ['0:30 开场白', 30, '开场白'],
  ])('%j → %d %j', (line, start, title) => {
    expect(parseChapterLine(line)).toEqual({ start, title });
  });

  it.each([
    'Intro 0:00',
    '0:00',
    '0:00   ',
    '0:00 -',
    '1:75 Bad seconds',
    '1:2 Short seconds',
    '1:60:00 Bad minutes',
    '12:34pm meeting',
    'a0:00 Prefixed',
    '1234:00 Too many minutes',
    ':30 No minutes',
    '',
  ])('%j is not a chapter line', (line) => {
    expect(parseChapterLine(line)).toBeUndefined();
  });

  it(`cuts titles to ${TITLE_MAX} characters (by code point)`, () => {
    const chapter = parseChapterLine(`0:00 ${'😀'.repeat(TITLE_MAX + 20)}`);
    expect([...chapter!.title]).toHaveLength(TITLE_MAX);
  });
});

describe('parseChapters', () => {
  it('reads chapters among ordinary lines', () => {
    const description = ['My trip.', '', '0:00 Intro', 'Some text', '1:23 The beach', '1:02:03 Finale', 'Thanks for watching'].join('\n');
    expect(parseChapters(description, 4000)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 83, title: 'The beach' },
      { start: 3723, title: 'Finale' },
    ]);
  });

  it('accepts CRLF and CR line ends', () => {
    expect(parseChapters('0:00 A\r\n0:10 B\r0:20 C')).toEqual([
      { start: 0, title: 'A' },
      { start: 10, title: 'B' },
      { start: 20, title: 'C' },
    ]);
  });

  it('needs at least two chapters', () => {
    expect(parseChapters('0:00 Only one', 100)).toEqual([]);
  });

  it('needs the first chapter at 0:00', () => {
    expect(parseChapters('0:05 Late start\n0:10 Next', 100)).toEqual([]);
    // Text before the first stamp is fine.
    expect(parseChapters('Hello\n0:00 A\n0:10 B', 100)).toHaveLength(2);
  });

  it('has no chapters unless every stamp comes after the one before (as on YouTube)', () => {
    expect(parseChapters('0:00 One\n0:08 Two\n0:04 Three', 100)).toEqual([]);
    expect(parseChapters('0:00 A\n0:30 B\n0:30 Same time\n0:40 C', 100)).toEqual([]);
    expect(parseChapters('0:00 A\n0:00 Again', 100)).toEqual([]);
    expect(parseChapters('0:00 One\n0:04 Two\n0:08 Three', 100)).toEqual([
      { start: 0, title: 'One' },
      { start: 4, title: 'Two' },
      { start: 8, title: 'Three' },
    ]);
  });

  it('ignores malformed chapter lines', () => {
    expect(parseChapters('0:00 A\n0:99 Bad\n1:2 Bad\n0:10\n0:20 B', 100)).toEqual([
      { start: 0, title: 'A' },
      { start: 20, title: 'B' },
    ]);
  });

  it('drops chapters at or beyond the duration', () => {
    expect(parseChapters('0:00 A\n0:30 B\n1:00 At the end\n5:00 Beyond', 60)).toEqual([
      { start: 0, title: 'A' },
      { start: 30, title: 'B' },
    ]);
    expect(parseChapters('0:00 A\n1:30 Beyond', 60)).toEqual([]);
  });

  it('keeps every chapter when the duration is unknown', () => {
    expect(parseChapters('0:00 A\n5:00 B', 0)).toHaveLength(2);
    expect(parseChapters('0:00 A\n5:00 B', Number.NaN)).toHaveLength(2);
  });

  it(`keeps at most ${MAX_CHAPTERS} chapters`, () => {
    const lines = Array.from({ length: 150 }, (_, i) => `${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')} Chapter ${i}`);
    const chapters = parseChapters(lines.join('\n'), 10_000);
    expect(chapters).toHaveLength(MAX_CHAPTERS);
    expect(chapters[MAX_CHAPTERS - 1]).toEqual({ start: MAX_CHAPTERS - 1, title: `Chapter ${MAX_CHAPTERS - 1}` });
  });

  it('never throws on odd input', () => {
    expect(parseChapters('')).toEqual([]);
    expect(parseChapters(null)).toEqual([]);
    expect(parseChapters(undefined)).toEqual([]);
    expect(parseChapters(42 as unknown as string)).toEqual([]);
    expect(parseChapters('0:00 A\n'.repeat(50_000))).toEqual([]);
    expect(parseChapters(`0:00 A\n0:10 ${'x'.repeat(100_000)}`)).toHaveLength(2);
  });
});
