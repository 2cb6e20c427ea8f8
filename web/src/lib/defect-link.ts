import type { components } from './api-types';

/** A defect of a result as the API answers it: its id (or URL) and its link, null when it has none. */
export type DefectLink = components['schemas']['DefectLink'];
