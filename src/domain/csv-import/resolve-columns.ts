import { badRequest } from '../../core/errors';
import { listOf } from '../test-cases/references';
import { CSV_FIELDS, type CsvField, type CsvMapping } from './csv-import.schemas';
import { DEFAULT_PRESET, PRESETS, type Preset } from './presets';

// Step 2: what each column of the file holds. The mapping's own columns first, then the preset's
// headers, then a header that is a field's name or a custom field's key (cf_<key> or <key>).
// A mapping naming no field, a header not in the file, two columns for one field, or no title
// column is a 400 before any row is read.

/** What a column is read into: a field of the test, a custom field (by key), or nothing. */
export type ColumnTarget = { field: Exclude<CsvField, 'ignore'> } | { customKey: string } | null;

export interface ResolvedColumns {
  targets: ColumnTarget[];
  /** The column index of each field (and of each custom key, as `cf_<key>`), for reading a row. */
  index: Map<string, number>;
  preset: Preset;
}

const lower = (s: string) => s.trim().toLowerCase();
const fieldByName = new Map(CSV_FIELDS.map((f) => [f.toLowerCase(), f]));

/** A field name of a mapping or a header, read as a field or a custom field of the project; undefined when it is neither. */
function targetOf(name: string, customKeys: Set<string>): ColumnTarget | undefined {
  const field = fieldByName.get(lower(name));
  if (field) return field === 'ignore' ? null : { field };
  const key = lower(name).replace(/^cf_/, '');
  if (customKeys.has(key)) return { customKey: key };
  return undefined;
}

export const targetName = (t: ColumnTarget): string | null => (t === null ? null : 'field' in t ? t.field : `cf_${t.customKey}`);

export function resolveColumns(headers: string[], mapping: CsvMapping | undefined, customKeys: Set<string>): ResolvedColumns {
  const preset = PRESETS[mapping?.preset ?? DEFAULT_PRESET];
  const errors: string[] = [];
  const targets: ColumnTarget[] = headers.map(() => null);
  const decided = headers.map(() => false);
  const byHeader = new Map<string, number[]>();
  headers.forEach((h, i) => byHeader.set(lower(h), [...(byHeader.get(lower(h)) ?? []), i]));

  for (const [header, name] of Object.entries(mapping?.columns ?? {})) {
    const at = byHeader.get(lower(header));
    const target = targetOf(name, customKeys);
    if (!at) errors.push(`mapping.columns.${header}: No column "${header}" in the file (${headers.join(', ')})`);
    else if (target === undefined)
      errors.push(`mapping.columns.${header}: "${name}" is no field (${CSV_FIELDS.join(', ')}) nor a custom field's key of this project`);
    else
      for (const i of at) {
        targets[i] = target;
        decided[i] = true;
      }
  }
  const claimed = new Set(targets.flatMap((t) => (t ? [targetName(t)] : [])));
  const claim = (i: number, target: ColumnTarget) => {
    decided[i] = true;
    if (target === null || claimed.has(targetName(target))) return;
    targets[i] = target;
    claimed.add(targetName(target));
  };
  for (const [header, field] of preset.columns) {
    for (const i of byHeader.get(lower(header)) ?? []) if (!decided[i]) claim(i, field === 'ignore' ? null : { field });
  }
  headers.forEach((h, i) => {
    if (!decided[i]) claim(i, targetOf(h, customKeys) ?? null);
  });

  const index = new Map<string, number>();
  targets.forEach((t, i) => {
    const name = targetName(t);
    if (name === null) return;
    if (index.has(name)) errors.push(`mapping.columns: "${headers[index.get(name)!]}" and "${headers[i]}" both hold ${name}`);
    else index.set(name, i);
  });
  if (errors.length === 0 && !index.has('title')) {
    errors.push(`no column holds the title: map one with mapping.columns, e.g. {"columns":{"${headers[0]}":"title"}}`);
  }
  if (errors.length > 0) throw badRequest(listOf(errors));
  return { targets, index, preset };
}
