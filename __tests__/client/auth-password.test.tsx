import { act, screen, waitFor } from '@testing-library/react';

import { ForgotPasswordPage } from '../../src/features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../../src/features/auth/ResetPasswordPage';
import { renderWithProviders } from '../support/render';

import {
  answerPost,
  currentLocation,
  installFakeClock,
  json,
  LocationProbe,
  networkError,
  restoreRealClock,
} from './auth-helpers';

afterEach(() => restoreRealClock());

describe('Forgot password page', () => {
  function renderForgot(locale: 'en' | 'zh' = 'en') {
    return renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password', locale });
  }

  async function send(user: ReturnType<typeof renderForgot>['user']) {
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  }

  it('shows the email field, Send Reset Link and Back to Login', () => {
    renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('sends the email and shows the server message', async () => {
    const calls = answerPost(
      '/auth/forgot-password',
      json({ success: true, message: 'If that account exists, a reset link is on its way.' }),
    );
    const { user } = renderForgot();
    await send(user);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('If that account exists, a reset link is on its way.'),
    );
    expect(calls.bodies).toEqual([{ email: 'alice@example.com' }]);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says "Too many requests, please try again in a minute." on 429', async () => {
    answerPost(
      '/auth/forgot-password',
      json({ success: false, message: 'Rate limit exceeded' }, 429, { 'Retry-After': '60' }),
    );
    const { user } = renderForgot();
    await send(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many requests, please try again in a minute.'),
    );
  });

  it.each([
    ['a 500 with a message', json({ success: false, message: 'Mail server unavailable.' }, 500), 'Mail server unavailable.'],
    ['a 500 without a message', json({}, 500), 'Failed to send reset email. Please try again later.'],
    ['a network error', networkError(), 'Failed to send reset email. Please try again later.'],
  ])('shows the failure for %s', async (_label, answer, text) => {
    answerPost('/auth/forgot-password', answer);
    const { user } = renderForgot();
    await send(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
  });

  it('disables the button while sending', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answerPost('/auth/forgot-password', async () => {
      await released;
      return json({ success: true })();
    });
    const { user } = renderForgot();
    await send(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled());
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account exists for this email, a password reset link has been sent.',
    );
  });

  it('asks for an email before sending anything', async () => {
    const calls = answerPost('/auth/forgot-password', json({ success: true }));
    const { user } = renderForgot();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email address.');
    expect(calls.bodies).toEqual([]);
  });

  it('is translated into Chinese', async () => {
    answerPost('/auth/forgot-password', json({}, 429));
    const { user } = renderForgot('zh');
    expect(screen.getByRole('heading', { level: 1, name: '忘记密码' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('请求过于频繁，请一分钟后再试。'));
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/login');
  });
});

describe('Reset password page', () => {
  const RESET_URL = '/reset-password?token=tok-9&email=alice%40example.com';

  function renderReset(route = RESET_URL) {
    return renderWithProviders(
      <>
        <ResetPasswordPage />
        <LocationProbe />
      </>,
      { route },
    );
  }

  const newPassword = () => screen.getByLabelText('New password');
  const confirmPassword = () => screen.getByLabelText('Confirm password');
  const resetButton = () => screen.getByRole('button', { name: 'Reset Password' });

  it('shows two required new-password fields', () => {
    renderReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    for (const field of [newPassword(), confirmPassword()]) {
      expect(field).toHaveAttribute('type', 'password');
      expect(field).toBeRequired();
      expect(field).toHaveAttribute('autocomplete', 'new-password');
    }
  });

  it('says "Passwords do not match." and sends nothing when they differ', async () => {
    const calls = answerPost('/auth/reset-password', json({ success: true }));
    const { user } = renderReset();
    await user.type(newPassword(), 'new secret 1');
    await user.type(confirmPassword(), 'new secret 2');
    await user.click(resetButton());

    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(confirmPassword()).toHaveAccessibleDescription('Passwords do not match.');
    expect(confirmPassword()).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.bodies).toEqual([]);
  });

  it('requires both fields', async () => {
    const calls = answerPost('/auth/reset-password', json({ success: true }));
    const { user } = renderReset();
    await user.click(resetButton());
    expect(newPassword()).toHaveAccessibleDescription('Please enter a new password.');
    expect(confirmPassword()).toHaveAccessibleDescription('Please confirm your new password.');
    expect(calls.bodies).toEqual([]);
  });

  it('resets, shows the server message and goes to /login after 3 s, not before', async () => {
    const user = installFakeClock();
    const calls = answerPost('/auth/reset-password', json({ success: true, message: 'Password updated.' }));
    renderReset();
    await user.type(newPassword(), 'new secret');
    await user.type(confirmPassword(), 'new secret');
    await user.click(resetButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Password updated.'));
    expect(calls.bodies).toEqual([{ token: 'tok-9', email: 'alice@example.com', newPassword: 'new secret' }]);
    expect(resetButton()).toBeDisabled();
    act(() => jest.advanceTimersByTime(2999));
    expect(currentLocation()).toBe(RESET_URL);
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/login');
  });

  it('drops the pending redirect when the page is left', async () => {
    const user = installFakeClock();
    answerPost('/auth/reset-password', json({ success: true }));
    const { unmount } = renderReset();
    await user.type(newPassword(), 'new secret');
    await user.type(confirmPassword(), 'new secret');
    await user.click(resetButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Redirecting to login...'),
    );
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    const before = jest.getTimerCount();
    unmount();
    expect(jest.getTimerCount()).toBeLessThan(before);
  });

  it.each([
    ['a 400 with a message', json({ success: false, message: 'Reset link is invalid or expired.' }, 400), 'Reset link is invalid or expired.'],
    ['a 400 without a message', json({ success: false }, 400), 'Failed to reset password.'],
    ['a network error', networkError(), 'Failed to reset password.'],
  ])('shows the failure for %s and stays', async (_label, answer, text) => {
    answerPost('/auth/reset-password', answer);
    const { user } = renderReset();
    await user.type(newPassword(), 'new secret');
    await user.type(confirmPassword(), 'new secret');
    await user.click(resetButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expect(resetButton()).toBeEnabled();
    expect(currentLocation()).toBe(RESET_URL);
  });

  it.each([
    ['no parameters', '/reset-password'],
    ['no token', '/reset-password?email=alice%40example.com'],
    ['no email', '/reset-password?token=tok-9'],
  ])('explains a link with %s and offers a new one instead of the form', (_label, route) => {
    renderReset(route);
    expect(screen.getByRole('alert')).toHaveTextContent('Missing token or email in the URL.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });
});
