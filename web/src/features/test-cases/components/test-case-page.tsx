import { useParams } from 'react-router';
import { Placeholder } from '../../../components/page';

export function TestCasePage() {
  const { testId } = useParams();
  return <Placeholder title={`Test case ${testId}`} />;
}
