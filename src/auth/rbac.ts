import path from 'node:path';
import { newEnforcer, type Enforcer } from 'casbin';
import type { Role } from '../generated/prisma/client';

export interface Rbac {
  can(role: Role, resource: string, action: string): boolean;
}

const modelPath = path.join(__dirname, 'rbac-model.conf');
const policyPath = path.join(__dirname, 'rbac-policy.csv');

/** Loads the Casbin model and policy files; decisions are cached (the policy is static). */
export async function loadRbac(): Promise<Rbac> {
  const enforcer: Enforcer = await newEnforcer(modelPath, policyPath);
  const cache = new Map<string, boolean>();
  return {
    can(role, resource, action) {
      const key = `${role}\u0000${resource}\u0000${action}`;
      let allowed = cache.get(key);
      if (allowed === undefined) {
        allowed = enforcer.enforceSync(role, resource, action);
        cache.set(key, allowed);
      }
      return allowed;
    },
  };
}
