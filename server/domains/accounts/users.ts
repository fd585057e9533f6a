/** How a user row is shown to the SPA. Never includes secrets. */
import type { Role, UserRow } from '../../infra/db/schema';

export interface PublicUser {
  _id: string;
  username: string;
  email: string | null;
  verified: boolean;
  walletAddress: string | null;
  /** 'user', 'moderator' or 'admin'. */
  role: Role;
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    verified: user.verified === 1,
    walletAddress: user.wallet_address,
    role: user.role,
  };
}
