import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../config/routes';

import { useLogoutMutation } from './authApi';
import { loggedOut } from './authSlice';

/**
 * Logs out. On success the auth slice is cleared (redux-persist then drops the
 * stored user), every cached response is discarded so nothing user-specific (likes, profiles,
 * private videos) survives for the next visitor, and the app goes home. On failure the error
 * is logged and the session is kept. Resolves to whether the logout succeeded.
 */
export function useLogout(): { logout: () => Promise<boolean>; isLoggingOut: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [requestLogout, { isLoading }] = useLogoutMutation();

  const logout = useCallback(async () => {
    try {
      await requestLogout().unwrap();
    } catch (error) {
      console.error('Logout failed:', error);
      return false;
    }
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    navigate(paths.home);
    return true;
  }, [dispatch, navigate, requestLogout]);

  return { logout, isLoggingOut: isLoading };
}
