import type { RouteObject } from 'react-router-dom';
import { NotFoundRedirect, RedirectIfOnboarded, RedirectIfSignedIn, RequireAdmin, RequireOnboarded, RequireUser } from './guards.tsx';
import { lazyPage } from './lazyPage.ts';
import type { RouteHandle } from './layout/DocumentTitle.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { RecorderLink } from './layout/RecorderLink.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './layout/RouteError.tsx';
import '../messages/en/titles.ts';

// The complete route table of spec §2. Every screen is its own lazily loaded chunk: add a screen with one
// lazyPage line and one route entry. The language prefix (/de/…) is the router's basename (see main.tsx).

// Layouts of the signed-in areas (loaded only when a signed-in route is opened).
const AppShell = lazyPage(() => import('./layout/AppShell.tsx'), 'AppShell');
const OnboardingLayout = lazyPage(() => import('../features/onboarding/OnboardingLayout.tsx'), 'OnboardingLayout');

// Public site (features/marketing).
const HomePage = lazyPage(() => import('../features/marketing/HomePage.tsx'), 'HomePage');
const PricingPage = lazyPage(() => import('../features/marketing/PricingPage.tsx'), 'PricingPage');
const FaqPage = lazyPage(() => import('../features/marketing/FaqPage.tsx'), 'FaqPage');
const FeaturesPage = lazyPage(() => import('../features/marketing/FeaturesPage.tsx'), 'FeaturesPage');
const IntegrationsPage = lazyPage(() => import('../features/marketing/IntegrationsPage.tsx'), 'IntegrationsPage');
const ContactPage = lazyPage(() => import('../features/marketing/ContactPage.tsx'), 'ContactPage');
const PrivacyPage = lazyPage(() => import('../features/marketing/PrivacyPage.tsx'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/marketing/TermsPage.tsx'), 'TermsPage');
const ProofPage = lazyPage(() => import('../features/marketing/ProofPage.tsx'), 'ProofPage');
const SamplePage = lazyPage(() => import('../features/marketing/SamplePage.tsx'), 'SamplePage');
const UsageDashboardPage = lazyPage(() => import('../features/marketing/UsageDashboardPage.tsx'), 'UsageDashboardPage');
const WidgetApiDocsPage = lazyPage(() => import('../features/marketing/WidgetApiDocsPage.tsx'), 'WidgetApiDocsPage');
const ZapierDocsPage = lazyPage(() => import('../features/marketing/ZapierDocsPage.tsx'), 'ZapierDocsPage');
const BlogListPage = lazyPage(() => import('../features/marketing/BlogListPage.tsx'), 'BlogListPage');
const BlogPostPage = lazyPage(() => import('../features/marketing/BlogPostPage.tsx'), 'BlogPostPage');

// Sign-in, sign-up, passwords (features/auth) and onboarding.
const SignInPage = lazyPage(() => import('../features/auth/SignInPage.tsx'), 'SignInPage');
const SignUpPage = lazyPage(() => import('../features/auth/SignUpPage.tsx'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const ChangePasswordPage = lazyPage(() => import('../features/auth/ChangePasswordPage.tsx'), 'ChangePasswordPage');
const WorkspacePage = lazyPage(() => import('../features/onboarding/WorkspacePage.tsx'), 'WorkspacePage');
const LinkReadyPage = lazyPage(() => import('../features/onboarding/LinkReadyPage.tsx'), 'LinkReadyPage');
const CompletePage = lazyPage(() => import('../features/onboarding/CompletePage.tsx'), 'CompletePage');

// Signed-in app.
const DashboardPage = lazyPage(() => import('../features/dashboard-home/DashboardPage.tsx'), 'DashboardPage');
const RequestsPage = lazyPage(() => import('../features/requests/RequestsPage.tsx'), 'RequestsPage');
const RequestRecordingsPage = lazyPage(() => import('../features/requests/RequestRecordingsPage.tsx'), 'RequestRecordingsPage');
const RecordingsPage = lazyPage(() => import('../features/recordings/RecordingsPage.tsx'), 'RecordingsPage');
const RecordingPage = lazyPage(() => import('../features/recordings/RecordingPage.tsx'), 'RecordingPage');
const SharedRecordingPage = lazyPage(() => import('../features/sharing/SharedRecordingPage.tsx'), 'SharedRecordingPage');
const IntegrationsSettingsPage = lazyPage(() => import('../features/integrations/IntegrationsSettingsPage.tsx'), 'IntegrationsSettingsPage');
const ZendeskAppSignInPage = lazyPage(() => import('../features/integrations/ZendeskAppSignInPage.tsx'), 'ZendeskAppSignInPage');
const ZapierPage = lazyPage(() => import('../features/integrations/ZapierPage.tsx'), 'ZapierPage');
const AdminWebhookDeliveriesPage = lazyPage(() => import('../features/admin/AdminAlertDeliveriesPage.tsx'), 'AdminWebhookDeliveriesPage');
const AdminNotificationDeliveriesPage = lazyPage(() => import('../features/admin/AdminAlertDeliveriesPage.tsx'), 'AdminNotificationDeliveriesPage');
const AdminZapierSubscriptionsPage = lazyPage(() => import('../features/admin/AdminZapierSubscriptionsPage.tsx'), 'AdminZapierSubscriptionsPage');
const AdminRecordingRequestsPage = lazyPage(() => import('../features/admin/AdminRecordingRequestsPage.tsx'), 'AdminRecordingRequestsPage');
const AdminSubmissionsPage = lazyPage(() => import('../features/admin/AdminSubmissionsPage.tsx'), 'AdminSubmissionsPage');
const AdminInvitationsPage = lazyPage(() => import('../features/admin/AdminInvitationsPage.tsx'), 'AdminInvitationsPage');
const WidgetPage = lazyPage(() => import('../features/widget/WidgetPage.tsx'), 'WidgetPage');
const AccountPage = lazyPage(() => import('../features/account/AccountPage.tsx'), 'AccountPage');
const TeamPage = lazyPage(() => import('../features/team/TeamPage.tsx'), 'TeamPage');
const SupportPage = lazyPage(() => import('../features/support/SupportPage.tsx'), 'SupportPage');
const ChatPage = lazyPage(() => import('../features/chat/ChatPage.tsx'), 'ChatPage');
const UpgradePage = lazyPage(() => import('../features/billing/UpgradePage.tsx'), 'UpgradePage');
const CheckoutSuccessPage = lazyPage(() => import('../features/billing/CheckoutSuccessPage.tsx'), 'CheckoutSuccessPage');
const AdminSupportRequestsPage = lazyPage(() => import('../features/admin/AdminSupportRequestsPage.tsx'), 'AdminSupportRequestsPage');
const AdminChatsPage = lazyPage(() => import('../features/admin/AdminChatsPage.tsx'), 'AdminChatsPage');
const AdminHomePage = lazyPage(() => import('../features/admin/AdminHomePage.tsx'), 'AdminHomePage');
const AdminUsersPage = lazyPage(() => import('../features/admin/AdminUsersPage.tsx'), 'AdminUsersPage');
const AdminAccountsPage = lazyPage(() => import('../features/admin/AdminAccountsPage.tsx'), 'AdminAccountsPage');
const AdminUserDetailPage = lazyPage(() => import('../features/admin/AdminUserDetailPage.tsx'), 'AdminUserDetailPage');
const AdminAccountDetailPage = lazyPage(() => import('../features/admin/AdminAccountDetailPage.tsx'), 'AdminAccountDetailPage');

const title = (key: RouteHandle['title']): { handle: RouteHandle } => ({ handle: { title: key } });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public.
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage />, ...title('titles.home') },
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: 'sign-in', element: <SignInPage />, ...title('titles.signIn') },
              { path: 'login', element: <SignInPage />, ...title('titles.signIn') },
            ],
          },
          { path: 'sign-up', element: <SignUpPage />, ...title('titles.signUp') },
          { path: 'start', element: <SignUpPage />, ...title('titles.signUp') },
          { path: 'register', element: <SignUpPage />, ...title('titles.signUp') },
          { path: 'users/password/new', element: <ForgotPasswordPage />, ...title('titles.forgotPassword') },
          { path: 'users/password/edit', element: <ResetPasswordPage />, ...title('titles.resetPassword') },
          { path: 'privacy', element: <PrivacyPage />, ...title('titles.privacy') },
          { path: 'terms', element: <TermsPage />, ...title('titles.terms') },
          { path: 'proof', element: <ProofPage />, ...title('titles.proof') },
          { path: 'sample', element: <SamplePage />, ...title('titles.sample') },
          { path: 'usage-dashboard', element: <UsageDashboardPage />, ...title('titles.usageDashboard') },
          { path: 'pricing', element: <PricingPage />, ...title('titles.pricing') },
          { path: 'faq', element: <FaqPage />, ...title('titles.faq') },
          { path: 'features', element: <FeaturesPage />, ...title('titles.features') },
          { path: 'integrations', element: <IntegrationsPage />, ...title('titles.integrations') },
          { path: 'contact', element: <ContactPage />, ...title('titles.contact') },
          { path: 'docs/widget-api', element: <WidgetApiDocsPage />, ...title('titles.widgetDocs') },
          { path: 'docs/zapier', element: <ZapierDocsPage />, ...title('titles.zapierDocs') },
          { path: 'blog', element: <BlogListPage />, ...title('titles.blog') },
          { path: 'blog/:slug', element: <BlogPostPage />, ...title('titles.blog') },
        ],
      },
      { path: 'r/:token', element: <RecorderLink />, ...title('titles.recorder') },
      // A shared recording: no account, nothing of the app around it (features/sharing).
      { path: 's/:token', element: <SharedRecordingPage />, ...title('titles.sharedRecording') },

      // Sign-in required.
      {
        element: <RequireUser />,
        children: [
          { path: 'users/password/change', element: <ChangePasswordPage />, ...title('titles.changePassword') },
          {
            element: <RequireOnboarded />,
            children: [
              {
                element: <AppShell />,
                children: [
                  { path: 'dashboard', element: <DashboardPage />, ...title('titles.dashboard') },
                  { path: 'my/requests', element: <RequestsPage />, ...title('titles.requests') },
                  { path: 'my/requests/:id/recordings', element: <RequestRecordingsPage />, ...title('titles.recordings') },
                  { path: 'my/recordings', element: <RecordingsPage />, ...title('titles.recordings') },
                  { path: 'my/recordings/:id', element: <RecordingPage />, ...title('titles.recording') },
                  { path: 'my/integrations', element: <IntegrationsSettingsPage />, ...title('titles.integrations2') },
                  { path: 'my/widget', element: <WidgetPage />, ...title('titles.widget') },
                  { path: 'my/zapier', element: <ZapierPage />, ...title('titles.zapier') },
                  { path: 'my/zendesk-app', element: <ZendeskAppSignInPage />, ...title('titles.zendeskApp') },
                  { path: 'my/account', element: <AccountPage />, ...title('titles.account') },
                  { path: 'my/team', element: <TeamPage />, ...title('titles.team') },
                  { path: 'support', element: <SupportPage />, ...title('titles.support') },
                  { path: 'chat', element: <ChatPage />, ...title('titles.chat') },
                ],
              },
            ],
          },
          // Exempt from the onboarding check.
          {
            element: <OnboardingLayout />,
            children: [
              { path: 'onboarding/workspace', element: <RedirectIfOnboarded><WorkspacePage /></RedirectIfOnboarded>, ...title('titles.onboarding') },
              { path: 'onboarding/link-ready', element: <LinkReadyPage />, ...title('titles.onboarding') },
              { path: 'onboarding/complete', element: <CompletePage />, ...title('titles.onboarding') },
            ],
          },
          {
            element: <AppShell />,
            children: [
              { path: 'checkout/success', element: <CheckoutSuccessPage />, ...title('titles.checkoutSuccess') },
              { path: 'upgrade', element: <UpgradePage />, ...title('titles.upgrade') },
            ],
          },
          // Admin area: system admins only, exempt from onboarding.
          {
            path: 'donkey',
            element: <RequireAdmin />,
            children: [
              {
                element: <AppShell />,
                children: [
                  { index: true, element: <AdminHomePage />, ...title('titles.admin') },
                  { path: 'users', element: <AdminUsersPage />, ...title('titles.admin') },
                  { path: 'users/:id', element: <AdminUserDetailPage />, ...title('titles.admin') },
                  { path: 'accounts', element: <AdminAccountsPage />, ...title('titles.admin') },
                  { path: 'accounts/:id', element: <AdminAccountDetailPage />, ...title('titles.admin') },
                  { path: 'support-requests', element: <AdminSupportRequestsPage />, ...title('titles.admin') },
                  { path: 'chats', element: <AdminChatsPage />, ...title('titles.admin') },
                  { path: 'recording-requests', element: <AdminRecordingRequestsPage />, ...title('titles.admin') },
                  { path: 'submissions', element: <AdminSubmissionsPage />, ...title('titles.admin') },
                  { path: 'webhook-deliveries', element: <AdminWebhookDeliveriesPage />, ...title('titles.admin') },
                  { path: 'invitations', element: <AdminInvitationsPage />, ...title('titles.admin') },
                  { path: 'notification-deliveries', element: <AdminNotificationDeliveriesPage />, ...title('titles.admin') },
                  { path: 'zapier-subscriptions', element: <AdminZapierSubscriptionsPage />, ...title('titles.admin') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRedirect /> },
    ],
  },
];
