import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/layout';
import { ErrorNotice, Loading } from './components/states';
import { BatchPage } from './pages/batch';
import { BulkPage } from './pages/bulk';
import { CompaniesPage } from './pages/companies';
import { CompanyPage } from './pages/company';
import { EnrichPage } from './pages/enrich';
import { JobPage } from './pages/job';
import { JoinPage } from './pages/join';
import { KeysPage } from './pages/keys';
import { MonitorsPage } from './pages/monitors';
import { NotFoundPage } from './pages/not-found';
import { OverviewPage } from './pages/overview';
import { SignInPage } from './pages/sign-in';
import { SignUpPage } from './pages/sign-up';
import { TeamPage } from './pages/team';
import { WebhookPage } from './pages/webhook';
import { WebhooksPage } from './pages/webhooks';
import { useSession, useSessionExpiry } from './session';

/** Pages behind sign-in: without a session, go to sign-in and come back afterwards. */
function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading label="Checking your session…" />;
  if (session.isError)
    return (
      <main className="auth-page">
        <ErrorNotice error={session.error} title="The dashboard could not load" onRetry={() => session.refetch()} />
      </main>
    );
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace />;
  }
  return (
    <Layout session={session.data}>
      <Outlet />
    </Layout>
  );
}

function Routing() {
  useSessionExpiry();
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/sign-up" element={<SignUpPage />} />
      <Route path="/join/:token" element={<JoinPage />} />
      <Route element={<RequireSession />}>
        <Route index element={<OverviewPage />} />
        <Route path="keys" element={<KeysPage />} />
        <Route path="enrich" element={<EnrichPage />} />
        <Route path="enrich/:jobId" element={<JobPage />} />
        <Route path="bulk" element={<BulkPage />} />
        <Route path="bulk/:batchId" element={<BatchPage />} />
        <Route path="companies" element={<CompaniesPage />} />
        <Route path="companies/:domain" element={<CompanyPage />} />
        <Route path="monitors" element={<MonitorsPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="webhooks/:webhookId" element={<WebhookPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter basename="/dashboard">
      <Routing />
    </BrowserRouter>
  );
}
