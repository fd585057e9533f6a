import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, type NavLinkProps } from 'react-router-dom';

import { useDisclosure } from '../components/useDisclosure';
import { paths } from '../config/routes';
import { selectCurrentUser, selectIsLoggedIn, useLogout } from '../features/auth';
import { NotificationBell } from '../features/following';
import { useT } from '../i18n/useT';

import { useAppSelector } from './hooks';
import { LanguageSwitch } from './LanguageSwitch';
import { LogoMark } from './Logo';

import './Header.css';

const navLinkClass: NavLinkProps['className'] = ({ isActive }) =>
  isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link';

const panelLinkClass: NavLinkProps['className'] = ({ isActive }) =>
  isActive ? 'account-menu__link account-menu__link--active' : 'account-menu__link';

function ExperimentalBadge() {
  return (
    <span className="badge badge--experimental">
      <FormattedMessage id="header.experimental" />
    </span>
  );
}

/**
 * The header: logo, nav links (Home, Self-Shot with its Experimental badge, Upload), the
 * language switch and a toggle panel showing the username or "Menu". On narrow screens the nav
 * links are hidden by CSS and the panel carries all navigation (hence Self-Shot in the panel,
 * shown only there).
 */
export function Header() {
  const t = useT();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectCurrentUser);
  const { logout, isLoggingOut } = useLogout();
  const { open, toggle, close, containerRef, toggleRef } = useDisclosure();
  const panelId = useId();
  const signedInUser = isLoggedIn ? user : null;

  const onLogout = () => {
    close();
    void logout();
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="site-header__logo">
          <LogoMark />
          <span className="site-header__name">
            <FormattedMessage id="app.siteName" />
          </span>
        </Link>

        <nav className="site-nav" aria-label={t('header.mainNavigation')}>
          <ul className="site-nav__list">
            <li>
              <NavLink to={paths.home} end className={navLinkClass}>
                <FormattedMessage id="header.home" />
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.selfieVideos} className={navLinkClass}>
                <FormattedMessage id="header.selfShot" />
                <ExperimentalBadge />
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.upload} className={navLinkClass}>
                <FormattedMessage id="header.upload" />
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="site-header__actions">
          <LanguageSwitch />
          <NotificationBell />

          <div className="account-menu" ref={containerRef}>
            <button
              ref={toggleRef}
              type="button"
              className="account-menu__toggle"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={toggle}
            >
              {signedInUser ? (
                <>
                  <span className="account-menu__avatar" aria-hidden="true">
                    {signedInUser.username.charAt(0).toUpperCase()}
                  </span>
                  <span className="account-menu__label">{signedInUser.username}</span>
                </>
              ) : (
                <span className="account-menu__label">
                  <FormattedMessage id="header.menu" />
                </span>
              )}
              <svg className="account-menu__chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>

            <div id={panelId} className="account-menu__panel" hidden={!open}>
              <nav aria-label={t('header.menu')}>
                <ul className="account-menu__list">
                  <li>
                    <NavLink to={paths.home} end className={panelLinkClass} onClick={close}>
                      <FormattedMessage id="header.home" />
                    </NavLink>
                  </li>
                  <li className="account-menu__item--narrow-only">
                    <NavLink to={paths.selfieVideos} className={panelLinkClass} onClick={close}>
                      <FormattedMessage id="header.selfShot" />
                      <ExperimentalBadge />
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.upload} className={panelLinkClass} onClick={close}>
                      <FormattedMessage id="header.upload" />
                    </NavLink>
                  </li>
                </ul>
                <ul className="account-menu__list account-menu__list--account">
                  {signedInUser ? (
                    <>
                      <li>
                        <NavLink to={paths.profile(signedInUser._id)} className={panelLinkClass} onClick={close}>
                          <FormattedMessage id="header.profile" />
                        </NavLink>
                      </li>
                      <li>
                        <NavLink to={paths.subscriptions} className={panelLinkClass} onClick={close}>
                          <FormattedMessage id="following.menu" />
                        </NavLink>
                      </li>
                      <li>
                        <NavLink to={paths.history} className={panelLinkClass} onClick={close}>
                          <FormattedMessage id="history.menu" />
                        </NavLink>
                      </li>
                      {signedInUser.role === 'moderator' || signedInUser.role === 'admin' ? (
                        <li>
                          <NavLink to={paths.admin} className={panelLinkClass} onClick={close}>
                            <FormattedMessage id="header.moderation" />
                          </NavLink>
                        </li>
                      ) : null}
                      <li>
                        <button
                          type="button"
                          className="account-menu__link account-menu__button"
                          onClick={onLogout}
                          disabled={isLoggingOut}
                        >
                          <FormattedMessage id="header.logout" />
                        </button>
                      </li>
                    </>
                  ) : (
                    <>
                      <li>
                        <NavLink to={paths.login} className={panelLinkClass} onClick={close}>
                          <FormattedMessage id="header.login" />
                        </NavLink>
                      </li>
                      <li>
                        <NavLink to={paths.register} className={panelLinkClass} onClick={close}>
                          <FormattedMessage id="header.signUp" />
                        </NavLink>
                      </li>
                    </>
                  )}
                </ul>
              </nav>
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
