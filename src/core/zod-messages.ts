import { z } from 'zod';

// Short, field-first messages ("title: Required", "projectId: Expected number,
// received string") instead of zod's longer defaults.
z.config({
  customError: (issue) => {
    if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return 'Required';
    if (issue.code === 'invalid_type') {
      const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
      return `Expected ${issue.expected}, received ${received}`;
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
    return undefined;
  },
});

export { z };
