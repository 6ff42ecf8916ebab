import { createPremiumAccount, TestAccount } from './accounts';
import { startTestApp, TestApp } from './test-app';

/** One file's e2e setting: the real app, an `owner` who acts, and a `stranger` who must see none of it. */
export interface ApiTest {
  testApp: TestApp;
  owner: TestAccount;
  stranger: TestAccount;
}

/** Starts the app and the two premium accounts before the file's tests and stops the app after them. */
export function setUpApiTest(): ApiTest {
  const api = {} as ApiTest;
  beforeAll(async () => {
    api.testApp = await startTestApp();
    api.owner = await createPremiumAccount(api.testApp);
    api.stranger = await createPremiumAccount(api.testApp);
  });
  afterAll(() => api.testApp.close());
  return api;
}
