import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {
  bearerFromToken,
  buildCollection,
  buildEnvironment,
  buildSmokeCollection,
  requestsOf,
  type PostmanCollection,
} from '../../scripts/postman-collection';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const committed = {
  collection: JSON.parse(read('postman/casebook.postman_collection.json')) as PostmanCollection,
  environment: JSON.parse(read('postman/casebook.localhost.postman_environment.json')),
  smoke: JSON.parse(read('postman/ci-smoke.postman_collection.json')) as PostmanCollection,
};
const openapi = YAML.parse(read('openapi.yaml')) as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
const key = (r: { method: string; url: { path: string[] } }) => `${r.method} /${r.url.path.join('/')}`;

let generated: PostmanCollection;
beforeAll(async () => {
  generated = await buildCollection(read('openapi.yaml'));
});

describe('postman/', () => {
  it('holds what `npm run postman` makes from openapi.yaml', () => {
    const stale = [
      ['casebook.postman_collection.json', committed.collection, generated],
      ['casebook.localhost.postman_environment.json', committed.environment, buildEnvironment()],
      ['ci-smoke.postman_collection.json', committed.smoke, buildSmokeCollection(generated)],
    ]
      .filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b))
      .map(([name]) => name);
    if (stale.length) throw new Error(`postman/ is out of date (${stale.join(', ')}): run \`npm run postman\` and commit it.`);
  });
});

describe('the collection', () => {
  it('authenticates with a Bearer token from the {{token}} variable', () => {
    expect(committed.collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
    expect(bearerFromToken).toEqual(committed.collection.auth);
  });

  it('has one request per operation; public and cookie-only ones send no token', () => {
    const requests = [...requestsOf(committed.collection.item)];
    const operations = Object.entries(openapi.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(requests.map((r) => key(r.request!)).sort()).toEqual(operations.sort());
    for (const item of requests) {
      const request = item.request!;
      expect(request.url.host).toEqual(['{{baseUrl}}']);
      const security = openapi.paths[`/${request.url.path.join('/')}`][request.method.toLowerCase()].security;
      const usesBearer = security?.some((s) => 'bearerToken' in s) ?? true;
      expect({ request: key(request), auth: request.auth }).toEqual({
        request: key(request),
        auth: usesBearer ? undefined : { type: 'noauth' },
      });
    }
    // An Admin's token is accepted for token generation, so it uses the collection's Bearer token.
    const generate = requests.find((r) => key(r.request!) === 'POST /api/v1/token/generate')!;
    expect(generate.request!.auth).toBeUndefined();
  });

  it('fills request bodies and required parameters with examples', () => {
    const create = [...requestsOf(committed.collection.item)].find((r) => key(r.request!) === 'POST /api/v1/project/create')!;
    expect(JSON.parse(create.request!.body!.raw!)).toEqual({
      orgId: 1,
      projectName: 'Checkout',
      projectDescription: 'Web shop checkout flows',
    });
    const detail = [...requestsOf(committed.collection.item)].find((r) => key(r.request!) === 'GET /api/v1/project/detail')!;
    expect(detail.request!.url.query).toEqual([expect.objectContaining({ key: 'projectId', value: '1' })]);
  });

  it('comes with a localhost environment holding baseUrl and a secret token', () => {
    expect(committed.environment).toMatchObject({
      name: 'Casebook (localhost)',
      values: [
        { key: 'baseUrl', value: 'http://localhost:3000', enabled: true },
        { key: 'token', value: '', type: 'secret', enabled: true },
      ],
    });
  });
});

describe('the CI smoke collection', () => {
  const steps = committed.smoke.item;

  it('goes from a project to a downloaded report, through documented requests only', () => {
    const mainRequests = new Set([...requestsOf(committed.collection.item)].map((r) => key(r.request!)));
    for (const step of steps)
      expect({ step: step.name, documented: mainRequests.has(key(step.request!)) }).toEqual({ step: step.name, documented: true });
    const order = steps.map((s) => key(s.request!));
    const at = (k: string) => order.indexOf(k);
    const sequence = [
      'POST /api/v1/project/create',
      'POST /api/v1/test/bulk-add',
      'POST /api/v1/run/create',
      'PUT /api/v1/run/update-test-status',
      'GET /api/v1/run/report',
    ];
    expect(sequence.map(at).every((i) => i >= 0)).toBe(true);
    expect(sequence.map(at)).toEqual([...sequence.map(at)].sort((a, b) => a - b));
    expect(committed.smoke.auth).toEqual(bearerFromToken);
  });

  it('asserts status and body in every request', () => {
    for (const step of steps) {
      const test = step.event?.find((e) => e.listen === 'test')?.script.exec.join('\n') ?? '';
      expect({ step: step.name, pmTest: test.includes('pm.test(') }).toEqual({ step: step.name, pmTest: true });
      expect({ step: step.name, status: /pm\.response\.to\.have\.status\(\d{3}\)/.test(test) }).toEqual({ step: step.name, status: true });
      expect({ step: step.name, body: /pm\.response\.(json|text)\(\)/.test(test) }).toEqual({ step: step.name, body: true });
    }
  });
});
