import { screen, waitFor } from '@testing-library/react';

import { RequestVerificationPage } from '../../src/features/auth/RequestVerificationPage';
import { renderWithProviders } from '../support/render';

import { answerPost, json, networkError } from './auth-helpers';

function renderPage(locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(<RequestVerificationPage />, { route: '/request-verification', locale });
}

const emailField = () => screen.getByLabelText('Email');
const sendButton = () => screen.getByRole('button', { name: 'Send Verification Email' });

async function send(user: ReturnType<typeof renderPage>['user']) {
  await user.type(emailField(), 'alice@example.com');
  await user.click(sendButton());
}

describe('Request verification page', () => {
  it('shows the email field, Send Verification Email and Back to Login', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Request Verification Email' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(sendButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('says "Please enter your email address." for an empty field and sends nothing', async () => {
    const calls = answerPost('/auth/send-verification', json({ success: true }));
    const { user } = renderPage();
    await user.click(sendButton());
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription('Please enter your email address.');
    expect(emailField()).toHaveFocus();

    // Blank is empty too.
    await user.type(emailField(), '   ');
    await user.click(sendButton());
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.bodies).toEqual([]);
  });

  it('sends the email and shows the server message', async () => {
    const calls = answerPost('/auth/send-verification', json({ success: true, message: 'A new link is on its way.' }));
    const { user } = renderPage();
    await send(user);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('A new link is on its way.'));
    expect(calls.bodies).toEqual([{ email: 'alice@example.com' }]);
    expect(screen.queryByText('Please enter your email address.')).not.toBeInTheDocument();
  });

  it('falls back to its own success text', async () => {
    answerPost('/auth/send-verification', json({ success: true }));
    const { user } = renderPage();
    await send(user);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Verification email sent. Please check your inbox.'),
    );
  });

  it('says "Too many requests, please try again in a minute." on 429', async () => {
    answerPost('/auth/send-verification', json({ success: false, message: 'Slow down' }, 429, { 'Retry-After': '60' }));
    const { user } = renderPage();
    await send(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many requests, please try again in a minute.'),
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it.each([
    ['a 400 with a message', json({ success: false, message: 'Account is already verified.' }, 400), 'Account is already verified.'],
    ['a 500 without a message', json({}, 500), 'Failed to send verification email.'],
    ['a network error', networkError(), 'Failed to send verification email.'],
  ])('shows the failure for %s', async (_label, answer, text) => {
    answerPost('/auth/send-verification', answer);
    const { user } = renderPage();
    await send(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
  });

  it('disables the button while sending', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answerPost('/auth/send-verification', async () => {
      await released;
      return json({ success: true })();
    });
    const { user } = renderPage();
    await send(user);
    await waitFor(() => expect(sendButton()).toBeDisabled());
    expect(screen.getByTestId('submit-spinner')).toBeInTheDocument();
    release();
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('is translated into Chinese', async () => {
    const { user } = renderPage('zh');
    expect(screen.getByRole('heading', { level: 1, name: '申请验证邮件' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '发送验证邮件' }));
    expect(screen.getByText('请输入您的邮箱地址。')).toBeInTheDocument();
  });
});
