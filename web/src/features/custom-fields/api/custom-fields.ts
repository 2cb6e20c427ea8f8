import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import { customFieldKeys } from './query-keys';

// A project's custom fields: the list every form of tests reads, and the writes of the Custom fields page.

export type CustomField = paths['/api/v1/custom-fields']['get']['responses'][200]['content']['application/json']['data'][number];
export type NewField = NonNullable<paths['/api/v1/project/add-custom-field']['post']['requestBody']>['content']['application/json'];
export type FieldChanges = NonNullable<paths['/api/v1/project/edit-custom-field']['put']['requestBody']>['content']['application/json'];
export type { FieldValue } from '../field-values';

export const customFieldsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: customFieldKeys.list(projectId),
    queryFn: () => unwrap(api.GET('/api/v1/custom-fields', { params: { query: { projectId } } })),
  });

/** The project's fields, tests' and results' together (filter by appliesTo). */
export const useCustomFields = (projectId: number) => useQuery(customFieldsQueryOptions(projectId));

/** Add, edit and delete a field; each refreshes the list, and a delete the tests too (their values went with it). */
export function useFieldWrites(projectId: number) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: customFieldKeys.list(projectId) });
  return {
    add: useMutation({
      mutationFn: (body: Omit<NewField, 'projectId'>) =>
        unwrap(api.POST('/api/v1/project/add-custom-field', { body: { ...body, projectId } })),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: (body: Omit<FieldChanges, 'projectId'>) =>
        unwrap(api.PUT('/api/v1/project/edit-custom-field', { body: { ...body, projectId } })),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (fieldId: number) => unwrap(api.DELETE('/api/v1/project/delete-custom-field', { body: { projectId, fieldId } })),
      // The project's tests held its values: their lists and open tests (the test-cases feature's keys start ['tests', projectId]).
      onSuccess: () =>
        Promise.all([onSuccess(), qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'tests' && q.queryKey[1] === projectId })]),
    }),
  };
}
