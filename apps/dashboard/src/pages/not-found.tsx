import { Link } from 'react-router';
import { PageHeader } from '../components/layout';
import { Empty } from '../components/states';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Empty title="There is nothing at this address.">
        <Link to="/">Go to the overview</Link>
      </Empty>
    </>
  );
}
