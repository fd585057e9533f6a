import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';

import { AppRoutes } from '../../src/app/router';
import { VerifyPage } from '../../src/features/auth/VerifyPage';
import { renderWithProviders } from '../support/render';

import { answerPost, json, networkError } from './auth-helpers';

const VERIFY_URL = '/verify?token=tok-123&email=alice%40example.com';

function renderVerify(route = VERIFY_URL, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <StrictMode>
      <VerifyPage />
    </StrictMode>,
    { route, locale },
  );
}

describe('Verify page', () => {
  it.each([
    ['no parameters', '/verify'],
    ['no email', '/verify?token=tok-123'],
    ['no token', '/verify?email=alice%40example.com'],
    ['an empty token', '/verify?token=&email=alice%40example.com'],
  ])('says "Missing token or email in the URL." with %s, and sends nothing', async (_label, route) => {
    const calls = answerPost('/auth/verify', json({ success: true }));
    renderVerify(route);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Account' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Missing token or email in the URL.');
    expect(screen.getByRole('link', { name: 'Request a new verification email' })).toHaveAttribute(
      'href',
      '/request-verification',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.bodies).toEqual([]);
  });

  it('posts token and email once, even under StrictMode, then shows the message and a login link', async () => {
    const calls = answerPost('/auth/verify', json({ success: true, message: 'Email verified. You can log in now.' }));
    renderVerify();

    // Loading first.
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email...');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Email verified. You can log in now.'));
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(calls.bodies).toEqual([{ token: 'tok-123', email: 'alice@example.com' }]);

    // Nothing else is sent later either.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.bodies).toHaveLength(1);
  });

  it('falls back to "Your email has been verified!"', async () => {
    answerPost('/auth/verify', json({ success: true }));
    renderVerify();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your email has been verified!'));
  });

  it('shows the server message of a 400', async () => {
    answerPost('/auth/verify', json({ success: false, message: 'This link has expired.' }, 400));
    renderVerify();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This link has expired.'));
    expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new verification email' })).toBeInTheDocument();
  });

  it.each([
    ['a 400 without a message', json({ success: false }, 400), 'Verification failed.'],
    ['success false with status 200', json({ success: false }), 'Verification failed.'],
    ['a 500 without a message', json({}, 500), 'Verification failed. Please try again later.'],
    ['a network error', networkError(), 'Verification failed. Please try again later.'],
  ])('falls back for %s', async (_label, answer, text) => {
    answerPost('/auth/verify', answer);
    renderVerify();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('renders outside the layout (no header) through the app routes', async () => {
    answerPost('/auth/verify', json({ success: true }));
    renderWithProviders(<AppRoutes />, { route: VERIFY_URL });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Account' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument());
  });

  it('is translated into Chinese', async () => {
    answerPost('/auth/verify', json({}, 500));
    renderVerify(VERIFY_URL, 'zh');
    expect(screen.getByRole('heading', { level: 1, name: '验证账户' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('验证失败，请稍后再试。'));
  });
});
