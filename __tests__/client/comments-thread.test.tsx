import { screen, within } from '@testing-library/react';

import type { User } from '../../src/api/types';
import { Comments } from '../../src/features/comments';
import { renderWithProviders } from '../support/render';

import { authState, makeComment, owner, serveComments, viewer } from './comments-fixtures';

function renderComments(user: User | null, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, {
    preloadedState: authState(user),
    locale,
  });
}

/** The list item of the comment whose text is `content`. */
function itemOf(content: string): HTMLElement {
  return screen.getByText(content).closest('li')!;
}

const thread = [
  makeComment('c1', { content: 'First!' }),
  makeComment('c2', { content: 'Reply to first', parentComment: 'c1', user: { _id: 'u8', username: 'carol' } }),
  makeComment('c3', { content: 'Reply to the reply', parentComment: 'c2' }),
  makeComment('c4', { content: 'Second top-level', user: { _id: 'u9', username: 'dave' } }),
];

describe('Comments: the thread', () => {
  it('nests replies under their parent, in the server order', async () => {
    serveComments('v1', thread);
    renderComments(viewer);

    const section = await screen.findByRole('region', { name: 'Comments' });
    await within(section).findByText('First!');
    const topLevel = within(section).getAllByRole('list')[0]!;
    // Top level: c1 then c4; c2 and c3 live inside c1's item.
    const topItems = Array.from(topLevel.children);
    expect(topItems).toHaveLength(2);
    expect(topItems[0]).toHaveTextContent('First!');
    expect(topItems[1]).toHaveTextContent('Second top-level');

    const repliesToBob = within(itemOf('First!')).getByRole('list', { name: 'Replies to bob' });
    expect(within(repliesToBob).getByText('Reply to first')).toBeInTheDocument();
    const repliesToCarol = within(itemOf('Reply to first')).getByRole('list', { name: 'Replies to carol' });
    expect(within(repliesToCarol).getByText('Reply to the reply')).toBeInTheDocument();
    expect(repliesToCarol).toHaveClass('comment-list--replies');
    expect(within(itemOf('Second top-level')).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the author as a link to their profile and the date in long form', async () => {
    serveComments('v1', [makeComment('c1', { content: 'Hello', createdAt: '2024-03-05T14:07:00.000Z' })]);
    renderComments(null);

    await screen.findByText('Hello');
    const item = itemOf('Hello');
    expect(within(item).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/profile/u7');
    const time = item.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2024-03-05T14:07:00.000Z');
    expect(time.textContent).toMatch(/March 5, 2024/);
  });

  it('stops indenting after the maximum depth but keeps every reply', async () => {
    const deep = [makeComment('d0', { content: 'depth 0' })];
    for (let depth = 1; depth <= 7; depth += 1) {
      deep.push(makeComment(`d${depth}`, { content: `depth ${depth}`, parentComment: `d${depth - 1}` }));
    }
    serveComments('v1', deep);
    renderComments(null);

    await screen.findByText('depth 7');
    const listOf = (depth: number) => screen.getByText(`depth ${depth}`).closest('ol')!;
    expect(listOf(4)).not.toHaveClass('comment-list--flat');
    expect(listOf(5)).toHaveClass('comment-list--flat');
    expect(listOf(7)).toHaveClass('comment-list--flat');
  });

  it('shows markup in a comment as plain text, never as HTML', async () => {
    const content = '<b>bold</b> <img src="x" onerror="alert(1)"> & <script>alert(2)</script>';
    serveComments('v1', [makeComment('c1', { content: `${content}\nsecond line` })]);
    renderComments(null);

    const text = await screen.findByText((_, element) => element?.classList.contains('comment__content') ?? false);
    expect(text.textContent).toBe(`${content}\nsecond line`);
    expect(text.querySelector('b, img, script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('says so when there are no comments yet', async () => {
    serveComments('v1', []);
    renderComments(viewer);
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });

  it('shows a spinner while the comments load', async () => {
    serveComments('v1', [makeComment('c1', { content: 'Loaded' })]);
    renderComments(viewer);
    expect(screen.getByRole('status')).toHaveTextContent('Loading comments...');
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('only logs a failed load', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveComments('v1', [], viewer, {
      onList: () => new Response(JSON.stringify({ success: false, message: 'Boom' }), { status: 500 }),
    });
    renderComments(viewer);

    await screen.findByRole('region', { name: 'Comments' });
    await screen.findByRole('textbox', { name: 'Add a comment' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toHaveBeenCalledWith('Failed to load comments:', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('No comments yet.')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('Comments: who sees what', () => {
  it('asks visitors to log in instead of showing a form, and offers no Reply or Delete', async () => {
    serveComments('v1', thread);
    renderComments(null);

    await screen.findByText('First!');
    const prompt = screen.getByText((_, element) => element?.classList.contains('comments__login-prompt') ?? false);
    expect(prompt).toHaveTextContent('Log in to leave a comment.');
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reply/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('gives a logged-in user who is not the owner a form and Reply, but no Delete', async () => {
    serveComments('v1', thread);
    renderComments(viewer);

    await screen.findByText('First!');
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Reply to/ })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Log in/)).not.toBeInTheDocument();
  });

  it("shows Delete on every comment to the video's owner", async () => {
    serveComments('v1', thread, owner);
    renderComments(owner);

    await screen.findByText('First!');
    expect(screen.getAllByRole('button', { name: /^Delete the comment by/ })).toHaveLength(4);
    expect(within(itemOf('Second top-level')).getAllByRole('button', { name: 'Delete the comment by dave' })).toHaveLength(1);
  });

  it('is translated', async () => {
    serveComments('v1', [makeComment('c1', { content: 'Hi' })]);
    renderComments(null, 'zh');

    expect(await screen.findByRole('region', { name: '评论' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
  });
});
