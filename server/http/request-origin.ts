/**
 * The origin a request was addressed to, and the addresses this server can be opened at.
 *
 * A person opens the site at whatever address they were shown or typed: `localhost`, `127.0.0.1`,
 * the machine's LAN address from a phone, or the public name behind a proxy. Pages must work at
 * each of them, so same-origin decisions (http/origin-check.ts) and same-server links (the
 * catalogue stand-in's URLs, the wallet message's domain) follow the address of the request
 * itself, while links that leave the page (e-mail, previews) keep using PUBLIC_URL.
 */
import os from 'node:os';

import type { FastifyRequest } from 'fastify';

/**
 * `scheme://host[:port]` of the request: the socket's scheme and the Host header, or the
 * X-Forwarded-Proto / X-Forwarded-Host of a trusted proxy (Fastify applies TRUST_PROXY to
 * request.protocol and request.host). Undefined when the Host is missing or not a plain
 * authority (no user info, path or spaces), so a malformed header never matches anything.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  let host: string;
  try {
    host = request.host;
  } catch {
    return undefined;
  }
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return undefined;
  try {
    const url = new URL(`${request.protocol}://${host}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // The URL parser lower-cases and drops default ports; a Host that changes shape in the round
    // trip other than that (e.g. "a..b") is refused rather than guessed at.
    const defaultPort = url.protocol === 'https:' ? ':443' : ':80';
    const written = host.toLowerCase();
    const expected = written.endsWith(defaultPort) ? written.slice(0, -defaultPort.length) : written;
    return url.host === expected ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The addresses a person can open the server at, for the start-up log: the loopback names and
 * every LAN address when it listens on all interfaces, else the one host it listens on.
 */
export function openAddresses(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  if (!WILDCARD_HOSTS.has(host)) return [url(host)];
  const listensOnIpv6 = host === '::' || host === '[::]';
  const addresses = [`http://localhost:${port}`, url('127.0.0.1')];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      if (entry.family === 'IPv4') addresses.push(url(entry.address));
      // Link-local IPv6 needs a zone index a browser cannot take in a URL; global ones work.
      else if (listensOnIpv6 && !entry.address.toLowerCase().startsWith('fe80:')) addresses.push(url(entry.address));
    }
  }
  return [...new Set(addresses)];
}

/** Host names that always mean this machine. */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/**
 * Whether an origin names this server by an address that cannot belong to somebody else's site:
 * one of the configured origins, a loopback name, or one of this machine's own interface
 * addresses. Used where naming the request's host must not let a look-alike site in (the
 * wallet sign-in message's domain); the host's port is not checked (a proxy may map ports).
 * The interfaces are read per call, not once at start: a laptop's LAN address changes with its
 * network, and a wallet challenge (rate limited) is rare enough for one small system call.
 */
export function isOwnOrigin(
  origin: string,
  configuredOrigins: readonly string[],
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): boolean {
  if (configuredOrigins.includes(origin)) return true;
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (isLoopbackHost(hostname)) return true;
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return Object.values(interfaces).some((entries) => (entries ?? []).some((entry) => entry.address.toLowerCase() === bare));
}
