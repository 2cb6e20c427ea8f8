import { Placeholder } from '../../../components/page';

export function TokensPage() {
  return <Placeholder title="API tokens" />;
}
