import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { AppRoutes } from '../../src/app/router';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { loggedInAs, makeSelfieVideo, owner, serveVideoPage, serveNoUnreadNotifications } from './videos-fixtures';

const video = makeSelfieVideo(1, { title: 'Routed video' });

// The header's bell asks for the unread count of a signed-in viewer.
beforeEach(serveNoUnreadNotifications);

describe('videos routes', () => {
  it.each([
    ['/upload-movie', 'Upload a Self-Shot Video'],
    ['/selfieVideos', /^Self-Shot Videos/],
    ['/selfieVideos/v1', 'Routed video'],
    ['/selfieVideos/edit/v1', 'Edit Video'],
  ])('%s shows its page under the layout', async (route, title) => {
    serveVideoPage(video);
    server.use(http.get('*/v0/api/videos/selfieVideos', () => HttpResponse.json({ videos: [video], total: 1 })));
    renderWithProviders(<AppRoutes />, { route, preloadedState: loggedInAs(owner) });

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText('This page is coming soon.')).not.toBeInTheDocument();
  });
});
