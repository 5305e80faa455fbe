// `npm run build:dashboard`: build the dashboard (apps/dashboard) and stamp the build, so that
// `npm start` keeps it until its sources change.
import path from 'node:path';
import { buildDashboardIfChanged } from './support/dashboard-build';

buildDashboardIfChanged({ root: path.resolve(__dirname, '..'), force: true })
  .then((result) => {
    console.log(result.status === 'absent' ? 'apps/dashboard does not exist: nothing to build' : `dashboard built into ${result.dist}`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
