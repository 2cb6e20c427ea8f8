// Values PostgreSQL packs into one bytea with int4send (big-endian), so a read of 50,000 tests or
// results is one row, not 50,000 rows for the client to decode. Decoded here once, into typed arrays.

/** The big-endian 32-bit integer at byte `at`. */
export const int32At = (bytes: Uint8Array, at: number): number =>
  (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];

/** Packed big-endian 32-bit integers as an Int32Array (empty for null: string_agg of no rows). */
export function int32s(bytes: Uint8Array | null): Int32Array {
  const out = new Int32Array(bytes ? bytes.length >> 2 : 0);
  for (let i = 0; i < out.length; i++) out[i] = int32At(bytes!, i * 4);
  return out;
}
