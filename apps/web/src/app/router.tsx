import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { GuestOnly, RequireAuth } from './guard.tsx';
import { AppShell } from './layout/app-shell.tsx';

// One chunk per page (frontend-stack P8).
const Home = lazy(() => import('./routes/home.tsx'));
const Pricing = lazy(() => import('./routes/pricing.tsx'));
const Terms = lazy(() => import('./routes/terms.tsx'));
const Privacy = lazy(() => import('./routes/privacy.tsx'));
const Removal = lazy(() => import('./routes/removal.tsx'));
const RemovalConfirm = lazy(() => import('./routes/removal-confirm.tsx'));
const Login = lazy(() => import('./routes/login.tsx'));
const Signup = lazy(() => import('./routes/signup.tsx'));
const ForgotPassword = lazy(() => import('./routes/forgot-password.tsx'));
const ResetPassword = lazy(() => import('./routes/reset-password.tsx'));
const ConfirmEmail = lazy(() => import('./routes/confirm-email.tsx'));
const Dashboard = lazy(() => import('./routes/dashboard.tsx'));
const Order = lazy(() => import('./routes/order.tsx'));
const Credits = lazy(() => import('./routes/credits.tsx'));
const OrderCompleted = lazy(() => import('./routes/order-completed.tsx'));
const PaySuccess = lazy(() => import('./routes/pay-success.tsx'));
const PayCancel = lazy(() => import('./routes/pay-cancel.tsx'));
const Account = lazy(() => import('./routes/account.tsx'));
const AccountReceipt = lazy(() => import('./routes/account-receipt.tsx'));
const OrderManifest = lazy(() => import('./routes/order-manifest.tsx'));
const Admin = lazy(() => import('./routes/admin.tsx'));
const Features = lazy(() => import('./routes/features.tsx'));
const About = lazy(() => import('./routes/about.tsx'));
const Refund = lazy(() => import('./routes/refund.tsx'));
const DataDictionary = lazy(() => import('./routes/data-dictionary.tsx'));
const Coverage = lazy(() => import('./routes/coverage.tsx'));

/** The route table of docs/product.md §2.1: / and /home public, payment return pages behind sign-in. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<Home />} />
        <Route path="home" element={<Home />} />
        <Route path="pricing" element={<Pricing />} />
        <Route path="terms" element={<Terms />} />
        <Route path="privacy" element={<Privacy />} />
        <Route path="features" element={<Features />} />
        <Route path="about" element={<About />} />
        <Route path="refund" element={<Refund />} />
        <Route path="data-dictionary" element={<DataDictionary />} />
        <Route path="coverage" element={<Coverage />} />
        <Route path="forgot-password" element={<ForgotPassword />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route path="confirm-email" element={<ConfirmEmail />} />
        <Route path="removal" element={<Removal />} />
        <Route path="removal/confirm" element={<RemovalConfirm />} />
        <Route element={<GuestOnly />}>
          <Route path="login" element={<Login />} />
          <Route path="signup" element={<Signup />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="dashboard/*" element={<Dashboard />} />
          <Route path="order" element={<Order />} />
          <Route path="credits" element={<Credits />} />
          <Route path="order-completed" element={<OrderCompleted />} />
          <Route path="orders/:id/manifest" element={<OrderManifest />} />
          <Route path="pay/success" element={<PaySuccess />} />
          <Route path="pay/cancel" element={<PayCancel />} />
          <Route path="paypal/success" element={<PaySuccess />} />
          <Route path="paypal/cancel" element={<PayCancel />} />
          <Route path="account" element={<Account />} />
          <Route path="account/payments/:id" element={<AccountReceipt />} />
          <Route path="admin/*" element={<Admin />} />
        </Route>
        <Route path="*" element={<Navigate to="/home" replace />} />
      </Route>
    </Routes>
  );
}
