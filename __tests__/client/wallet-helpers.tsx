import { http, HttpResponse, type JsonBodyType } from 'msw';
import { type Hex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { server } from '../support/msw-server';

/** A well-known development key (anvil/hardhat account #0): never holds anything real. */
export const TEST_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
export const walletAccount = privateKeyToAccount(TEST_PRIVATE_KEY);

interface RpcError {
  code: number;
  message?: string;
}

export interface FakeWalletOptions {
  /** Methods that fail with this error (e.g. `{ personal_sign: { code: 4001 } }` for a refused signature). */
  fail?: Partial<Record<string, RpcError | Error>>;
  /** Chain the wallet is on (hex); mainnet by default. */
  chainId?: Hex;
}

/**
 * A fake EIP-1193 wallet on window.ethereum that behaves like MetaMask for sign-in: account
 * permission, accounts, chain id and personal_sign, signing for real with a viem local account.
 * The real wagmi injected connector talks to it.
 */
export function installFakeWallet({ fail = {}, chainId = '0x1' }: FakeWalletOptions = {}) {
  const calls: Array<{ method: string; params?: unknown }> = [];
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  let connected = false;
  const address = walletAccount.address.toLowerCase();

  const provider = {
    isMetaMask: true,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      calls.push({ method, params });
      const failure = fail[method];
      if (failure) throw failure;
      switch (method) {
        case 'wallet_requestPermissions':
          connected = true;
          return [
            { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] },
          ];
        case 'eth_requestAccounts':
          connected = true;
          return [address];
        case 'eth_accounts':
          return connected ? [address] : [];
        case 'eth_chainId':
          return chainId;
        case 'personal_sign': {
          const [data, signer] = params as [Hex, string];
          if (signer.toLowerCase() !== address) throw { code: 4100, message: 'Unauthorized account.' };
          return walletAccount.signMessage({ message: { raw: data } });
        }
        default:
          throw { code: 4200, message: `Unsupported method: ${method}` };
      }
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  (window as { ethereum?: unknown }).ethereum = provider;
  return {
    provider,
    calls,
    methods: () => calls.map((call) => call.method),
  };
}

export function uninstallFakeWallet() {
  delete (window as { ethereum?: unknown }).ethereum;
}

/** A Sign-In with Ethereum message like the server's (EIP-4361), for the address. */
export function siweMessage(address: string, nonce = 'n0nce1234567'): string {
  return [
    `localhost wants you to sign in with your Ethereum account:`,
    address,
    '',
    'Sign in to ClipNest.',
    '',
    'URI: http://localhost',
    'Version: 1',
    'Chain ID: 1',
    `Nonce: ${nonce}`,
    'Issued At: 2025-01-01T00:00:00.000Z',
  ].join('\n');
}

type Answer = (info: { address: string; signature: Hex; valid: boolean }) => Response | Promise<Response>;

/**
 * MSW answers for the wallet endpoints: the challenge (recording the addresses asked for) and
 * the login (recording bodies and checking the signature against the challenge with viem).
 */
export function answerWallet({
  challenge = (address: string) => HttpResponse.json({ challenge: siweMessage(address) }) as Response,
  login,
}: {
  challenge?: (address: string) => Response | Promise<Response>;
  login: Answer;
}) {
  const record = {
    challengeAddresses: [] as string[],
    challengeRequests: 0,
    loginBodies: [] as Array<{ address: string; signature: Hex }>,
    loginCredentials: [] as RequestCredentials[],
    issued: new Map<string, string>(),
  };
  server.use(
    http.get('*/v0/api/auth/metamask/challenge', ({ request }) => {
      record.challengeRequests += 1;
      const address = new URL(request.url).searchParams.get('address') ?? '';
      record.challengeAddresses.push(address);
      record.issued.set(address.toLowerCase(), siweMessage(address));
      return challenge(address);
    }),
    http.post('*/v0/api/auth/metamask/login', async ({ request }) => {
      const body = (await request.json()) as { address: string; signature: Hex };
      record.loginBodies.push(body);
      record.loginCredentials.push(request.credentials);
      const message = record.issued.get(body.address.toLowerCase()) ?? '';
      const valid = await verifyMessage({ address: body.address as Hex, message, signature: body.signature });
      return login({ ...body, valid });
    }),
  );
  return record;
}

export const jsonAnswer = (body: JsonBodyType, status = 200) => () => HttpResponse.json(body, { status });
