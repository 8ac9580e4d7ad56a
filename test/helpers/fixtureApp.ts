// The suite hooks most fixture audits open with: a warehouse ingested from the given real SEC documents and the real
// app over it, started before the suite's first test and closed after its last (skipped, like the tests, when the
// fixtures are absent). Call it at the top of a file or inside a describe; read `app` and `wh` inside tests.
import { after, before } from './fixtureTest.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

export interface FixtureApp {
  readonly app: TestApp;
  readonly wh: TestWarehouse;
}

export function fixtureApp(inputs: string[] | (() => string[])): FixtureApp {
  let wh: TestWarehouse | undefined;
  let app: TestApp | undefined;
  before(async () => {
    wh = await fixtureWarehouse(typeof inputs === 'function' ? inputs() : inputs);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app?.close();
    wh?.cleanup();
  });
  return {
    get app() {
      if (!app) throw new Error('fixtureApp: the app is started by the suite\'s before hook');
      return app;
    },
    get wh() {
      if (!wh) throw new Error('fixtureApp: the warehouse is built by the suite\'s before hook');
      return wh;
    },
  };
}
