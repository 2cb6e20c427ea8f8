// A project's custom fields: the page that administers them, and the inputs and values the test forms use.
export { useCustomFields, type CustomField, type FieldValue } from './api/custom-fields';
export { FieldInputs } from './components/field-input';
export { CustomFieldsPage } from './components/custom-fields-page';
export { defaultValues, valueText, type FieldValues } from './field-values';
