import { z } from 'zod';

// Short, field-first messages ("title: Required", "projectId: Expected number,
// received string") instead of zod's longer defaults.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'Required';
      const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
      return `Expected ${issue.expected}, received ${received}`;
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
    return undefined;
  },
});

export { z };
