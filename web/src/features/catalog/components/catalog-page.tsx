import { useParams } from 'react-router';
import { Placeholder } from '../../../components/page';

export function CatalogPage() {
  const { projectId } = useParams();
  return <Placeholder title={`Catalog of project ${projectId}`} />;
}
