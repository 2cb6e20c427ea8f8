/**
 * JSON already written, by PostgreSQL for a list page: the HTTP envelope splices
 * the text in as it is, instead of parsing it here and serializing it again
 * (for a page of 100 tests that was a third of the server's work on the request).
 * `T` is what the text holds; nothing in JavaScript reads it.
 */
export class JsonText<T> {
  /** Only a type: what the text holds. */
  declare readonly holds?: T;
  constructor(readonly text: string) {}
}
