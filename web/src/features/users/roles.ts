import type { Role } from '../auth';

/** The roles in rising order, as the selects offer them. */
export const ROLES: readonly Role[] = ['Reader', 'User', 'Admin'];
