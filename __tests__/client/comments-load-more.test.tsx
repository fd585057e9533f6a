import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Comment, User } from '../../src/api/types';
import { Comments } from '../../src/features/comments';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { authState, makeComment, owner, viewer } from './comments-fixtures';

/** Three pages, newest first; the second holds a top-level comment with a reply. */
const PAGES: Record<string, { comments: Comment[]; nextCursor: string | null }> = {
  first: {
    comments: [makeComment('c6', { content: 'Newest' }), makeComment('c5', { content: 'Fifth' })],
    nextCursor: 'cursor-2',
  },
  'cursor-2': {
    comments: [
      makeComment('c4', { content: 'Fourth' }),
      makeComment('r1', { content: 'A reply to the fourth', parentComment: 'c4', user: { _id: 'u8', username: 'carol' } }),
      makeComment('c3', { content: 'Third' }),
    ],
    nextCursor: 'cursor-3',
  },
  'cursor-3': { comments: [makeComment('c1', { content: 'Oldest' })], nextCursor: null },
};

/**
 * Serves PAGES by cursor like the server: a new top-level comment joins the first page, a reply
 * its parent's page. `fail` answers a cursor with an error instead. Records the cursors asked for.
 */
function servePages(fail: Record<string, Response> = {}) {
  const asked: Array<string | null> = [];
  const pages = structuredClone(PAGES);
  server.use(
    http.post('*/v0/api/comments/create', async ({ request }) => {
      const body = (await request.json()) as { content: string; parentComment?: string };
      const comment = makeComment(`new-${body.content}`, {
        content: body.content,
        parentComment: body.parentComment ?? null,
        user: { _id: viewer._id, username: viewer.username },
      });
      const home = Object.values(pages).find((page) => page.comments.some((shown) => shown._id === body.parentComment));
      if (home) home.comments.push(comment);
      else pages.first!.comments.unshift(comment);
      return HttpResponse.json({ success: true, comment, message: 'Comment added.' }, { status: 201 });
    }),
    http.get('*/v0/api/comments/v1', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      asked.push(cursor);
      const failure = cursor ? fail[cursor] : undefined;
      if (failure) {
        delete fail[cursor!];
        return failure;
      }
      const page = pages[cursor ?? 'first'];
      return page ? HttpResponse.json(page) : HttpResponse.json({ success: false, message: 'Unknown cursor' }, { status: 400 });
    }),
  );
  return asked;
}

function renderComments(user: User | null = viewer, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(<Comments videoId="v1" ownerId={owner._id} />, { preloadedState: authState(user), locale });
}

const topLevelTexts = (): string[] => {
  const section = screen.getByRole('region', { name: 'Comments' });
  const list = within(section).getAllByRole('list')[0]!;
  return Array.from(list.children).map((item) => item.querySelector('.comment__content')!.textContent ?? '');
};

describe('Comments: loading more', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('shows the first page, then the next ones with the Load more button, until the end', async () => {
    const asked = servePages();
    const { user } = renderComments();

    await screen.findByText('Newest');
    expect(topLevelTexts()).toEqual(['Newest', 'Fifth']);
    expect(asked).toEqual([null]);

    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Fourth');
    expect(topLevelTexts()).toEqual(['Newest', 'Fifth', 'Fourth', 'Third']);
    // A reply arrives with its comment and sits under it.
    const fourth = screen.getByText('Fourth').closest('li')!;
    expect(within(within(fourth).getByRole('list', { name: 'Replies to bob' })).getByText('A reply to the fourth')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Oldest');
    expect(topLevelTexts()).toEqual(['Newest', 'Fifth', 'Fourth', 'Third', 'Oldest']);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    expect(asked).toEqual([null, 'cursor-2', 'cursor-3']);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[]; disconnected: boolean }> = [];
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, elements: [], disconnected: false });
      }
      observe(element: Element) {
        observers[observers.length - 1]!.elements.push(element);
      }
      disconnect() {
        observers.forEach((observer) => (observer.disconnected = true));
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const asked = servePages();
      renderComments();
      await screen.findByText('Newest');
      const active = observers.filter((observer) => !observer.disconnected);
      expect(active).toHaveLength(1);
      act(() => {
        active[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      });
      await screen.findByText('Fourth');
      expect(asked).toEqual([null, 'cursor-2']);
    } finally {
      window.IntersectionObserver = original;
    }
  });

  it('says when a page could not load and tries again from the button', async () => {
    const asked = servePages({
      'cursor-2': HttpResponse.json({ success: false, message: 'This list position is not valid or has expired.' }, { status: 400 }),
    });
    const { user } = renderComments();
    await screen.findByText('Newest');

    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This list position is not valid or has expired.');
    // What was shown stays.
    expect(topLevelTexts()).toEqual(['Newest', 'Fifth']);

    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Fourth');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toEqual([null, 'cursor-2', 'cursor-2']);
  });

  it('puts a new top-level comment first and a reply under its parent on a later page', async () => {
    servePages();
    const { user } = renderComments();
    await screen.findByText('Newest');
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await screen.findByText('Third');

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Brand new');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(topLevelTexts()[0]).toBe('Brand new'));

    await user.click(within(screen.getByText('Third').closest('li')!).getByRole('button', { name: 'Reply to bob' }));
    await user.type(screen.getByRole('textbox', { name: 'Your reply to bob' }), 'Answer to third');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    const third = screen.getByText('Third').closest('li')!;
    expect(await within(third).findByText('Answer to third')).toBeInTheDocument();
  });

  it('is translated', async () => {
    servePages();
    renderComments(null, 'zh');
    expect(await screen.findByRole('button', { name: '加载更多评论' })).toBeInTheDocument();
  });
});
