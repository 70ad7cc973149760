import { useSession } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Signs out and returns to the landing page: the account pages would only
 * show their sign-in prompt once the session is gone.
 */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(async () => {
    await signOut();
    await navigate('/', { replace: pathname === '/' });
  }, [signOut, navigate, pathname]);
}
