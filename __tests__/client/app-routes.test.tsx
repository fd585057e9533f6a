import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { matchPath } from 'react-router-dom';

import { AppRoutes, routePatterns } from '../../src/app/router';
import { paths } from '../../src/config/routes';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

describe('routes', () => {
  it.each([
    ['/register', 'Create an Account'],
    ['/login', 'Login'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password?token=t&email=a%40b.c', 'Reset Password'],
    ['/request-verification', 'Request Verification Email'],
  ])('%s shows its page, titled "%s", under the layout with the header', async (route, title) => {
    renderWithProviders(<AppRoutes />, { route });

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('shows /verify outside the layout: a main landmark and no header', async () => {
    server.use(http.post('*/v0/api/auth/verify', () => HttpResponse.json({ success: true, message: 'Verified.' })));
    renderWithProviders(<AppRoutes />, { route: '/verify?token=t&email=a%40b.c' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Account' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('answers an unknown URL with "Page not found" and a link home, keeping the header', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('offers a skip link to the main content', () => {
    renderWithProviders(<AppRoutes />, { route: '/login' });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', `#${screen.getByRole('main').id}`);
  });

  it('has a pattern for every link the app builds with `paths`', () => {
    const links: Array<[string, keyof typeof routePatterns]> = [
      [paths.home, 'home'],
      [paths.movie('abc123'), 'movie'],
      [paths.register, 'register'],
      [paths.login, 'login'],
      [paths.upload, 'upload'],
      [paths.profile('u42'), 'profile'],
      [paths.editProfile('u42'), 'editProfile'],
      [paths.forgotPassword, 'forgotPassword'],
      [paths.resetPassword, 'resetPassword'],
      [paths.requestVerification, 'requestVerification'],
      [paths.selfieVideos, 'selfieVideos'],
      [paths.selfieVideo('v1'), 'selfieVideo'],
      [paths.editSelfieVideo('v1'), 'editSelfieVideo'],
      [paths.verify, 'verify'],
      [paths.admin, 'admin'],
      [paths.subscriptions, 'subscriptions'],
      [paths.notifications, 'notifications'],
      [paths.unsubscribe, 'unsubscribe'],
      [paths.history, 'history'],
      [paths.playlist('p1'), 'playlist'],
    ];
    expect(links.map(([, name]) => name).sort()).toEqual(Object.keys(routePatterns).sort());
    for (const [link, name] of links) {
      expect({ link, match: matchPath(routePatterns[name], link)?.pattern.path }).toEqual({
        link,
        match: routePatterns[name],
      });
    }
  });
});
