import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';

import { LoginPage } from '../../src/features/auth/LoginPage';
import { renderWithProviders } from '../support/render';

import {
  answerPost,
  currentLocation,
  installFakeClock,
  json,
  LocationProbe,
  restoreRealClock,
  verifiedUser,
} from './auth-helpers';
import { answerWallet, installFakeWallet, jsonAnswer, uninstallFakeWallet, walletAccount } from './wallet-helpers';

function renderLogin(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <LoginPage />
      <LocationProbe />
    </>,
    { route: '/login', ...options },
  );
}

const walletButton = (name = 'Login with MetaMask') => screen.getByRole('button', { name });
const alertText = () => screen.getByRole('alert').textContent ?? '';
const walletUser = { ...verifiedUser, walletAddress: walletAccount.address };

describe('Wallet login on the Login page', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    uninstallFakeWallet();
    restoreRealClock();
    warn.mockRestore();
  });

  it('shows the wallet button in place of the slot, enabled and without a spinner', () => {
    renderLogin();
    const button = walletButton();
    expect(button.closest('[data-slot="wallet-login"]')).not.toBeNull();
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'button');
    expect(screen.queryByTestId('wallet-spinner')).not.toBeInTheDocument();
  });

  it('without window.ethereum says MetaMask is not installed and asks the server nothing', async () => {
    const record = answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user, store } = renderLogin();
    await user.click(walletButton());

    await waitFor(() =>
      expect(alertText()).toBe('Metamask is not installed. Please install Metamask to use this login method.'),
    );
    expect(record.challengeRequests).toBe(0);
    expect(record.loginBodies).toEqual([]);
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(walletButton()).toBeEnabled();
  });

  it('signs in: connect → challenge → signature → login; shows the message and goes home after 1 s', async () => {
    const user = installFakeClock();
    const wallet = installFakeWallet();
    const record = answerWallet({
      login: ({ valid }) =>
        valid
          ? HttpResponse.json({ success: true, message: 'Welcome back, alice!', user: walletUser })
          : HttpResponse.json({ success: false, message: 'Bad signature' }, { status: 401 }),
    });
    const { store } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Welcome back, alice!'));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, user: walletUser });

    // The wallet was asked for an account and signed the server's challenge, as is.
    expect(wallet.methods()).toEqual(expect.arrayContaining(['wallet_requestPermissions', 'personal_sign']));
    expect(record.challengeAddresses.map((a) => a.toLowerCase())).toEqual([walletAccount.address.toLowerCase()]);
    expect(record.loginBodies).toEqual([
      { address: walletAccount.address, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
    ]);
    expect(record.loginCredentials).toEqual(['include']);

    // Both buttons stay disabled while the page redirects; home after exactly 1 s.
    expect(walletButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(999));
    expect(currentLocation()).toBe('/login');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/');
  });

  it('falls back to "Login successful!" and stays to show it even once the session check has ended', async () => {
    installFakeWallet();
    answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user, store } = renderLogin({
      preloadedState: { auth: { isLoggedIn: false, user: null, loading: false } },
    });
    await user.click(walletButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Login successful!'));
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(currentLocation()).toBe('/login');
  });

  it('runs the flow once per click under StrictMode (the app renders in StrictMode)', async () => {
    const wallet = installFakeWallet();
    const record = answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin({ reactStrictMode: true });
    await user.click(walletButton());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Login successful!'));
    expect(wallet.methods().filter((m) => m === 'wallet_requestPermissions')).toHaveLength(1);
    expect(record.challengeRequests).toBe(1);
    expect(record.loginBodies).toHaveLength(1);
  });

  it('shows a spinner and disables the button (and the password login) while working', async () => {
    installFakeWallet();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answerWallet({
      login: async () => {
        await released;
        return HttpResponse.json({ success: false, message: 'nope' }, { status: 401 });
      },
    });
    const { user } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(screen.getByTestId('wallet-spinner')).toBeInTheDocument());
    expect(walletButton()).toBeDisabled();
    expect(walletButton()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();

    release();
    await waitFor(() => expect(walletButton()).toBeEnabled());
    expect(screen.queryByTestId('wallet-spinner')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(alertText()).toBe('nope');
  });

  it('says so readably when the connection is refused in the wallet (4001), and asks the server nothing', async () => {
    const wallet = installFakeWallet({
      fail: { wallet_requestPermissions: { code: 4001, message: 'User rejected the request.' } },
    });
    const record = answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user, store } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(alertText()).toBe('You cancelled the request in your wallet.'));
    expect(wallet.methods()).not.toContain('personal_sign');
    expect(record.challengeRequests).toBe(0);
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(walletButton()).toBeEnabled();
  });

  it('says so readably when the signature is refused and sends no login; a retry reuses the connection', async () => {
    const wallet = installFakeWallet({
      fail: { personal_sign: { code: 4001, message: 'User denied message signature.' } },
    });
    const record = answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(alertText()).toBe('You cancelled the request in your wallet.'));
    expect(record.challengeRequests).toBe(1);
    expect(record.loginBodies).toEqual([]);
    await waitFor(() => expect(walletButton()).toBeEnabled());

    // Clicking again asks for a fresh challenge (never cached) without connecting again.
    await user.click(walletButton());
    await waitFor(() => expect(record.challengeRequests).toBe(2));
    await waitFor(() => expect(walletButton()).toBeEnabled());
    expect(wallet.methods().filter((m) => m === 'wallet_requestPermissions')).toHaveLength(1);
    expect(wallet.methods().filter((m) => m === 'personal_sign')).toHaveLength(2);
  });

  it('shows the server message when the server refuses the signature', async () => {
    installFakeWallet();
    answerWallet({ login: jsonAnswer({ success: false, message: 'Signature verification failed.' }, 401) });
    const { user, store } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(alertText()).toBe('Signature verification failed.'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(currentLocation()).toBe('/login');
    await waitFor(() => expect(walletButton()).toBeEnabled());
  });

  it('renders a server message containing markup as text', async () => {
    installFakeWallet();
    const markup = '<img src=x onerror=alert(1)> <b>bold</b>';
    answerWallet({ login: jsonAnswer({ success: false, message: markup }, 401) });
    const { user } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(alertText()).toBe(markup));
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('alert').querySelector('b')).toBeNull();
  });

  it.each([
    ['a 500 without a message', jsonAnswer({}, 500)],
    ['success false without a message', jsonAnswer({ success: false })],
    ['a network error', () => HttpResponse.error()],
  ])('shows "Metamask login failed." for %s at login', async (_label, answer) => {
    installFakeWallet();
    answerWallet({ login: answer });
    const { user, store } = renderLogin();
    await user.click(walletButton());

    await waitFor(() => expect(alertText()).toBe('Metamask login failed.'));
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it('shows the server message, or "Metamask login failed.", when the challenge fails', async () => {
    const wallet = installFakeWallet();
    const tooMany = { success: false, message: 'Too many requests, please try again in a minute.' };
    let answer: Response = HttpResponse.json(tooMany, { status: 429 });
    const record = answerWallet({ challenge: () => answer, login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin();
    await user.click(walletButton());
    await waitFor(() => expect(alertText()).toBe('Too many requests, please try again in a minute.'));
    expect(wallet.methods()).not.toContain('personal_sign');

    answer = HttpResponse.json({}, { status: 500 });
    await waitFor(() => expect(walletButton()).toBeEnabled());
    await user.click(walletButton());
    await waitFor(() => expect(alertText()).toBe('Metamask login failed.'));
    expect(record.loginBodies).toEqual([]);
  });

  it("shows another wallet error's short message", async () => {
    installFakeWallet({ fail: { personal_sign: { code: -32603, message: 'Internal JSON-RPC error.' } } });
    answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin();
    await user.click(walletButton());
    // viem's short message for an internal wallet error.
    await waitFor(() => expect(alertText()).toBe('An internal error was received.'));
  });

  it('asks to open MetaMask when a request is already waiting there (-32002)', async () => {
    installFakeWallet({ fail: { wallet_requestPermissions: { code: -32002, message: 'Already processing.' } } });
    answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin();
    await user.click(walletButton());
    await waitFor(() =>
      expect(alertText()).toBe('MetaMask already has a request waiting. Open MetaMask to continue.'),
    );
  });

  it("replaces an earlier password-login error with the wallet's outcome", async () => {
    answerPost('/auth/login', json({ success: false, message: 'Invalid email or password.' }, 401));
    installFakeWallet();
    answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alertText()).toBe('Invalid email or password.'));

    await user.click(walletButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Login successful!'));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('is translated into Chinese', async () => {
    const { user } = renderLogin({ locale: 'zh' });
    await user.click(walletButton('使用 MetaMask 登录'));
    await waitFor(() => expect(alertText()).toBe('未安装 MetaMask。请先安装 MetaMask 再使用此登录方式。'));
  });

  it('shows the cancellation in Chinese', async () => {
    installFakeWallet({ fail: { personal_sign: { code: 4001 } } });
    answerWallet({ login: jsonAnswer({ success: true, user: walletUser }) });
    const { user } = renderLogin({ locale: 'zh' });
    await user.click(walletButton('使用 MetaMask 登录'));
    await waitFor(() => expect(alertText()).toBe('您已在钱包中取消了该请求。'));
  });
});
