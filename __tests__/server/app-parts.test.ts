/** The app's parts register after what they need (server/http/plugins.ts), whatever order they are listed in. */
import Fastify from 'fastify';

import { dependencyOrder, registerInOrder, type AppPart } from '../../server/http/plugins';

const part = (name: string, dependencies: string[] = [], register: AppPart['register'] = () => undefined): AppPart => ({ name, dependencies, register });

describe('dependencyOrder', () => {
  it('puts every part after its dependencies and keeps the listing order among the rest', () => {
    const order = dependencyOrder([part('routes', ['hooks', 'sessions']), part('metrics'), part('hooks', ['sessions']), part('sessions')]).map((p) => p.name);
    expect(order).toEqual(['metrics', 'sessions', 'hooks', 'routes']);
  });

  it('keeps a listing that already satisfies every dependency as it is', () => {
    const listed = [part('a'), part('b', ['a']), part('c'), part('d', ['b', 'c'])];
    expect(dependencyOrder(listed)).toEqual(listed);
  });

  it('refuses a dependency no part provides, naming both', () => {
    expect(() => dependencyOrder([part('routes', ['sesions'])])).toThrow('app part "routes" needs "sesions", which no part provides');
  });

  it('refuses a cycle, naming the parts in it', () => {
    expect(() => dependencyOrder([part('free'), part('a', ['b']), part('b', ['a'])])).toThrow('app parts depend on each other in a cycle: a, b');
  });
});

describe('registerInOrder', () => {
  it('registers each part once, in dependency order, as a named plugin that adds to the app itself', async () => {
    const app = Fastify();
    const seen: string[] = [];
    await registerInOrder(app, [
      part('routes', ['decoration'], (instance) => {
        seen.push('routes');
        instance.get('/', async () => ({ value: (instance as unknown as { value: number }).value }));
      }),
      part('decoration', [], (instance) => {
        seen.push('decoration');
        instance.decorate('value', 42);
      }),
    ]);
    await app.ready();
    expect(seen).toEqual(['decoration', 'routes']);
    // Not encapsulated: the decoration is the app's own, and the route sees it.
    expect((app as unknown as { value: number }).value).toBe(42);
    expect((await app.inject({ url: '/' })).json()).toEqual({ value: 42 });
    expect(app.printPlugins()).toMatch(/decoration[\s\S]*routes/);
    await app.close();
  });
});
