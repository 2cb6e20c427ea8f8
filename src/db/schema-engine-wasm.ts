import fs from 'node:fs';
import path from 'node:path';
import type * as Engine from '@prisma/schema-engine-wasm/schema_engine_bg' with { 'resolution-mode': 'import' };

// The schema engine's WebAssembly, loaded for one use and dropped after it: its code and
// memory are tens of MB that a serving process, which migrates once at start, would
// otherwise carry for good.
//
// import() will not do: Node keeps every ES module it loads for the life of the process, and
// the engine's wasm-bindgen glue keeps its instance (and views of its memory, and closures
// that call into it) in module variables. So each use evaluates the glue afresh, and the
// glue, its instance and their memory become garbage together once the use is over.

export type EngineModule = typeof Engine;
type Glue = EngineModule & { __wbg_set_wasm(exports: unknown): void };
type Timer = ReturnType<typeof setTimeout>;

interface WasmApi {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * The glue module (an ES module of `export function` and `export class` declarations and
 * nothing else) evaluated as a function body that returns its exports.
 */
function evaluateGlue(file: string): Glue {
  const source = fs.readFileSync(file, 'utf8');
  const names: string[] = [];
  const body = source.replace(/^export (function|class) ([\w$]+)/gm, (_, kind: string, name: string) => {
    names.push(name);
    return `${kind} ${name}`;
  });
  if (/^\s*(export|import)\b/m.test(body))
    throw new Error(`${file}: the schema engine's glue has imports or exports of a form not handled here`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the glue's own code, read from node_modules (see above)
  const run = new Function(`'use strict';\n${body}\nreturn { ${names.join(', ')} };\n//# sourceURL=${file}`) as () => Glue;
  return run();
}

export interface LoadedSchemaEngine {
  module: EngineModule;
  /** Clears what the engine left scheduled; afterwards nothing of this instance runs or is held. */
  unload(): void;
}

/** A schema engine module of its own, with a fresh instance behind it. */
export async function loadSchemaEngine(): Promise<LoadedSchemaEngine> {
  const glueFile = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = evaluateGlue(glueFile);
  const bytes = fs.readFileSync(path.join(path.dirname(glueFile), 'schema_engine_bg.wasm'));
  // The engine sets timers it has no way to clear (one of 10 s outlives every migration, and
  // held commands open): they are recorded, to be cleared on unload; one set after that is
  // cleared at once. Nothing is cut short: unload comes after the engine's last call.
  const timers = new Set<Timer>();
  let unloaded = false;
  const imports: Record<string, unknown> = { ...glue };
  for (const name of Object.keys(glue).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
    const engineSetTimeout = imports[name] as (callback: () => void, ms: number) => Timer;
    imports[name] = (callback: () => void, ms: number) => {
      const timer = engineSetTimeout(() => {
        timers.delete(timer);
        callback();
      }, ms);
      if (unloaded) clearTimeout(timer);
      else timers.add(timer);
      return timer;
    };
  }
  // The glue expects its own module as the import object.
  const { instance } = await wasmApi.instantiate(bytes, { './schema_engine_bg.js': imports });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return {
    module: glue,
    unload() {
      unloaded = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
