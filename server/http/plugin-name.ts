/**
 * Names one of our plugins for Fastify's plugin tree, its logs and its errors. The name matters for
 * speed too: for a plugin without one, Fastify looks for the module that exports it among every
 * loaded module (require.cache) at each registration — ~10 ms per app in a plain process, ~60 ms
 * per app in jest, whose module cache is a proxy.
 */
export function namedPlugin<Plugin extends object>(name: string, plugin: Plugin): Plugin {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
