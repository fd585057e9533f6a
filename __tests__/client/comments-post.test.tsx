import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';

import type { User } from '../../src/api/types';
import { Comments, commentsApi } from '../../src/features/comments';
import { renderWithProviders } from '../support/render';

import { authState, deferred, makeComment, owner, serveComments, viewer } from './comments-fixtures';

function renderComments(user: User | null = viewer) {
  return renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, { preloadedState: authState(user) });
}

function itemOf(content: string): HTMLElement {
  return screen.getByText(content).closest('li')!;
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

describe('Comments: posting', () => {
  it('shows the comment at once with a pending style and my name, then the server’s comment', async () => {
    const gate = deferred();
    const { log } = serveComments('v1', [makeComment('c1', { content: 'Earlier' })], viewer, {
      onCreate: async () => {
        await gate.promise;
        return undefined;
      },
    });
    const { user } = renderComments();
    await screen.findByText('Earlier');

    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '  Nice video!  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    // Optimistic: in the list before the server answers, cleared from the box.
    const pending = (await screen.findByText('Nice video!')).closest('article')!;
    expect(pending).toHaveClass('comment--pending');
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(within(pending).getByText('alice')).toBeInTheDocument();
    expect(within(pending).getByText('Posting...')).toBeInTheDocument();
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();
    expect(box).toHaveValue('');
    await waitFor(() => expect(log.creates).toEqual([{ content: 'Nice video!', videoId: 'v1' }]));

    gate.release();
    await waitFor(() => expect(screen.getByText('Nice video!').closest('article')).not.toHaveClass('comment--pending'));
    const saved = screen.getByText('Nice video!').closest('article')!;
    expect(within(saved).queryByText('Posting...')).not.toBeInTheDocument();
    expect(saved.querySelector('time')).toHaveAttribute('dateTime', '2024-02-01T09:30:00.000Z');
    expect(within(saved).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/profile/u42');
    // The video's Comments are invalidated, so the list is fetched again; the comment shows once.
    await waitFor(() => expect(log.lists).toBe(2));
    expect(screen.getAllByText('Nice video!')).toHaveLength(1);
    expect(logged).not.toHaveBeenCalled();
  });

  it("invalidates only this video's comments", async () => {
    const { log } = serveComments('v1', []);
    const other = serveComments('v2', [makeComment('x1', { video: 'v2' })]);
    const { user, store } = renderComments();
    store.dispatch(commentsApi.endpoints.getComments.initiate('v2'));
    await screen.findByText('No comments yet.');
    await waitFor(() => expect(other.log.lists).toBe(1));

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Only here');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(log.lists).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.log.lists).toBe(1);
  });

  it('never sends blank content', async () => {
    const { log } = serveComments('v1', []);
    const { user } = renderComments();
    await screen.findByText('No comments yet.');

    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '   {Enter}\t  ');
    expect(post).toBeDisabled();
    await user.click(post);
    await user.type(box, '{Control>}{Enter}{/Control}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.creates).toEqual([]);
    expect(screen.getByText('No comments yet.')).toBeInTheDocument();
  });

  it('sends with Ctrl+Enter', async () => {
    const { log } = serveComments('v1', []);
    const { user } = renderComments();
    await screen.findByText('No comments yet.');

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Quick one{Control>}{Enter}{/Control}');
    await waitFor(() => expect(log.creates).toEqual([{ content: 'Quick one', videoId: 'v1' }]));
    // The optimistic item is replaced by the server's, so look the text up afresh each time.
    await waitFor(() => expect(screen.getByText('Quick one')).toBeInTheDocument());
  });

  it('undoes the comment and shows "Failed to post comment." when the server refuses', async () => {
    const gate = deferred();
    const { log } = serveComments('v1', [makeComment('c1', { content: 'Earlier' })], viewer, {
      onCreate: async () => {
        await gate.promise;
        return HttpResponse.json({ success: false }, { status: 500 });
      },
    });
    const { user } = renderComments();
    await screen.findByText('Earlier');

    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Will fail');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByText('Will fail', { selector: 'p' })).closest('article')).toHaveClass('comment--pending');

    gate.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post comment.');
    await waitFor(() => expect(screen.queryByText('Will fail', { selector: 'p' })).not.toBeInTheDocument());
    // The text comes back so nothing typed is lost.
    expect(box).toHaveValue('Will fail');
    expect(log.creates).toHaveLength(1);
    expect(log.lists).toBe(1);
    expect(logged).toHaveBeenCalledWith('Failed to post comment:', expect.anything());
  });

  it("prefers the server's message when it sends one", async () => {
    serveComments('v1', [], viewer, {
      onCreate: () => HttpResponse.json({ success: false, message: 'Comments are closed.' }, { status: 403 }),
    });
    const { user } = renderComments();
    await screen.findByText('No comments yet.');

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Comments are closed.');
  });

  it('treats a 2xx `success: false` answer as a refusal', async () => {
    serveComments('v1', [], viewer, {
      onCreate: () => HttpResponse.json({ success: false }, { status: 200 }),
    });
    const { user } = renderComments();
    await screen.findByText('No comments yet.');

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post comment.');
    // The undo may land just after the error shows.
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });

  it('shows "Error posting comment." when the server cannot be reached', async () => {
    serveComments('v1', [], viewer, { onCreate: () => HttpResponse.error() });
    const { user } = renderComments();
    await screen.findByText('No comments yet.');

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Offline');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error posting comment.');
    // The undo may land just after the error shows.
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Offline');
  });
});

describe('Comments: replies', () => {
  it('opens an inline form under the comment and posts the reply with its parent', async () => {
    const { log } = serveComments('v1', [
      makeComment('c1', { content: 'Parent comment' }),
      makeComment('c2', { content: 'Another', user: { _id: 'u9', username: 'dave' } }),
    ]);
    const { user } = renderComments();
    await screen.findByText('Parent comment');

    const replyButton = screen.getByRole('button', { name: 'Reply to bob' });
    expect(replyButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(replyButton);
    expect(replyButton).toHaveAttribute('aria-expanded', 'true');
    const box = within(itemOf('Parent comment')).getByRole('textbox', { name: 'Your reply to bob' });
    expect(box).toHaveFocus();

    // Blank is not sent here either.
    const postReply = within(itemOf('Parent comment')).getByRole('button', { name: 'Post reply' });
    expect(postReply).toBeDisabled();

    await user.type(box, ' Thanks! ');
    await user.click(postReply);

    const replies = await within(itemOf('Parent comment')).findByRole('list', { name: 'Replies to bob' });
    expect(within(replies).getByText('Thanks!')).toBeInTheDocument();
    expect(log.creates).toEqual([{ content: 'Thanks!', videoId: 'v1', parentComment: 'c1' }]);
    // The form closes once the reply is saved.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your reply to bob' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(replies).getByText('Thanks!').closest('article')).not.toHaveClass('comment--pending'),
    );
    expect(within(itemOf('Another')).queryByText('Thanks!')).not.toBeInTheDocument();
  });

  it('closes the reply form with Cancel without sending', async () => {
    const { log } = serveComments('v1', [makeComment('c1', { content: 'Parent comment' })]);
    const { user } = renderComments();
    await screen.findByText('Parent comment');

    await user.click(screen.getByRole('button', { name: 'Reply to bob' }));
    await user.type(screen.getByRole('textbox', { name: 'Your reply to bob' }), 'Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Your reply to bob' })).not.toBeInTheDocument();
    expect(log.creates).toEqual([]);
  });

  it('keeps the reply form open with the error and the text when the reply fails', async () => {
    serveComments('v1', [makeComment('c1', { content: 'Parent comment' })], viewer, {
      onCreate: () => HttpResponse.json({ success: false }, { status: 500 }),
    });
    const { user } = renderComments();
    await screen.findByText('Parent comment');

    await user.click(screen.getByRole('button', { name: 'Reply to bob' }));
    const box = screen.getByRole('textbox', { name: 'Your reply to bob' });
    await user.type(box, 'My reply');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));

    expect(await within(itemOf('Parent comment')).findByRole('alert')).toHaveTextContent('Failed to post comment.');
    expect(box).toHaveValue('My reply');
    await waitFor(() => expect(within(itemOf('Parent comment')).queryByRole('list')).not.toBeInTheDocument());
  });
});
