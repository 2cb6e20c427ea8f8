import { ERROR_CODES, errorCodeList } from './error-codes';

// docs/error-codes.md, made from the one list of codes (`npm run generate` writes it).

export function errorCodesMarkdown(): string {
  const rows = errorCodeList.map((code) => {
    const info: { status: number; meaning: string; action: string; reserved?: true } = ERROR_CODES[code];
    return `| \`${code}\` | ${info.status} | ${info.meaning}${info.reserved ? ' (reserved: not answered yet)' : ''} | ${info.action} |`;
  });
  return [
    '# Error codes',
    '',
    'Every error answer of the API is `{ "error": "<message>", "status": <http status>, "code": "<code>" }`.',
    'The `code` is stable and specific to the cause: decide by it, not by the message, whose wording may',
    'change. Each operation of `openapi.yaml` lists the codes it can answer (`x-error-codes`, and in its',
    'description). Generated from `src/core/error-codes.ts`; do not edit by hand.',
    '',
    '| code | status | meaning | what to do |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
