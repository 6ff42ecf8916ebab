import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, TestApp } from '../support/test-app';
import { PageClient, visibleText } from './page-client';

const PASSWORD = 'correct horse battery staple';
let addressCounter = 0;

/** NUL and other control characters typed or pasted into a form are the visitor's mistake: 422 on the page, by the field. */
describe('Account pages: control characters in a field', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const visitor = () => new PageClient(testApp, `10.26.0.${++addressCounter}`);
  const newEmail = () => `chars-${randomUUID()}@example.com`;
  /** The error shown by a field: the paragraph the input's aria-describedby names. */
  const fieldError = (response: LightMyRequestResponse, id: string) =>
    new RegExp(`<p class="error" id="${id}-error">([^<]*)</p>`).exec(response.body)?.[1];

  it.each([
    ['NUL', '\u0000'],
    ['a bell', '\u0007'],
    ['an escape', '\u001b'],
    ['a DEL', '\u007f'],
    ['a line break', '\n'],
  ])('refuses %s in the sign-up email with 422 by the email field, creating no account', async (_what, character) => {
    const client = visitor();
    const email = newEmail();
    const response = await client.signUp(email.replace('@', `${character}@`), PASSWORD);
    expect(response.statusCode).toBe(422);
    expect(fieldError(response, 'email')).toMatch(/control character/);
    expect(response.headers['retry-after']).toBeUndefined();
    expect((await visitor().signUp(email, PASSWORD)).statusCode).toBe(303);
  });

  it('refuses a NUL in the sign-up password by the password field', async () => {
    const response = await visitor().signUp(newEmail(), `${PASSWORD}\u0000`);
    expect(response.statusCode).toBe(422);
    expect(fieldError(response, 'password')).toMatch(/control character/);
    expect(fieldError(response, 'email')).toBeUndefined();
  });

  it.each([
    ['email', (email: string) => [`${email}\u0000`, PASSWORD]],
    ['password', (email: string) => [email, `\u0000${PASSWORD}`]],
  ])('refuses a NUL in the sign-in %s with 422 by that field, and counts no failed sign-in', async (field, fields) => {
    const email = newEmail();
    expect((await visitor().signUp(email, PASSWORD)).statusCode).toBe(303);
    const client = visitor();
    for (let attempt = 0; attempt < 6; attempt++) {
      const [typedEmail, typedPassword] = fields(email);
      const response = await client.signIn(typedEmail, typedPassword);
      expect(response.statusCode).toBe(422);
      expect(fieldError(response, field)).toMatch(/control character/);
    }
    // Six refusals did not throttle the account: the right password still signs in.
    expect((await client.signIn(email, PASSWORD)).statusCode).toBe(303);
  });

  it('refuses a NUL in the delete-account password by that field, deleting nothing', async () => {
    const email = newEmail();
    const client = visitor();
    expect((await client.signUp(email, PASSWORD)).statusCode).toBe(303);
    await client.get('/account');
    const response = await client.post('/account/delete', { password: `${PASSWORD}\u0000` });
    expect(response.statusCode).toBe(422);
    expect(fieldError(response, 'delete-password')).toMatch(/control character/);
    expect((await client.get('/account')).statusCode).toBe(200);
  });

  it('refuses a control character in the token form, replacing nothing', async () => {
    const client = visitor();
    expect((await client.signUp(newEmail(), PASSWORD)).statusCode).toBe(303);
    await client.get('/account');
    const response = await client.post('/account/token', { replacing: '\u0000', confirm: 'yes' });
    expect(response.statusCode).toBe(422);
    expect(visibleText(response)).toMatch(/control character/);
  });
});
