/**
 * Our Fastify plugins by name. Each part of the app is a plugin with a name and the names of the
 * plugins it needs; `registerInOrder` registers a list so that every plugin comes after what it
 * needs (the listing order only breaks ties), and refuses an unknown name or a cycle. Through
 * fastify-plugin's metadata Fastify checks the same dependencies again and names each plugin in
 * its plugin tree, logs and errors.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Names one of our encapsulated plugins (route areas) for Fastify's plugin tree, its logs and its
 * errors. The name matters for speed too: for a plugin without one, Fastify looks for the module
 * that exports it among every loaded module (require.cache) at each registration — ~10 ms per app
 * in a plain process, ~60 ms per app in jest, whose module cache is a proxy.
 */
export function namedPlugin<Plugin extends object>(name: string, plugin: Plugin): Plugin {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}

/** One part of the app: what it adds, under its name, after the parts it names as dependencies. */
export interface AppPart {
  name: string;
  dependencies?: readonly string[];
  /** Adds hooks, decorations, routes or other plugins to the app itself (not encapsulated). */
  register(app: FastifyInstance): unknown;
}

/**
 * The parts in an order where each comes after its dependencies; among parts free to go, the
 * listing order. Throws on a dependency no part provides and on a cycle.
 */
export function dependencyOrder<Part extends AppPart>(parts: readonly Part[]): Part[] {
  const names = new Set(parts.map((part) => part.name));
  for (const part of parts) {
    for (const dependency of part.dependencies ?? []) {
      if (!names.has(dependency)) throw new Error(`app part "${part.name}" needs "${dependency}", which no part provides`);
    }
  }
  const ordered: Part[] = [];
  const placed = new Set<string>();
  const waiting = [...parts];
  while (waiting.length > 0) {
    const index = waiting.findIndex((part) => (part.dependencies ?? []).every((dependency) => placed.has(dependency)));
    if (index < 0) throw new Error(`app parts depend on each other in a cycle: ${waiting.map((part) => part.name).join(', ')}`);
    const [next] = waiting.splice(index, 1);
    ordered.push(next!);
    placed.add(next!.name);
  }
  return ordered;
}

/** Registers the parts in dependency order, each as a named fastify-plugin with its dependencies. */
export async function registerInOrder(app: FastifyInstance, parts: readonly AppPart[]): Promise<void> {
  for (const part of dependencyOrder(parts)) {
    await app.register(
      fp(async (instance) => {
        await part.register(instance);
      }, { name: part.name, dependencies: [...(part.dependencies ?? [])] }),
    );
  }
}
