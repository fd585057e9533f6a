import { act, screen, waitFor } from '@testing-library/react';

import { sessionChecked } from '../../src/features/auth/authSlice';
import { RegisterPage } from '../../src/features/auth/RegisterPage';
import { renderWithProviders } from '../support/render';

import {
  answerPost,
  currentLocation,
  installFakeClock,
  json,
  LocationProbe,
  networkError,
  restoreRealClock,
  verifiedUser,
} from './auth-helpers';

function renderRegister(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <RegisterPage />
      <LocationProbe />
    </>,
    { route: '/register', ...options },
  );
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const registerButton = () => screen.getByRole('button', { name: 'Register' });

const pendingUser = { email: 'alice@example.com', verified: false };

describe('Register page', () => {
  afterEach(() => restoreRealClock());

  it('shows the heading, labelled required fields with autocomplete, a Register button and a link to Login', () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toBeRequired();
    expect(passwordField()).toHaveAttribute('autocomplete', 'new-password');
    expect(registerButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    // The error and success areas are there, empty.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('logs a verified user in and goes home after 500 ms, not before', async () => {
    const user = installFakeClock();
    const calls = answerPost(
      '/auth/register',
      json({ success: true, message: 'Welcome aboard!', user: verifiedUser }, 201),
    );
    const { store } = renderRegister();

    await user.type(emailField(), ' alice@example.com ');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());

    expect(await screen.findByText('Welcome aboard!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Welcome aboard!');
    expect(calls.bodies).toEqual([{ email: 'alice@example.com', password: 'correct horse' }]);
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: verifiedUser });
    // While redirecting the form cannot be sent again.
    expect(registerButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime(499));
    expect(currentLocation()).toBe('/register');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/');
  });

  it('shows only the success message for an unverified user and clears the fields', async () => {
    const user = installFakeClock();
    answerPost('/auth/register', json({ success: true, message: 'Check your inbox.', user: pendingUser }, 201));
    const { store } = renderRegister();

    await user.type(emailField(), 'alice@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Check your inbox.'));
    expect(emailField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(registerButton()).toBeEnabled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(store.getState().auth.isLoggedIn).toBe(false);

    act(() => jest.advanceTimersByTime(5000));
    expect(currentLocation()).toBe('/register');
  });

  it('falls back to its own success text when the server sends none', async () => {
    answerPost('/auth/register', json({ success: true, user: pendingUser }, 201));
    const { user } = renderRegister();
    await user.type(emailField(), 'alice@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Registration successful! Please check your email to verify your account.',
      ),
    );
  });

  it('rejects an answer with success false and shows its message, even with status 200', async () => {
    answerPost('/auth/register', json({ success: false, message: 'Registrations are closed.' }));
    const { user, store } = renderRegister();
    await user.type(emailField(), 'alice@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registrations are closed.'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    // The fields keep what the user typed.
    expect(emailField()).toHaveValue('alice@example.com');
  });

  // A taken address is answered like a new one (201); refusals are limits and bad input.
  it('shows the server message of a refusal (429 too many registrations)', async () => {
    answerPost('/auth/register', json({ success: false, message: 'Too many registrations from your network. Please try again later.' }, 429));
    const { user } = renderRegister();
    await user.type(emailField(), 'alice@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many registrations from your network. Please try again later.'));
  });

  it.each([
    ['success false without a message', json({ success: false })],
    ['a 500 without a message', json({}, 500)],
    ['a network error', networkError()],
  ])('shows "Registration failed." for %s', async (_label, answer) => {
    answerPost('/auth/register', answer);
    const { user } = renderRegister();
    await user.type(emailField(), 'alice@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed.'));
  });

  it('disables the button and shows a spinner while the request runs', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answerPost('/auth/register', async () => {
      await released;
      return json({ success: true, user: pendingUser }, 201)();
    });
    const { user } = renderRegister();
    await user.type(emailField(), 'alice@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());

    await waitFor(() => expect(registerButton()).toBeDisabled());
    expect(screen.getByTestId('submit-spinner')).toBeInTheDocument();
    release();
    await waitFor(() => expect(registerButton()).toBeEnabled());
    expect(screen.queryByTestId('submit-spinner')).not.toBeInTheDocument();
  });

  it('checks the fields in the browser and explains in its own words, without sending anything', async () => {
    const calls = answerPost('/auth/register', json({ success: true }));
    const { user } = renderRegister();

    await user.click(registerButton());
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Please enter your email address.');
    expect(emailField()).toHaveFocus();

    await user.type(emailField(), 'not-an-email');
    await user.type(passwordField(), 'correct horse');
    await user.click(registerButton());
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your password.')).not.toBeInTheDocument();
    expect(calls.bodies).toEqual([]);
  });

  it('sends a visitor who is already logged in home once the session check has answered', async () => {
    const { store } = renderRegister({
      preloadedState: { auth: { isLoggedIn: true, user: verifiedUser, loading: true } },
    });
    // While the session is being checked the page stays.
    expect(currentLocation()).toBe('/register');
    act(() => {
      store.dispatch(sessionChecked({ isValid: true, user: verifiedUser }));
    });
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('is translated into Chinese', async () => {
    answerPost('/auth/register', json({ success: false }));
    const { user } = renderRegister({ locale: 'zh' });
    expect(screen.getByRole('heading', { level: 1, name: '创建账户' })).toBeInTheDocument();
    expect(screen.getByLabelText('邮箱')).toBeInTheDocument();
    expect(screen.getByLabelText('密码')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('请输入您的邮箱地址。')).toBeInTheDocument();

    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com');
    await user.type(screen.getByLabelText('密码'), 'correct horse');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('注册失败。'));
  });
});
