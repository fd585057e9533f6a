import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { User } from '../../api/types';

/** Client auth state: the signed-in user and the session check. Persisted (without `loading`) by redux-persist. */
export interface AuthState {
  isLoggedIn: boolean;
  user: User | null;
  /** True until the start-up session check has answered. */
  loading: boolean;
}

export const initialAuthState: AuthState = { isLoggedIn: false, user: null, loading: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn(state, action: PayloadAction<User>) {
      state.isLoggedIn = true;
      state.user = action.payload;
    },
    loggedOut(state) {
      state.isLoggedIn = false;
      state.user = null;
    },
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    sessionChecked(state, action: PayloadAction<{ isValid: boolean; user?: User | null }>) {
      // The server's answer wins over whatever was persisted locally.
      if (action.payload.isValid && action.payload.user) {
        state.isLoggedIn = true;
        state.user = action.payload.user;
      } else {
        state.isLoggedIn = false;
        state.user = null;
      }
      state.loading = false;
    },
    sessionCheckFailed(state) {
      state.isLoggedIn = false;
      state.user = null;
      state.loading = false;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => state.isLoggedIn,
    selectCurrentUser: (state) => state.user,
    selectAuthLoading: (state) => state.loading,
  },
});

export const { loggedIn, loggedOut, userUpdated, sessionChecked, sessionCheckFailed } = authSlice.actions;
export const { selectIsLoggedIn, selectCurrentUser, selectAuthLoading } = authSlice.selectors;
