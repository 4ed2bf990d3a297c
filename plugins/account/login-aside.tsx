import { useNavigate } from '@tanstack/react-router';
import { LoginCard } from './login-card';
import { AFTER_LOGIN } from './messages';

/** Home's `home-aside` slot: the login card for visitors; a login there opens the dashboard. */
export default function LoginAside() {
  const navigate = useNavigate();
  return <LoginCard headingOrder={2} onSignedIn={() => void navigate({ to: AFTER_LOGIN })} />;
}
