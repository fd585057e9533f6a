import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import { loadConfig } from '../../server/config/index';
import { pickLanguage, translate } from '../../server/i18n';
import { en } from '../../server/i18n/en';
import { zh } from '../../server/i18n/zh';
import { isValidEmail, normalizeEmail, usernameBase } from '../../server/domains/accounts/accounts';
import { createMailer, fromAddress, outboxFileName } from '../../server/infra/mail/mail';
import { escapeHtml, renderAccountMail } from '../../server/infra/mail/templates';
import { hashPassword, needsRehash, verifyPassword } from '../../server/domains/accounts/passwords';
import { parseEml } from '../support/outbox';

import { makeAuthApp } from './auth-helpers';

describe('server messages (i18n)', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN', 'zh'],
    ['zh-TW,zh;q=0.9', 'zh'],
    ['ZH-hans', 'zh'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr, zh;q=0.8, en;q=0.5', 'zh'],
    ['en;q=0.5, zh;q=0.9', 'zh'],
    ['zh;q=0.5, en;q=0.5', 'zh'],
    ['zh;q=0, en;q=0.1', 'en'],
    ['zh;q=0', 'en'],
    ['zh;q=abc, en;q=0.2', 'en'],
    ['*', 'en'],
    ['de, *;q=0.1, zh;q=0.2', 'zh'],
  ])('Accept-Language %p → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });

  it('has every key in both languages and fills placeholders', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(translate('en', 'validation.passwordTooShort', { min: 8 })).toBe('Password must be at least 8 characters long.');
    expect(translate('zh', 'validation.passwordTooLong', { max: 256 })).toBe('密码长度不能超过 256 个字符。');
  });

  it('translates the generic errors of the error handler', async () => {
    const t = await makeAuthApp();
    try {
      const broken = (language?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v0/api/auth/login',
          headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
          payload: '{"email":',
        });
      expect((await broken()).json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
      expect((await broken('zh-CN')).json()).toEqual({ success: false, message: '请求内容不是有效的 JSON。' });
    } finally {
      await t.close();
    }
  });
});

describe('passwords', () => {
  const cheap = { cost: 10 };

  it('hash to a self-describing scrypt string with a random salt', async () => {
    const first = await hashPassword('hunter2hunter2', cheap);
    const second = await hashPassword('hunter2hunter2', cheap);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    await expect(verifyPassword(first, 'hunter2hunter2')).resolves.toBe(true);
    await expect(verifyPassword(first, 'hunter2hunter3')).resolves.toBe(false);
    await expect(verifyPassword(second, 'hunter2hunter2')).resolves.toBe(true);
  });

  it('default to N = 2^15 (production strength) when no cost is given', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    await expect(verifyPassword(hash, 'correct horse')).resolves.toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash, cheap)).toBe(true);
  });

  it('treat Unicode-equivalent spellings alike (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-password', cheap);
    await expect(verifyPassword(hash, 'cafe\u0301-password')).resolves.toBe(true);
  });

  it('never match malformed or absurd stored values', async () => {
    for (const stored of ['', 'plain', 'bcrypt$2b$10$abc', 'scrypt$1000$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5', `scrypt$${2 ** 30}$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5`]) {
      await expect(verifyPassword(stored, 'anything')).resolves.toBe(false);
    }
  });

  it('reject PASSWORD_HASH_COST outside 10-18', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '4' })).toThrow('PASSWORD_HASH_COST must be an integer 10-18, got "4"');
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
  });
});

describe('e-mail addresses and usernames', () => {
  it('normalize by trimming and lower-casing', () => {
    expect(normalizeEmail('  Alice.Smith@Example.COM\t')).toBe('alice.smith@example.com');
  });

  it.each([
    ['alice@example.com', true],
    ['a.b-c+tag@mail.example.co.uk', true],
    ["o'neil@example.ie", true],
    ['alice@localhost', false],
    ['alice@@example.com', false],
    ['.alice@example.com', false],
    ['al..ice@example.com', false],
    ['alice@-example.com', false],
    ['alice@example.c', false],
    ['al ice@example.com', false],
    ['alice@exa_mple.com', false],
    ['"quoted"@example.com', false],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`, false],
  ])('%s is valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it.each([
    ['john.doe@example.com', 'john.doe'],
    ['John_Doe+news@example.com', 'john_doe'],
    ["o'neil@example.com", 'o_neil'],
    ['..--__a--b..@example.com', 'a-b'],
    ['x@example.com', 'user'],
    [`${'verylongname'.repeat(5)}@example.com`, 'verylongnameverylongname'],
  ])('%s → username base %s', (email, base) => {
    expect(usernameBase(email)).toBe(base);
    expect(base).toMatch(/^[a-z0-9][a-z0-9._-]{1,22}[a-z0-9]$/);
  });
});

describe('mail', () => {
  const logs: { level: string; message: string; fields: object }[] = [];
  const logger = {
    info: (fields: object, message: string) => logs.push({ level: 'info', message, fields }),
    error: (fields: object, message: string) => logs.push({ level: 'error', message, fields }),
  } as unknown as FastifyBaseLogger;
  let mailDir: string;
  beforeEach(async () => {
    logs.length = 0;
    mailDir = await mkdtemp(path.join(tmpdir(), 'mail-test-'));
  });
  afterEach(async () => {
    await rm(mailDir, { recursive: true, force: true });
  });

  const link = 'http://localhost:3000/verify?token=abc&email=a%40example.com';
  const message = { to: 'a@example.com', purpose: 'verify', link, ...renderAccountMail('verify', 'en', { link }) };

  it('names outbox files so that name order is time order', () => {
    const names = [outboxFileName('verify', 999), outboxFileName('reset', 1000), outboxFileName('verify', 1000), outboxFileName('reset', 1732212345678)];
    expect(names[0]).toMatch(/^000000000000999-\d{6}-verify\.eml$/);
    expect([...names].sort()).toEqual(names);
  });

  it('come from no-reply at the PUBLIC_URL host', () => {
    expect(fromAddress('https://videos.example.com:8443/app')).toBe('no-reply@videos.example.com');
  });

  it('escape interpolated values in the HTML part', () => {
    const rendered = renderAccountMail('reset', 'en', { link: 'http://x.example/reset-password?token=a&email=<b>"' });
    expect(rendered.html).toContain('href="http://x.example/reset-password?token=a&amp;email=&lt;b&gt;&quot;"');
    expect(rendered.html).not.toContain('<b>');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('in outbox mode: one .eml file per message, and the link in the info log under NODE_ENV=development', async () => {
    const mailer = createMailer({ mailDir, smtpUrl: null, publicUrl: 'http://localhost:3000', nodeEnv: 'development' }, logger);
    await mailer.send(message);
    await mailer.send(message);
    mailer.close();
    const files = (await readdir(mailDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => /^\d{15}-\d{6}-verify\.eml$/.test(file))).toBe(true);
    expect(logs.map((entry) => entry.message)).toEqual([`verification link for a@example.com: ${link}`, `verification link for a@example.com: ${link}`]);
  });

  it('in outbox mode outside development: the file in the log, never the link (it carries a token)', async () => {
    for (const nodeEnv of ['production', 'test'] as const) {
      const mailer = createMailer({ mailDir, smtpUrl: null, publicUrl: 'http://localhost:3000', nodeEnv }, logger);
      await mailer.send(message);
      mailer.close();
    }
    expect(logs.map((entry) => entry.message)).toEqual(['verification mail written to the outbox', 'verification mail written to the outbox']);
    expect(JSON.stringify(logs)).not.toMatch(/abc|a@example\.com/);
  });

  describe('with SMTP_URL', () => {
    let server: Server;
    let received: string[];
    beforeEach(async () => {
      received = [];
      server = createServer((socket) => {
        let inData = false;
        let data = '';
        let buffer = '';
        const handle = (line: string) => {
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push(data);
              data = '';
              socket.write('250 OK queued\r\n');
            } else {
              data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
            }
            return;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        };
        socket.write('220 test ESMTP\r\n');
        socket.on('data', (chunk) => {
          buffer += chunk.toString();
          for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
            handle(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterEach(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('sends through SMTP, writes no file and never logs the link', async () => {
      const port = (server.address() as { port: number }).port;
      const mailer = createMailer({ mailDir, smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://videos.example.com' }, logger);
      expect(mailer.mode).toBe('smtp');
      await mailer.send(message);
      mailer.close();

      expect(received).toHaveLength(1);
      const parsed = parseEml(received[0]!);
      expect(parsed.from).toBe('Video Site <no-reply@videos.example.com>');
      expect(parsed.to).toBe('a@example.com');
      expect(parsed.text).toContain(link);
      expect(await readdir(mailDir)).toEqual([]);
      expect(JSON.stringify(logs)).not.toContain('token=');
      expect(logs).toEqual([{ level: 'info', message: 'mail sent', fields: expect.objectContaining({ purpose: 'verify' }) }]);
    });
  });
});
