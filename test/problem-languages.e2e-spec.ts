import request from 'supertest';
import type { ProblemDetails } from '../src/common/problem-details.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * A problem's title and detail follow the request's Accept-Language for the four languages the
 * service speaks (docs/architecture.md, "Languages"); its code stays the key, and the answer says
 * its language (Content-Language) and that it depends on the header (Vary).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await request(t.http).post('/api/users').send({ username: 'rima', password: 'quartz-lantern-7' }).expect(201);
});
afterAll(() => t.close());

const problem = (res: request.Response) => res.body as ProblemDetails;
const signIn = (language?: string) => {
  const r = request(t.http).post('/api/auth/token');
  if (language !== undefined) r.set('Accept-Language', language);
  return r.send({ username: 'rima', password: 'not-her-password' }).expect(401);
};

describe('problems in the request’s language', () => {
  it('answer in English without Accept-Language, as before', async () => {
    const res = await signIn();
    expect(problem(res)).toMatchObject({
      code: 'invalid-credentials',
      title: 'Invalid credentials',
      detail: 'Wrong username or password.',
    });
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['ru-RU,ru;q=0.9,en;q=0.8', 'ru'],
    ['lt', 'lt'],
    ['fr-FR, hy;q=0.5', 'hy'],
  ])('answer %s in %s, the code unchanged', async (header, language) => {
    const res = await signIn(header);
    const body = problem(res);
    expect(body.code).toBe('invalid-credentials');
    expect(res.headers['content-language']).toBe(language);
    expect(body.title).not.toBe('Invalid credentials');
    expect(body.detail).not.toBe('Wrong username or password.');
    // Written in the language's own script.
    const script = { ru: /\p{Script=Cyrillic}/u, lt: /[a-ząčęėįšųūž]/iu, hy: /\p{Script=Armenian}/u }[language]!;
    expect(body.title + body.detail).toMatch(script);
  });

  it('fall back to English for a language the service does not speak', async () => {
    const res = await signIn('fr, de;q=0.7');
    expect(problem(res).title).toBe('Invalid credentials');
    expect(res.headers['content-language']).toBe('en');
  });

  it('count the invalid fields by the language’s plural rules', async () => {
    const three = await request(t.http)
      .post('/api/users')
      .set('Accept-Language', 'ru')
      .send({ username: '!', password: 1, extra: true })
      .expect(400);
    const body = problem(three);
    expect(body.code).toBe('validation-failed');
    expect(body.errors!.length).toBeGreaterThanOrEqual(2);
    expect(body.detail).toMatch(/\p{Script=Cyrillic}/u);
    expect(body.detail).toContain(String(body.errors!.length));
    // The fields are named as the API names them, and each field's message is Russian too.
    for (const error of body.errors!) {
      expect(body.detail).toContain(error.field);
      expect(error.message).toMatch(/\p{Script=Cyrillic}/u);
      expect(error.message.startsWith(`${error.field}:`)).toBe(true);
    }
  });

  it('give a field’s message with the figures of its rule', async () => {
    const res = await request(t.http)
      .post('/api/users')
      .set('Accept-Language', 'lt')
      .send({ username: 'rasa', password: 'short' })
      .expect(400);
    const password = problem(res).errors!.find((e) => e.field === 'password');
    expect(password).toMatchObject({ constraint: 'isLength' });
    expect(password!.message).toMatch(/8.*128/);
    expect(password!.message).not.toContain('must');
    // English keeps the rule's own message.
    const english = await request(t.http).post('/api/users').send({ username: 'rasa', password: 'short' }).expect(400);
    expect(problem(english).errors!.find((e) => e.field === 'password')!.message).toBe(
      'password must be 8-128 characters',
    );
  });

  it('translate the detail of a refusal raised deep in a use case', async () => {
    const res = await request(t.http)
      .get('/api/users?sort=rating&cursor=not-a-cursor')
      .set('Accept-Language', 'hy')
      .expect(400);
    expect(problem(res).code).toBe('invalid-cursor');
    expect(problem(res).detail).toMatch(/\p{Script=Armenian}/u);
  });
});
