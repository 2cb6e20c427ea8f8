import path from 'node:path';

// jest-openapi (through openapi-validator) builds a new openapi-response-validator for every
// response it checks: a new Ajv compiling the operation's response schema with every component
// schema it references. That was about half the CPU of a file that checks many answers
// (test/http/write-versions.test.ts). The validator depends only on what it is built from, the
// document's response object for the status and the document's components, so the one built
// for those is kept and used again: the same schemas, compiled once per test file.

interface ValidatorArgs {
  responses: Record<string, object>;
  components?: object;
  [other: string]: unknown;
}
type ValidatorClass = new (args: ValidatorArgs) => object;

let installed = false;

export function cacheResponseValidators(): void {
  if (installed) return;
  installed = true;
  // The copy openapi-validator itself loads (jest gives each test file its own).
  const from = path.dirname(require.resolve('openapi-validator'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object whose export openapi-validator reads at each check
  const mod = require(require.resolve('openapi-response-validator', { paths: [from] })) as { default: ValidatorClass };
  const Validator = mod.default;
  const kept = new WeakMap<object, WeakMap<object, Map<string, object>>>();
  const noComponents = {};
  function CachedValidator(args: ValidatorArgs): object {
    const statuses = Object.keys(args?.responses ?? {});
    // Only the shape openapi-validator's validateResponse uses: one response, the components.
    const plain = args && Object.keys(args).every((k) => k === 'responses' || k === 'components') && statuses.length === 1;
    if (!plain) return new Validator(args);
    const response = args.responses[statuses[0]];
    let byResponse = kept.get(args.components ?? noComponents);
    if (!byResponse) kept.set(args.components ?? noComponents, (byResponse = new WeakMap()));
    let byStatus = byResponse.get(response);
    if (!byStatus) byResponse.set(response, (byStatus = new Map()));
    let validator = byStatus.get(statuses[0]);
    if (!validator) byStatus.set(statuses[0], (validator = new Validator(args)));
    return validator;
  }
  mod.default = CachedValidator as unknown as ValidatorClass;
}
