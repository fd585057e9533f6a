import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { App } from '../../src/app/App';
import { AppRoutes } from '../../src/app/router';
import { makeStore } from '../../src/app/store';
import { sessionChecked } from '../../src/features/auth/authSlice';
import { LoginPage } from '../../src/features/auth/LoginPage';
import { AppIntlProvider } from '../../src/i18n/AppIntlProvider';
import { server } from '../support/msw-server';
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
import { serveNoUnreadNotifications } from './videos-fixtures';

function renderLogin(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <LoginPage />
      <LocationProbe />
    </>,
    { route: '/login', ...options },
  );
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

async function logIn(user: ReturnType<typeof renderLogin>['user'], password = 'correct horse') {
  await user.type(emailField(), 'alice@example.com');
  await user.type(passwordField(), password);
  await user.click(loginButton());
}

// The header's bell asks for the unread count of a signed-in viewer.
beforeEach(serveNoUnreadNotifications);

describe('Login page', () => {
  afterEach(() => restoreRealClock());

  it('shows the form, a divider, the wallet-login slot and links to sign up and to forgot password', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toBeRequired();
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(document.querySelector('[data-slot="wallet-login"]')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('logs in: shows the message, stores the user and goes home after 1 s, not before', async () => {
    const user = installFakeClock();
    const calls = answerPost('/auth/login', json({ success: true, message: 'Welcome back, alice!', user: verifiedUser }));
    const { store } = renderLogin();
    await logIn(user);

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Welcome back, alice!'));
    expect(calls.bodies).toEqual([{ email: 'alice@example.com', password: 'correct horse' }]);
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: verifiedUser });
    expect(loginButton()).toBeDisabled();
    // Logged in by this very page: it is not sent away at once.
    act(() => jest.advanceTimersByTime(999));
    expect(currentLocation()).toBe('/login');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/');
  });

  it('falls back to "Login successful!"', async () => {
    answerPost('/auth/login', json({ success: true, user: verifiedUser }));
    const { user } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Login successful!'));
  });

  it('persists the logged-in user through redux-persist', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    answerPost('/auth/login', json({ success: true, user: verifiedUser }));
    const saved = new Map<string, string>();
    const { store } = makeStore({
      storage: {
        getItem: (key) => Promise.resolve(saved.get(key) ?? null),
        setItem: (key, value: string) => Promise.resolve(void saved.set(key, value)),
        removeItem: (key) => Promise.resolve(void saved.delete(key)),
      },
      preloadedState: { language: { locale: 'en', chosen: true } },
    });
    render(
      <Provider store={store}>
        <AppIntlProvider>
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="*" element={<LoginPage />} />
            </Routes>
          </MemoryRouter>
        </AppIntlProvider>
      </Provider>,
    );
    // Let redux-persist rehydrate (nothing saved yet) before logging in.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await logIn(user);
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });

    const persisted = JSON.parse(saved.get('persist:user') ?? '{}') as Record<string, string>;
    expect(JSON.parse(persisted.user ?? 'null')).toEqual(verifiedUser);
    expect(JSON.parse(persisted.isLoggedIn ?? 'null')).toBe(true);
  });

  it('refreshes the session check after logging in (Session is invalidated)', async () => {
    let loggedIn = false;
    let checks = 0;
    server.use(
      http.get('*/v0/api/check-session', () => {
        checks += 1;
        return HttpResponse.json(loggedIn ? { isValid: true, user: verifiedUser } : { isValid: false });
      }),
      http.post('*/v0/api/auth/login', () => {
        loggedIn = true;
        return HttpResponse.json({ success: true, user: verifiedUser });
      }),
      // After the redirect, Home searches the catalogue.
      http.get('*/catalogue/api/v2/video/search/', () =>
        HttpResponse.json({ count: 0, start: 0, per_page: 18, page: 1, time_ms: 1, total_count: 0, total_pages: 0, videos: [] }),
      ),
    );
    const { user, store } = renderWithProviders(<App />, { route: '/login' });
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(checks).toBe(1);

    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(checks).toBe(2));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: verifiedUser });
    // The header shows the user.
    expect(await screen.findByRole('button', { name: /alice/ })).toBeInTheDocument();
  });

  it('shows the server message for wrong credentials and stays logged out', async () => {
    answerPost('/auth/login', json({ success: false, message: 'Invalid email or password.' }, 401));
    const { user, store } = renderLogin();
    await logIn(user, 'wrong');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(loginButton()).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Resend verification email' })).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it.each([
    ['a 500 without a message', json({}, 500)],
    ['a network error', networkError()],
    ['success false without a message', json({ success: false })],
  ])('shows "Login failed." for %s', async (_label, answer) => {
    answerPost('/auth/login', answer);
    const { user, store } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed.'));
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it('shows a server message containing markup as text, never as HTML', async () => {
    const markup = '<img src=x onerror=alert(1)> <b>bold</b>';
    answerPost('/auth/login', json({ success: false, message: markup }, 401));
    const { user } = renderLogin();
    await logIn(user);

    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(markup));
    expect(alert.querySelector('img')).toBeNull();
    expect(alert.querySelector('b')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('offers a new verification email when the account is not verified', async () => {
    answerPost(
      '/auth/login',
      json({ success: false, message: 'Please verify your email first.', code: 'EMAIL_NOT_VERIFIED' }, 403),
    );
    const { user } = renderLogin();
    await logIn(user);

    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Please verify your email first.'));
    expect(within(alert).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute(
      'href',
      '/request-verification',
    );
  });

  it('carries the email to the Request verification page', async () => {
    answerPost(
      '/auth/login',
      json({ success: false, message: 'Please verify your email first.', code: 'EMAIL_NOT_VERIFIED' }, 403),
    );
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('link', { name: 'Resend verification email' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Request Verification Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
  });

  it('explains empty and malformed fields in its own words and sends nothing', async () => {
    const calls = answerPost('/auth/login', json({ success: true, user: verifiedUser }));
    const { user } = renderLogin();

    await user.click(loginButton());
    expect(emailField()).toHaveAccessibleDescription('Please enter your email address.');
    expect(passwordField()).toHaveAccessibleDescription('Please enter your password.');
    expect(emailField()).toHaveFocus();

    await user.type(emailField(), 'alice');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    await user.type(passwordField(), 'secret');
    await user.click(loginButton());
    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(passwordField()).not.toHaveAttribute('aria-invalid');
    expect(calls.bodies).toEqual([]);
  });

  it('disables the button with a spinner while logging in', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answerPost('/auth/login', async () => {
      await released;
      return HttpResponse.json({ success: false, message: 'nope' }, { status: 401 });
    });
    const { user } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(loginButton()).toBeDisabled());
    expect(screen.getByTestId('submit-spinner')).toBeInTheDocument();
    release();
    await waitFor(() => expect(loginButton()).toBeEnabled());
  });

  it('sends a visitor who is already logged in home, but only after the session check', async () => {
    const { store } = renderLogin({
      preloadedState: { auth: { isLoggedIn: true, user: verifiedUser, loading: true } },
    });
    expect(currentLocation()).toBe('/login');
    act(() => {
      store.dispatch(sessionChecked({ isValid: true, user: verifiedUser }));
    });
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('keeps a visitor whose session turned out invalid', () => {
    const { store } = renderLogin({
      preloadedState: { auth: { isLoggedIn: true, user: verifiedUser, loading: true } },
    });
    act(() => {
      store.dispatch(sessionChecked({ isValid: false }));
    });
    expect(currentLocation()).toBe('/login');
    expect(loginButton()).toBeInTheDocument();
  });

  it('is translated into Chinese', async () => {
    answerPost('/auth/login', json({ success: false }, 401));
    const { user } = renderLogin({ locale: 'zh' });
    expect(screen.getByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
    expect(screen.getByText('或')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '注册' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '忘记密码？' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com');
    await user.type(screen.getByLabelText('密码'), 'x');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('登录失败。'));
  });
});
