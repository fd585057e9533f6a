/**
 * The profile feature's public face: its endpoints. The pages are not re-exported on purpose:
 * the router lazy-loads them from their own modules (default exports).
 */
export {
  profileApi,
  useGetUserProfileQuery,
  useUpdateProfileMutation,
  type UpdateProfileArgs,
} from './profileApi';
