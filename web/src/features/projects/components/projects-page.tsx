import { Placeholder } from '../../../components/page';

export function ProjectsPage() {
  return <Placeholder title="Projects" />;
}
