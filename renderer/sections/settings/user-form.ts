/** The user form's values, and a user as those values (the form opens on them, and a change elsewhere is read as them). */
import type { User } from '../../lib/api/users';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  level: string;
  hidden: boolean;
}

export function userValues(user: User): UserFormValues {
  return { firstName: user.first_name, lastName: user.last_name, email: user.email, role: user.role, level: String(user.permission_level), hidden: user.hidden };
}

/** The values as strings, field by field, as lib/underneath compares them. */
export function userStrings(values: UserFormValues): Record<keyof UserFormValues, string> {
  return { ...values, hidden: String(values.hidden) };
}
