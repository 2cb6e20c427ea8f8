import type { z } from '../../../core/schemas';
import { Prisma, type LookupKind } from '../../../generated/prisma/client';
import type { TestFieldsInput, testRecord } from '../test-cases.schemas';
import type { StepsRecord } from '../steps.schemas';

// The fields of a test, declared once: API field, column and what kind of value
// it holds. The SELECT list of a test record, the writable columns of the bulk
// INSERT and UPDATE, the references check and the CSV export's columns are all
// derived from this table; the zod schemas (test-cases.schemas.ts) stay the source
// of the API's types, and the checks at the end keep the two in step.

/** A test as the API returns it (timestamps as ISO 8601 UTC strings). */
export type TestRecord = z.infer<typeof testRecord>;

/** What a referenced id must be: a row of the test's own project in one of these tables (lookups: of one kind). */
export type Reference = { table: 'lookup'; lookup: LookupKind; noun: string } | { table: 'section' | 'squad' | 'label'; noun: string };

/**
 * - read: an id the server sets (the test's, its project's, its creator's)
 * - text: a writable text
 * - reference: a writable id of a row of the test's project
 * - labels: the label ids linked in test_labels, ascending
 * - steps: text in `steps`, or a list of steps in `step_list` (steps.schemas.ts), shared steps expanded when read
 * - fields: the custom field values by key (a JSON object), merged key by key on update
 * - timestamp: set by the server, returned as ISO 8601 UTC
 */
export type TestColumn =
  | { field: string; column: string; kind: 'read' | 'text' | 'timestamp' | 'fields'; csv?: string }
  | { field: string; kind: 'steps'; csv?: string }
  | { field: string; column: string; kind: 'reference'; refers: Reference; csv?: string }
  | { field: string; kind: 'labels'; refers: Reference; csv?: string };

/** In the record's order (JSON keys and CSV columns follow it); `csv` is the column header of the CSV export. */
export const testColumns = [
  { field: 'testId', column: 'id', kind: 'read', csv: 'ID' },
  { field: 'projectId', column: 'project_id', kind: 'read' },
  { field: 'title', column: 'title', kind: 'text', csv: 'Title' },
  { field: 'testDescription', column: 'description', kind: 'text', csv: 'Description' },
  { field: 'preconditions', column: 'preconditions', kind: 'text', csv: 'Preconditions' },
  { field: 'steps', kind: 'steps', csv: 'Steps' },
  { field: 'expectedResult', column: 'expected_result', kind: 'text', csv: 'Expected Result' },
  { field: 'sectionId', column: 'section_id', kind: 'reference', refers: { table: 'section', noun: 'a section' }, csv: 'Section' },
  {
    field: 'priorityId',
    column: 'priority_id',
    kind: 'reference',
    refers: { table: 'lookup', lookup: 'priority', noun: 'a priority' },
    csv: 'Priority',
  },
  { field: 'typeId', column: 'type_id', kind: 'reference', refers: { table: 'lookup', lookup: 'type', noun: 'a type' }, csv: 'Type' },
  {
    field: 'automationStatusId',
    column: 'automation_status_id',
    kind: 'reference',
    refers: { table: 'lookup', lookup: 'automation_status', noun: 'an automation status' },
    csv: 'Automation Status',
  },
  {
    field: 'platformId',
    column: 'platform_id',
    kind: 'reference',
    refers: { table: 'lookup', lookup: 'platform', noun: 'a platform' },
    csv: 'Platform',
  },
  {
    field: 'testCoveredById',
    column: 'test_covered_by_id',
    kind: 'reference',
    refers: { table: 'lookup', lookup: 'test_covered_by', noun: 'a test-covered-by entry' },
    csv: 'Covered By',
  },
  { field: 'squadId', column: 'squad_id', kind: 'reference', refers: { table: 'squad', noun: 'a squad' }, csv: 'Squad' },
  { field: 'automationKey', column: 'automation_key', kind: 'text', csv: 'Automation Key' },
  { field: 'labels', kind: 'labels', refers: { table: 'label', noun: 'a label' }, csv: 'Labels' },
  // CSV: a column per custom field (cf_<key>), added by the export, which knows the project's fields.
  { field: 'customFields', column: 'custom_fields', kind: 'fields' },
  { field: 'version', column: 'version', kind: 'read' },
  { field: 'createdBy', column: 'created_by', kind: 'read' },
  { field: 'updatedBy', column: 'updated_by', kind: 'read' },
  { field: 'createdAt', column: 'created_at', kind: 'timestamp', csv: 'Created At' },
  { field: 'updatedAt', column: 'updated_at', kind: 'timestamp', csv: 'Updated At' },
] as const satisfies readonly TestColumn[];

type Row = (typeof testColumns)[number];
type RowOf<F> = Extract<Row, { field: F }>;

/** The table's column of a field. */
export const columnOf = (field: Extract<Row, { column: string }>['field']): string =>
  (testColumns.find((c) => c.field === field) as { column: string }).column;

// Columns hold UTC (Prisma's convention); this renders them exactly as Date.toISOString does.
export const isoUtc = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A test's version number as read, for `FROM tests <t>`. A test whose first version is not stored
 * yet (version 0: made before versions were kept, or created since and not changed) is at version 1,
 * read from the test itself (versions.ts).
 */
export const versionSql = (t: string) => `GREATEST(${t}.version, 1)`;

/** A field's value as read, for `FROM tests t`. */
const valueSql = (c: Row): string => {
  if (c.field === 'version') return versionSql('t');
  switch (c.kind) {
    case 'labels':
      return `ARRAY(SELECT tl.label_id FROM test_labels tl WHERE tl.test_id = t.id ORDER BY tl.label_id)`;
    case 'timestamp':
      return isoUtc(`t.${c.column}`);
    case 'steps':
      return stepsSql('t');
    default:
      return `t.${c.column}`;
  }
};
const selected = (c: Row): string => `${valueSql(c)} AS "${c.field}"`;

/**
 * A test's steps as read, for `FROM tests <t>`: its text, or its list with each { sharedStepsId }
 * expanded to { sharedStepsId, name, steps } (the shared steps as they are now).
 */
export const stepsSql = (t: string) =>
  `CASE WHEN ${t}.step_list IS NULL THEN to_jsonb(${t}.steps) ELSE (
     SELECT jsonb_agg(CASE WHEN x.e ? 'sharedStepsId' THEN jsonb_build_object('sharedStepsId', (x.e->>'sharedStepsId')::int,
              'name', coalesce(ss.name, '(deleted)'), 'steps', coalesce(ss.steps, '[]'::jsonb)) ELSE x.e END ORDER BY x.n)
       FROM jsonb_array_elements(${t}.step_list) WITH ORDINALITY AS x(e, n)
       LEFT JOIN shared_steps ss ON ss.id = (x.e->>'sharedStepsId')::int) END`;

/**
 * The columns of a test record, for `FROM tests t`; labels are the ids, ascending.
 * Wrap them in a subquery and turn its rows into JSON (json_agg, row_to_json):
 * keys come out compact and in the table's order.
 */
export const testRecordColumns = Prisma.raw(testColumns.map(selected).join(', '));

/** The content of a test (its fields but those the server sets: ids, authors, times) as a jsonb object, for `FROM tests t`. */
const contentColumns = testColumns.filter((c) => c.kind !== 'read' && c.kind !== 'timestamp');
export const contentFields: string[] = contentColumns.map((c) => c.field);
export const testContentSql = Prisma.raw(`jsonb_build_object(${contentColumns.map((c) => `'${c.field}', ${valueSql(c)}`).join(', ')})`);

export type WritableField = Extract<Row, { kind: 'text' | 'reference' | 'steps' | 'fields' }>['field'];

/**
 * A writable column: the field it takes its value from, its SQL type, and how a field's value is
 * stored in it (steps go to two columns: text to `steps`, a list to `step_list`, the other null).
 * `merge`: the stored object's keys are replaced by those given, a null value removing one.
 */
export interface WritableColumn {
  field: WritableField;
  column: string;
  type: 'text' | 'int' | 'jsonb';
  merge?: boolean;
  stored: (value: unknown) => unknown;
}
const asIs = (value: unknown) => value ?? null;

/** Drives the bulk INSERT and UPDATE. */
export const writableColumns: WritableColumn[] = testColumns.flatMap((c): WritableColumn[] => {
  switch (c.kind) {
    case 'text':
      return [{ field: c.field, column: c.column, type: 'text', stored: asIs }];
    case 'reference':
      return [{ field: c.field, column: c.column, type: 'int', stored: asIs }];
    case 'fields':
      return [{ field: c.field, column: c.column, type: 'jsonb', merge: true, stored: (v) => (v == null ? null : JSON.stringify(v)) }];
    case 'steps':
      return [
        { field: c.field, column: 'steps', type: 'text', stored: (v) => (typeof v === 'string' ? v : null) },
        {
          field: c.field,
          column: 'step_list',
          type: 'jsonb',
          stored: (v) => (Array.isArray(v) ? JSON.stringify(storedSteps(v as Record<string, unknown>[])) : null),
        },
      ];
    default:
      return [];
  }
});

/** Steps as stored: a shared-steps step keeps only its id; empty optional texts are left out. */
const storedSteps = (steps: Record<string, unknown>[]) =>
  steps.map((s) =>
    'sharedStepsId' in s
      ? { sharedStepsId: s.sharedStepsId }
      : Object.fromEntries(Object.entries(s).filter(([k, v]) => k === 'action' || (v != null && v !== ''))),
  );

export type ReferenceField = Extract<Row, { kind: 'reference' }>['field'];
export type LabelsField = Extract<Row, { kind: 'labels' }>['field'];

/** The fields holding ids of the test's project's rows, and which rows. */
export const referenceColumns: { field: ReferenceField; refers: Reference }[] = testColumns.flatMap((c) =>
  c.kind === 'reference' ? [{ field: c.field, refers: c.refers }] : [],
);
/** The fields holding lists of label ids. */
export const labelColumns: { field: LabelsField; refers: Reference }[] = testColumns.flatMap((c) =>
  c.kind === 'labels' ? [{ field: c.field, refers: c.refers }] : [],
);

export interface CsvColumn {
  header: string;
  field: keyof TestRecord;
  kind: TestColumn['kind'];
  refers?: Reference;
}
/** The CSV export's columns, in the record's order: header, field and what kind of value it holds. */
export const csvColumns: CsvColumn[] = testColumns.flatMap((c) =>
  'csv' in c ? [{ header: c.csv, field: c.field, kind: c.kind, refers: 'refers' in c ? (c.refers as Reference) : undefined }] : [],
);

// ---- Checks that the table and the zod schemas agree, at compile time (test/unit/test-columns.test.ts
// checks the order). A mismatch fails `npm run typecheck` with the field names it is about, e.g.
// `Type '"notes"' does not satisfy the constraint 'never'` for a schema field without a row.

const none = <T extends never>() => undefined as unknown as T;

// Every field of the record has a row, and every row is a field of the record.
none<Exclude<keyof TestRecord, Row['field']>>();
none<Exclude<Row['field'], keyof TestRecord>>();
// The writable rows (texts, references, labels) are exactly the fields a create or update takes.
none<Exclude<keyof TestFieldsInput, WritableField | LabelsField>>();
none<Exclude<WritableField | LabelsField, keyof TestFieldsInput>>();
// Each row's kind fits the record's type of its field.
type Holds<F extends keyof TestRecord, T> = [TestRecord[F]] extends [T] ? never : F;
type Misfit<F extends keyof TestRecord> =
  RowOf<F> extends { kind: 'text' }
    ? Holds<F, string | null>
    : RowOf<F> extends { kind: 'reference' | 'read' }
      ? Holds<F, number | null>
      : RowOf<F> extends { kind: 'labels' }
        ? Holds<F, number[]>
        : RowOf<F> extends { kind: 'timestamp' }
          ? Holds<F, string>
          : RowOf<F> extends { kind: 'steps' }
            ? Holds<F, StepsRecord>
            : RowOf<F> extends { kind: 'fields' }
              ? Holds<F, Record<string, unknown>>
              : F;
none<{ [F in keyof TestRecord]: Misfit<F> }[keyof TestRecord]>();
