import { screen, within } from '@testing-library/react';

import { Header } from '../../src/app/Header';
import { renderWithProviders } from '../support/render';

describe('language switch', () => {
  it('offers English and 中文, each named in its own language, with the current one pressed', () => {
    renderWithProviders(<Header />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: '中文' })).toHaveAttribute('lang', 'zh-CN');
  });

  it('turns the labels Chinese and keeps the choice in state', async () => {
    const { user, store } = renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: '中文' }));

    const main = screen.getByRole('navigation', { name: '主导航' });
    expect(within(main).getByRole('link', { name: '首页' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /自拍视频/ })).toHaveTextContent('实验性');
    expect(within(main).getByRole('link', { name: '上传' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '菜单' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '语言' })).toBeInTheDocument();
    expect(store.getState().language).toMatchObject({ locale: 'zh', chosen: true });
    expect(document.documentElement.lang).toBe('zh-CN');

    await user.click(screen.getByRole('button', { name: '菜单' }));
    const panel = screen.getByRole('navigation', { name: '菜单' });
    expect(within(panel).getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(within(panel).getByRole('link', { name: '注册' })).toHaveAttribute('href', '/register');
  });

  it('switches back to English', async () => {
    const { user, store } = renderWithProviders(<Header />, { locale: 'zh' });
    expect(screen.getByRole('button', { name: '菜单' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));

    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(store.getState().language.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
