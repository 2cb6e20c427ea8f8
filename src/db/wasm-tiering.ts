import v8 from 'node:v8';

/**
 * V8 runs WebAssembly first as baseline code (Liftoff) and recompiles the functions that
 * run hot with its optimizing compiler (TurboFan). For Prisma's query compiler and schema
 * engine that recompilation cost a PostgreSQL server ~65 MB of resident memory it never gave
 * back (the compilers' scratch memory stays with the allocator), and bought nothing we could
 * measure: the query compiler runs once per query shape (its plans are cached), the schema
 * engine once per start. A tiering budget 50 times V8's default keeps them at the baseline.
 *
 * The flag is the process's and is read when a module is instantiated, so this runs before
 * the first one. The embedded database is left alone: PGlite is PostgreSQL itself compiled to
 * WebAssembly, and every query runs in it.
 */
export function keepWasmAtBaselineTier() {
  v8.setFlagsFromString('--wasm-tiering-budget=90000000');
}
