/**
 * Which address is the client's (TRUST_PROXY, server/config/index.ts). Fastify is given a trust
 * function: with a hop count N the socket's peer and the next N-1 addresses in X-Forwarded-For
 * are proxies, so request.ip is the address the nearest trusted proxy saw — what the client put
 * in the header itself never counts. (Fastify's own numeric setting trusts nothing, on purpose:
 * a hop count cannot tell the proxy from a client that bypasses it, so it is only right when the
 * site is reachable through the proxy alone — start-up warns when it listens on every interface.)
 * A list of addresses/CIDRs is handed over as is (proxy-addr checks each hop against it).
 */
import type { FastifyServerOptions } from 'fastify';

import type { TrustProxy } from '../config/index';

export function trustProxyOption(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trustProxy === false) return false;
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return (_address: string, hop: number) => hop < hops;
  }
  return trustProxy;
}

/** A warning for start-up logs, or undefined when the setting is safe as it stands. */
export function trustProxyWarning(trustProxy: TrustProxy, host: string): string | undefined {
  if (typeof trustProxy !== 'number') return undefined;
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost') return undefined;
  return (
    `TRUST_PROXY=${trustProxy} trusts X-Forwarded-For from whoever connects, and the server listens on ${host}: ` +
    'make sure only the proxy can reach it, or set TRUST_PROXY to the proxy addresses/CIDRs instead'
  );
}
