// Validates the OpenAPI document given as JSON on stdin with swagger-parser and
// prints { valid, openapi, title } or { valid: false, message }. A child
// process, because swagger-parser loads ES modules that CommonJS jest cannot.
import SwaggerParser from '@apidevtools/swagger-parser';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
try {
  const api = await SwaggerParser.validate(JSON.parse(input));
  process.stdout.write(JSON.stringify({ valid: true, openapi: api.openapi, title: api.info.title }));
} catch (err) {
  process.stdout.write(JSON.stringify({ valid: false, message: err.message }));
}
