import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';

import { Comments } from '../../src/features/comments';
import { renderWithProviders } from '../support/render';

import { authState, deferred, makeComment, owner, serveComments } from './comments-fixtures';

const thread = () => [
  makeComment('c1', { content: 'Parent' }),
  makeComment('c2', { content: 'Direct reply', parentComment: 'c1', user: { _id: 'u8', username: 'carol' } }),
  makeComment('c3', { content: 'Reply to the reply', parentComment: 'c2', user: { _id: 'u9', username: 'dave' } }),
  makeComment('c4', { content: 'Unrelated', user: { _id: 'u10', username: 'erin' } }),
];

function renderAsOwner() {
  return renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, { preloadedState: authState(owner) });
}

let confirmSpy: jest.SpyInstance;
let logged: jest.SpyInstance;
beforeEach(() => {
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
  logged = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  confirmSpy.mockRestore();
  logged.mockRestore();
});

describe('Comments: deleting (video owner)', () => {
  it('asks for confirmation, then drops the comment and its direct replies at once and the rest of the subtree on success', async () => {
    const gate = deferred();
    const { log } = serveComments('v1', thread(), owner, {
      onDelete: async () => {
        await gate.promise;
        return undefined;
      },
    });
    const { user } = renderAsOwner();
    await screen.findByText('Parent');

    await user.click(screen.getByRole('button', { name: 'Delete the comment by bob' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this comment?');

    // Optimistic: the comment and its direct replies go at once.
    await waitFor(() => expect(screen.queryByText('Parent')).not.toBeInTheDocument());
    expect(screen.queryByText('Direct reply')).not.toBeInTheDocument();
    expect(screen.getByText('Unrelated')).toBeInTheDocument();
    expect(log.deletes).toEqual(['c1']);

    // The server removed the whole subtree (deletedIds): the deeper reply goes too.
    gate.release();
    await waitFor(() => expect(screen.queryByText('Reply to the reply')).not.toBeInTheDocument());
    expect(screen.getByText('Unrelated')).toBeInTheDocument();
    await waitFor(() => expect(log.lists).toBe(2));
    expect(screen.queryByText('Parent')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it('does nothing when the confirmation is declined', async () => {
    confirmSpy.mockReturnValue(false);
    const { log } = serveComments('v1', thread(), owner);
    const { user } = renderAsOwner();
    await screen.findByText('Parent');

    await user.click(screen.getByRole('button', { name: 'Delete the comment by carol' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this comment?');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.deletes).toEqual([]);
    expect(screen.getByText('Direct reply')).toBeInTheDocument();
  });

  it('puts the comments back and only logs the error when the delete fails', async () => {
    const gate = deferred();
    const { log } = serveComments('v1', thread(), owner, {
      onDelete: async () => {
        await gate.promise;
        return HttpResponse.json({ success: false, message: 'Not allowed.' }, { status: 403 });
      },
    });
    const { user } = renderAsOwner();
    await screen.findByText('Parent');

    await user.click(screen.getByRole('button', { name: 'Delete the comment by bob' }));
    await waitFor(() => expect(screen.queryByText('Parent')).not.toBeInTheDocument());

    gate.release();
    expect(await screen.findByText('Parent')).toBeInTheDocument();
    expect(screen.getByText('Direct reply')).toBeInTheDocument();
    expect(screen.getByText('Reply to the reply')).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to delete comment:', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(log.deletes).toEqual(['c1']);
    expect(log.lists).toBe(1);
  });
});
