import { PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from './constants';
import { isStaffRole, type Role } from './entities';

/** The minimum new-password length for an account of this role (staff roles guard pupils' data). */
export const minPasswordLength = (role: Role): number =>
  isStaffRole(role) ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
