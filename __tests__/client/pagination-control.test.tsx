import { screen, within } from '@testing-library/react';

import { Pagination } from '../../src/components/Pagination';
import { renderWithProviders } from '../support/render';

function renderPagination(currentPage: number, totalPages: number, locale: 'en' | 'zh' = 'en') {
  const onPageChange = jest.fn();
  const view = renderWithProviders(
    <Pagination currentPage={currentPage} totalPages={totalPages} onPageChange={onPageChange} />,
    { locale },
  );
  return { ...view, onPageChange };
}

describe('<Pagination>', () => {
  it('is a navigation landmark named "Pagination" with Prev, pages and Next', () => {
    renderPagination(5, 10);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Prev', '1', '3', '4', '5', '6', '7', '10', 'Next']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    within(nav)
      .getAllByText('…')
      .forEach((gap) => expect(gap).toHaveAttribute('aria-hidden', 'true'));
  });

  it('marks the current page with aria-current="page"', () => {
    renderPagination(4, 10);
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 5' })).not.toHaveAttribute('aria-current');
  });

  it('disables Prev on the first page and Next on the last', () => {
    const { unmount } = renderPagination(1, 3);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    unmount();

    renderPagination(3, 3);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('asks for the clicked page, the previous and the next', async () => {
    const { user, onPageChange } = renderPagination(5, 10);
    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onPageChange.mock.calls).toEqual([[7], [4], [6], [10]]);
  });

  it('does not ask for the page already shown', async () => {
    const { user, onPageChange } = renderPagination(2, 4);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('clamps a current page beyond the last', async () => {
    const { user, onPageChange } = renderPagination(9, 4);
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange.mock.calls).toEqual([[3], [4]]);
  });

  it('renders nothing for a single page or none', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    renderPagination(1, 0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('speaks Chinese in zh', () => {
    renderPagination(2, 3, 'zh');
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByRole('button', { name: '上一页' })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });
});
