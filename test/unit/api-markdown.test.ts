import { apiMarkdown, type OpenApi } from '../../scripts/api-markdown';

// docs/api.md is written from whatever the document's operations hold: these check that
// parameters, bodies and the error codes a response names reach the page.

const doc: OpenApi = {
  info: { title: 'Demo API', version: '1.0.0', description: 'Errors are `{ "error": "<message>" }`; a <b> is text here.' },
  tags: [{ name: 'Runs' }],
  components: {
    schemas: {
      LockedError: { type: 'object', properties: { error: { type: 'string' }, code: { type: 'string', enum: ['run_locked'] } } },
    },
    responses: {
      Locked: {
        description: 'The run is locked',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/LockedError' } } },
      },
    },
  },
  paths: {
    '/api/v1/run/lock': {
      put: {
        tags: ['Runs'],
        summary: 'Lock a run',
        security: [{ bearerToken: [] }],
        parameters: [{ name: 'runId', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 10 } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['tests'],
                properties: {
                  tests: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Success' },
          '404': {
            description: 'Not found',
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { type: 'object', properties: { code: { type: 'string', enum: ['run_not_found'] } } },
                    { type: 'object', properties: { code: { type: 'string', enum: ['project_not_found'] } } },
                  ],
                },
              },
            },
          },
          '423': { $ref: '#/components/responses/Locked' },
        },
      },
    },
    '/healthz': { get: { tags: ['Service'], summary: 'Up', security: [], responses: { '200': { description: 'Up' } } } },
  },
};

const md = apiMarkdown(doc);

it('groups routes by tag, in the order of the tags, with a table of contents', () => {
  expect(md).toContain('## Runs\n\n### PUT /api/v1/run/lock');
  expect(md.indexOf('## Runs')).toBeLessThan(md.indexOf('## Service'));
  expect(md).toContain('- [Runs](#runs)\n  - [PUT /api/v1/run/lock](#put-apiv1runlock)');
});

it('lists parameters, body fields one level deep, and authentication', () => {
  expect(md).toContain('| `runId` | query | integer | yes | (1 to 10) |');
  expect(md).toContain('| `tests` | object[] | yes |  |');
  expect(md).toContain('| `tests[].id` | integer | yes |  |');
  expect(md).toContain('Authentication: `bearerToken`.');
  expect(md).toContain('Authentication: none (public).');
});

it('names the error codes each response declares, through $refs and variants', () => {
  expect(md).toContain('| Status | Meaning | Error codes |');
  expect(md).toContain('| 404 | Not found | `run_not_found`, `project_not_found` |');
  expect(md).toContain('| 423 | The run is locked | `run_locked` |');
  expect(md).toContain('| 200 | Success |  |');
});

it('leaves the codes column out while no response declares a code', () => {
  const plain = apiMarkdown({ ...doc, paths: { '/healthz': doc.paths['/healthz'] } });
  expect(plain).toContain('| Status | Meaning |\n|---|---|\n| 200 | Up |');
  expect(plain).not.toContain('Error codes');
});

it('shows angle brackets in prose as text, and leaves code spans alone', () => {
  expect(md).toContain('Errors are `{ "error": "<message>" }`; a &lt;b&gt; is text here.');
});
