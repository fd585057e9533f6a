/** The auth feature's public face: what other features and the app may import. */
export {
  authApi,
  VIEWER_DEPENDENT_TAGS,
  useCheckSessionQuery,
  useLogoutMutation,
  useRegisterMutation,
  useLoginMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSendVerificationMutation,
  type Credentials,
  type VerifyEmailArgs,
  type ResetPasswordArgs,
  type EmailArgs,
} from './authApi';
export {
  authSlice,
  initialAuthState,
  loggedIn,
  loggedOut,
  userUpdated,
  sessionChecked,
  sessionCheckFailed,
  selectIsLoggedIn,
  selectCurrentUser,
  selectAuthLoading,
  type AuthState,
} from './authSlice';
export { useLogout } from './useLogout';
export { useSessionCheck } from './useSessionCheck';
export { useDelayedNavigate } from './useDelayedNavigate';
