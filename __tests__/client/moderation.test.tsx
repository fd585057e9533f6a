import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { User } from '../../src/api/types';
import { Comments } from '../../src/features/comments';
import { AdminPage } from '../../src/features/moderation/AdminPage';
import type { AuditEntry, Report } from '../../src/features/moderation/types';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { authState, makeComment, owner, serveComments, viewer } from './comments-fixtures';

const moderator: User = { _id: 'mod1', username: 'maria', email: 'maria@example.com', verified: true, walletAddress: null, role: 'moderator' };

describe('Report dialog', () => {
  it('reports a comment with a reason and details, and says it was received', async () => {
    serveComments('v1', [makeComment('c1', { content: 'Buy pills now' })], viewer);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v0/api/reports', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Thank you. Your report was sent to the moderators.' }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, { preloadedState: authState(viewer) });
    await screen.findByText('Buy pills now');

    const opener = screen.getByRole('button', { name: 'Report the comment by bob' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a reason.');
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByLabelText('Details (optional)'));
    await user.paste('Link spam');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you. Your report was sent to the moderators.');
    expect(bodies).toEqual([{ targetType: 'comment', targetId: 'c1', reason: 'spam', details: 'Link spam' }]);

    // Closing returns focus to the Report button.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  }, 20_000);

  it('shows the server’s refusal, in Chinese when the interface is Chinese', async () => {
    serveComments('v1', [makeComment('c1')], viewer);
    server.use(http.post('*/v0/api/reports', () => HttpResponse.json({ success: false, message: '未找到被举报的内容。' }, { status: 404 })));
    const { user } = renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, {
      preloadedState: authState(viewer),
      locale: 'zh',
    });
    await user.click(await screen.findByRole('button', { name: '举报 bob 的评论' }));
    const dialog = screen.getByRole('dialog', { name: '举报此评论' });
    await user.click(within(dialog).getByRole('radio', { name: '侵犯版权' }));
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('未找到被举报的内容。');
  });

  it('is not offered to visitors', async () => {
    serveComments('v1', [makeComment('c1')], viewer);
    renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, { preloadedState: authState(null) });
    await screen.findByText('Comment c1');
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });
});

function videoReport(): Report {
  return {
    _id: 'r1',
    targetType: 'video',
    targetId: 'v9',
    target: { title: 'Harbour at dusk', userId: 'u5', username: 'sam', thumbnailCdnUrl: '/media/t.jpg', videoId: 'v9', hidden: false },
    reason: 'violence',
    details: 'Graphic',
    reporter: { _id: 'u42', username: 'alice' },
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'open',
    resolvedAt: null,
  };
}

/** A tiny moderator API: reports, audit and a hide action that changes both. */
function serveConsole() {
  let reports: Report[] = [videoReport()];
  const audit: AuditEntry[] = [];
  const calls = { reportLists: 0, auditLists: 0, hides: [] as unknown[] };
  server.use(
    http.get('*/v0/api/admin/reports', () => {
      calls.reportLists += 1;
      return HttpResponse.json({ reports });
    }),
    http.get('*/v0/api/admin/audit', () => {
      calls.auditLists += 1;
      return HttpResponse.json({ entries: audit });
    }),
    http.get('*/v0/api/admin/descriptions', () =>
      HttpResponse.json({
        descriptions: [
          { _id: 'd1', movieId: 'm7', newContext: 'Better words', submittedBy: null, createdAt: '2026-11-20T10:00:00.000Z', status: 'pending' },
        ],
      }),
    ),
    http.get('*/v0/api/admin/users', () => HttpResponse.json({ users: [] })),
    http.post('*/v0/api/admin/videos/:id/hide', async ({ request, params }) => {
      calls.hides.push({ id: params.id, body: await request.json() });
      reports = [];
      audit.unshift({
        _id: 'a1',
        actor: { _id: moderator._id, username: moderator.username },
        action: 'video.hide',
        targetType: 'video',
        targetId: String(params.id),
        reason: 'Violence: Graphic',
        createdAt: '2026-11-20T11:00:00.000Z',
      });
      return HttpResponse.json({ success: true, message: 'The video is now hidden.' });
    }),
  );
  return calls;
}

describe('Moderator console', () => {
  it('hides a reported video in one click; the reports and the audit log refresh', async () => {
    const calls = serveConsole();
    const { user } = renderWithProviders(<AdminPage />, { preloadedState: authState(moderator) });

    const card = (await screen.findByRole('heading', { name: /Harbour at dusk/ })).closest('article')!;
    expect(within(card).getByText('Violence')).toBeInTheDocument();
    expect(within(card).getByText(/Reported by alice/)).toBeInTheDocument();

    // The audit log is loaded once, so its refresh after the action can be seen.
    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Open reports' }));
    await user.click(await screen.findByRole('button', { name: 'Hide video' }));

    expect(await screen.findByText('The video is now hidden.')).toBeInTheDocument();
    expect(calls.hides).toEqual([{ id: 'v9', body: { reason: 'Violence: Graphic' } }]);
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    const row = await screen.findByRole('row', { name: /video\.hide/ });
    expect(row).toHaveTextContent('maria');
    expect(row).toHaveTextContent('Violence: Graphic');
    await waitFor(() => expect(calls.auditLists).toBe(2));
  });

  it('moves between tabs with the arrow keys and shows pending descriptions', async () => {
    serveConsole();
    const { user } = renderWithProviders(<AdminPage />, { preloadedState: authState(moderator) });
    const first = await screen.findByRole('tab', { name: 'Open reports' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    const descriptions = screen.getByRole('tab', { name: 'Pending descriptions' });
    expect(descriptions).toHaveFocus();
    expect(descriptions).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Better words')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', descriptions.id);
  });

  it('is for moderators only', async () => {
    renderWithProviders(<AdminPage />, { preloadedState: authState(viewer) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only moderators can see this page.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('moderation texts', () => {
  it('have the same keys in en and zh, none empty', async () => {
    const { en, zh } = await import('../../src/features/moderation/messages');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(en), ...Object.values(zh)]) expect(text.trim()).not.toBe('');
  });
});
