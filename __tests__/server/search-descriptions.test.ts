import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { descriptionIndexText } from '../../server/domains/search/descriptions';
import { preview, runDescriptionsCli } from '../../server/domains/search/descriptions-cli';
import { makeTestApp, type TestApp } from '../support/server';

import { seedCatalogue, tinyVectors } from './search-helpers';

const SUBMIT = '/v0/api/action/upload-description';
const ROOT = path.resolve(__dirname, '..', '..');

describe('description review queue', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const submit = (movieId: string, newContext: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: SUBMIT, payload: { movieId, newContext }, remoteAddress: ip });

  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runDescriptionsCli(args, t.app.database, { out: (line) => out.push(line), err: (line) => err.push(line) }, new Date('2026-11-21T12:00:00.000Z'));
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  const submissionIds = async () =>
    (await t.app.db.selectFrom('description_submissions').select(['id', 'movie_id']).orderBy('created_at').orderBy('id').execute()).map(
      (row) => row.id,
    );

  it('lists pending submissions with id, movie id, date and a text preview', async () => {
    expect(await cli('list')).toEqual({ code: 0, out: 'No pending description submissions.', err: '' });
    await submit('AbCdEfGhIjK', 'Sleepy tabby\ncat, nap, cosy\nhttp://localhost:3000/catalogue/embed/AbCdEfGhIjK/\nAbCdEfGhIjK');
    await submit('ZyXwVuTsRqP', 'x'.repeat(200));
    const [first, second] = await submissionIds();
    const { code, out } = await cli('list');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe('2 pending submissions:');
    expect(lines[1]).toMatch(/^ID\s+MOVIE\s+SUBMITTED\s+TEXT$/);
    expect(lines[2]).toMatch(new RegExp(`^${first}  AbCdEfGhIjK   \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}   Sleepy tabby cat, nap, cosy http://localhost`));
    expect(lines[3]).toContain(second);
    expect(lines[3]).toContain(`${'x'.repeat(71)}…`);
    expect((await cli('list', '--limit', '1')).out.split('\n')[0]).toBe('2 pending submissions (showing the oldest 1):');
  });

  it('approves and rejects pending submissions once, with clear errors otherwise', async () => {
    await submit('AbCdEfGhIjK', 'first');
    await submit('AbCdEfGhIjK', 'second');
    const [first, second] = await submissionIds();

    expect(await cli('approve', first!)).toEqual({
      code: 0,
      out: `Submission ${first} for movie AbCdEfGhIjK approved.\nThe running server adds it to the AI search index within a minute.`,
      err: '',
    });
    expect(await cli('reject', second!)).toMatchObject({ code: 0, out: `Submission ${second} for movie AbCdEfGhIjK rejected.` });
    const rows = await t.app.db.selectFrom('description_submissions').select(['id', 'status', 'reviewed_at', 'applied_at']).orderBy('created_at').orderBy('id').execute();
    expect(rows).toEqual([
      { id: first, status: 'approved', reviewed_at: '2026-11-21T12:00:00.000Z', applied_at: null },
      { id: second, status: 'rejected', reviewed_at: '2026-11-21T12:00:00.000Z', applied_at: null },
    ]);

    expect(await cli('reject', first!)).toEqual({
      code: 1,
      out: '',
      err: `Submission ${first} was already approved on 2026-11-21T12:00:00.000Z; only pending submissions can be reviewed.`,
    });
    expect(await cli('approve', 'nope')).toEqual({ code: 1, out: '', err: 'No description submission has the id "nope".' });
    expect((await cli('list')).out).toBe('No pending description submissions.');
  });

  it('explains its usage', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli()).err).toContain('Usage: npm run descriptions -- <command>');
    expect(await cli('approve')).toMatchObject({ code: 2, err: 'Usage: npm run descriptions -- approve ID' });
    expect(await cli('frobnicate')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command "frobnicate".') });
    expect(await cli('list', '--limit', 'lots')).toMatchObject({ code: 2 });
  });

  it('an approved description improves that video in the AI search; pending and rejected ones do not', async () => {
    await t.app.searchIndex.useEmbeddings(tinyVectors());
    await seedCatalogue(t.app, [
      { id: 'AbCdEfGhIjK', title: 'Evening in the garden', keywords: 'garden, flowers' },
      { id: 'ZyXwVuTsRqP', title: 'Morning in the garden', keywords: 'garden, birds' },
      { id: 'MnOpQrStUvW', title: 'A hedgehog at night', keywords: 'hedgehog, wildlife' },
    ]);
    const aiIds = async (text: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: text } })
      ).json().structuredResponse.data.map((item: { id: string }) => item.id);

    expect(await aiIds('hedgehog')).toEqual(['MnOpQrStUvW']);
    await submit('AbCdEfGhIjK', 'Evening in the garden\ngarden, hedgehog, hedgehog family\nhttp://localhost:3000/catalogue/embed/AbCdEfGhIjK/\nAbCdEfGhIjK');
    await submit('ZyXwVuTsRqP', 'Morning in the garden\nhedgehog');
    const [approved, rejected] = await submissionIds();

    // Pending: nothing changes.
    expect(await t.app.searchIndex.applyDescriptions()).toEqual([]);
    expect(await aiIds('hedgehog')).toEqual(['MnOpQrStUvW']);

    await cli('approve', approved!);
    await cli('reject', rejected!);
    expect(await t.app.searchIndex.applyDescriptions()).toEqual(['AbCdEfGhIjK']);
    expect(await aiIds('hedgehog family')).toEqual(['AbCdEfGhIjK', 'MnOpQrStUvW']);

    const document = await t.app.db.selectFrom('search_documents').select('extra').where('ref_id', '=', 'AbCdEfGhIjK').executeTakeFirstOrThrow();
    expect(document.extra).toBe('Evening in the garden garden, hedgehog, hedgehog family');
    const submissions = await t.app.db.selectFrom('description_submissions').select(['id', 'applied_at']).execute();
    expect(submissions.find((row) => row.id === approved)?.applied_at).toEqual(expect.any(String));
    expect(submissions.find((row) => row.id === rejected)?.applied_at).toBeNull();
    // Applied once: nothing left to do.
    expect(await t.app.searchIndex.applyDescriptions()).toEqual([]);

    // The text survives a catalogue re-ingestion (the stand-in does not know these ids, so the
    // seeded documents would be removed by a real refresh; a reload from the database keeps it).
    await t.app.searchIndex.reloadCatalogue();
    expect((await aiIds('hedgehog family'))[0]).toBe('AbCdEfGhIjK');
  });

  it('waits with an approved description until its video is in the index', async () => {
    await submit('NotYetThere', 'hedgehog');
    const [id] = await submissionIds();
    await cli('approve', id!);
    expect(await t.app.searchIndex.applyDescriptions()).toEqual([]);
    await seedCatalogue(t.app, [{ id: 'NotYetThere', title: 'Garden at night' }]);
    expect(await t.app.searchIndex.applyDescriptions()).toEqual(['NotYetThere']);
  });

  it('submissions are size-capped (5,000 characters) and rate-limited (10 per 10 minutes per address)', async () => {
    expect((await submit('abc', 'x'.repeat(5001))).statusCode).toBe(400);
    for (let i = 0; i < 10; i += 1) expect((await submit('abc', `text ${i}`, '10.0.0.9')).statusCode).toBe(200);
    const limited = await submit('abc', 'one too many', '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect((await submit('abc', 'another address', '10.0.0.10')).statusCode).toBe(200);
  });

  it('runs as `npm run descriptions` on the configured database', async () => {
    await submit('AbCdEfGhIjK', 'from the command line');
    const [id] = await submissionIds();
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/descriptions.ts', ...args], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: t.dataDir,
          // On PostgreSQL (npm run test:pg), the test app's own database.
          ...(t.config.database.dialect === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
        },
      });
    const listed = await run('list');
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain('from the command line');
    const approved = await run('approve', id!);
    expect(approved.stdout).toContain(`Submission ${id} for movie AbCdEfGhIjK approved.`);
    await expect(run('approve', id!)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already approved') });
  }, 60_000);
});

describe('review helpers', () => {
  it('keeps the words of a submission, not its URLs or the movie id', () => {
    expect(descriptionIndexText('Title\ncat, nap\nhttps://x.example/embed/AbC/\nAbC', 'AbC')).toBe('Title cat, nap');
  });

  it('previews long texts on one line', () => {
    expect(preview('a\nb   c')).toBe('a b c');
    expect(preview('y'.repeat(100), 10)).toBe(`${'y'.repeat(9)}…`);
  });
});
