import { Placeholder } from '../../../components/page';

export function UsersPage() {
  return <Placeholder title="Users" />;
}
